/** The zone every account name lives in (spec §9). */
export const ACCOUNT_NAME_SUFFIX = '.wcn.id'
export const ACCOUNT_NAME_MIN_LENGTH = 4
/** A DNS label's length; the chain API refuses longer names too. */
export const ACCOUNT_NAME_MAX_LENGTH = 63

/**
 * Which part of the rule (spec §5: letters, digits and hyphen, at least 4 characters) a label breaks.
 * `hyphens`: as in DNS and ENS, a label neither starts nor ends with a hyphen, and hyphens in its third and
 * fourth places mark an encoded (`xn--`) label; the chain API refuses those names too.
 */
export type AccountNameProblem = 'characters' | 'tooShort' | 'tooLong' | 'hyphens'

export function accountNameProblem(label: string): AccountNameProblem | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return 'characters'
  if (label.length < ACCOUNT_NAME_MIN_LENGTH) return 'tooShort'
  if (label.length > ACCOUNT_NAME_MAX_LENGTH) return 'tooLong'
  if (label.startsWith('-') || label.endsWith('-')) return 'hyphens'
  // Whether an `xn--` label is valid punycode is the chain API's call: browsers have no IDNA decoder.
  if (label.slice(2, 4) === '--' && !label.toLowerCase().startsWith('xn--')) return 'hyphens'
  return undefined
}

/** The label of `alice.wcn.id` (or of a bare `alice`), lower-case as names are stored. */
export function accountNameLabel(name: string): string {
  const lower = name.trim().toLowerCase()
  return lower.endsWith(ACCOUNT_NAME_SUFFIX) ? lower.slice(0, -ACCOUNT_NAME_SUFFIX.length) : lower
}

export const fullAccountName = (label: string) => `${accountNameLabel(label)}${ACCOUNT_NAME_SUFFIX}`
