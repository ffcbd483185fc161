import { domainToUnicode } from 'node:url'
import { z } from 'zod'

/** The zone every account name lives in (spec §9). */
export const ACCOUNT_NAME_SUFFIX = '.wcn.id'

/** The label rule (spec §5): letters, digits and hyphen only, at least 4 characters (63 at most, a DNS label). */
export const ACCOUNT_NAME_MIN_LENGTH = 4
export const ACCOUNT_NAME_MAX_LENGTH = 63
const LABEL = /^[A-Za-z0-9-]+$/

/** Why a label breaks the rule, or undefined when it keeps it. */
export function accountNameProblem(label: string): string | undefined {
  if (!LABEL.test(label)) return 'A name may hold letters, digits and hyphens only'
  if (label.length < ACCOUNT_NAME_MIN_LENGTH)
    return `A name needs at least ${ACCOUNT_NAME_MIN_LENGTH} characters`
  if (label.length > ACCOUNT_NAME_MAX_LENGTH)
    return `A name may hold at most ${ACCOUNT_NAME_MAX_LENGTH} characters`
  if (label.startsWith('-') || label.endsWith('-')) return 'A name may not start or end with a hyphen'
  // IDNA (as ENS normalisation): hyphens in the third and fourth place mark an encoded label, which
  // must then be valid punycode (`xn--…`); `----` or `ab--cd` are not.
  if (label.slice(2, 4) === '--' && !isValidPunycodeLabel(label))
    return 'A name may not have hyphens in its third and fourth places unless it is valid punycode (xn--)'
  return undefined
}

/** `xn--…` that decodes (IDNA/UTS-46) to a label other than itself. */
function isValidPunycodeLabel(label: string): boolean {
  if (!label.toLowerCase().startsWith('xn--')) return false
  const decoded = domainToUnicode(label)
  return decoded !== '' && decoded !== label.toLowerCase() && !decoded.includes('.')
}

/**
 * `alice.wcn.id` or a bare `alice` (Web3Modal looks names up both ways) → the label, lower-case: names are
 * one per spelling in any letter case, stored and answered in lower case.
 */
export function accountNameLabel(name: string): string {
  const lower = name.toLowerCase()
  return lower.endsWith(ACCOUNT_NAME_SUFFIX) ? lower.slice(0, -ACCOUNT_NAME_SUFFIX.length) : lower
}

export const fullAccountName = (label: string) => `${label}${ACCOUNT_NAME_SUFFIX}`

/** A name in a path or a message: the rule applies to its label; the result is the full lower-case name. */
export const accountNameSchema = z.string({ error: 'is required' }).transform((value, context) => {
  const label = accountNameLabel(value)
  const problem = accountNameProblem(label)
  if (problem) {
    context.addIssue({ code: 'custom', message: problem })
    return z.NEVER
  }
  return fullAccountName(label)
})

/** ENSIP-11: EVM chains are coin types with the high bit set; Ethereum mainnet also keeps SLIP-44's 60. */
const EVM_COIN_TYPE_FLAG = 0x8000_0000
const ETHEREUM_COIN_TYPE = 60

/** The ENSIP-11 coin type of an EVM chain; throws 'Invalid chainId' at or above 2^31, as clients do. */
export function coinTypeOfChainId(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= EVM_COIN_TYPE_FLAG)
    throw new Error('Invalid chainId')
  return (EVM_COIN_TYPE_FLAG | chainId) >>> 0
}

/** The EVM chain a coin type stands for, or undefined when it is no EVM coin type. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === ETHEREUM_COIN_TYPE) return 1
  if (!Number.isInteger(coinType) || coinType <= EVM_COIN_TYPE_FLAG || coinType > 0xffff_ffff)
    return undefined
  return coinType - EVM_COIN_TYPE_FLAG
}
