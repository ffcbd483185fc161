import type { Address, ReadonlyUint8Array } from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

/** Classic SPL Token accounts, decoded to the RPC's `jsonParsed` shapes (Token-2022 is not parsed). */

export const TOKEN_ACCOUNT_SIZE = 165
export const MINT_SIZE = 82

export type UiTokenAmount = {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const whole = amount / 10n ** BigInt(decimals)
  const fraction = (amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export type TokenAccountFacts = { mint: Address; owner: Address; amount: bigint; state: AccountState }

/** The mint, owner and amount of a classic token account; undefined for anything else. */
export function readTokenAccount(
  programAddress: string,
  data: ReadonlyUint8Array,
): TokenAccountFacts | undefined {
  if (programAddress !== TOKEN_PROGRAM_ADDRESS || data.length !== TOKEN_ACCOUNT_SIZE) return undefined
  const token = getTokenDecoder().decode(data)
  return { mint: token.mint, owner: token.owner, amount: token.amount, state: token.state }
}

export function readMintDecimals(programAddress: string, data: ReadonlyUint8Array): number | undefined {
  if (programAddress !== TOKEN_PROGRAM_ADDRESS || data.length !== MINT_SIZE) return undefined
  return getMintDecoder().decode(data).decimals
}

const stateNames: Record<AccountState, string> = {
  [AccountState.Uninitialized]: 'uninitialized',
  [AccountState.Initialized]: 'initialized',
  [AccountState.Frozen]: 'frozen',
}

const optionValue = <T>(option: { __option: 'Some'; value: T } | { __option: 'None' }): T | null =>
  option.__option === 'Some' ? option.value : null

/**
 * The `jsonParsed` data of a classic token or mint account, or undefined (the caller then falls back to
 * base64, as the RPC does). `decimalsOf` looks a mint's decimals up for a token account.
 */
export function parseTokenProgramAccount(
  programAddress: string,
  data: ReadonlyUint8Array,
  decimalsOf: (mint: Address) => number | undefined,
): { program: 'spl-token'; parsed: { type: string; info: unknown }; space: number } | undefined {
  if (programAddress !== TOKEN_PROGRAM_ADDRESS) return undefined
  if (data.length === TOKEN_ACCOUNT_SIZE) {
    const token = getTokenDecoder().decode(data)
    const decimals = decimalsOf(token.mint)
    if (decimals === undefined) return undefined
    const isNative = optionValue(token.isNative)
    const delegate = optionValue(token.delegate)
    const closeAuthority = optionValue(token.closeAuthority)
    const info: Record<string, unknown> = {
      isNative: isNative !== null,
      mint: token.mint,
      owner: token.owner,
      state: stateNames[token.state],
      tokenAmount: uiTokenAmount(token.amount, decimals),
    }
    if (delegate !== null) {
      info.delegate = delegate
      info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals)
    }
    if (isNative !== null) info.rentExemptReserve = uiTokenAmount(isNative, 9)
    if (closeAuthority !== null) info.closeAuthority = closeAuthority
    return { program: 'spl-token', parsed: { type: 'account', info }, space: data.length }
  }
  if (data.length === MINT_SIZE) {
    const mint = getMintDecoder().decode(data)
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: optionValue(mint.freezeAuthority),
          isInitialized: mint.isInitialized,
          mintAuthority: optionValue(mint.mintAuthority),
          supply: mint.supply.toString(),
        },
      },
      space: data.length,
    }
  }
  return undefined
}
