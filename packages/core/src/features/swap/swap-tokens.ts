import { heldBalances, NATIVE_BALANCE_KEY } from './swap-balances.js'
import { NATIVE_TOKEN_ADDRESS, POPULAR_TOKEN_SYMBOLS, SUGGESTED_TOKEN_SYMBOLS } from './swap-constants.js'
import type { SwapContext } from './swap-context.js'
import type { SwapTokenListing } from './swap-schemas.js'
import type { SwapState, SwapToken } from './swap-state.js'

/** The lower-case address of a CAIP-10 id. */
export const addressOf = (caip: string) => caip.split(':')[2]?.toLowerCase() as `0x${string}`

const rank = (list: readonly string[], symbol: string) => {
  const index = list.indexOf(symbol)
  return index === -1 ? list.length : index
}

/** The chain API's tokens as the form lists them: the native token without a contract. */
export function swapListingOf(listing: readonly SwapTokenListing[]): SwapState['listing'] {
  return listing.map((token) => {
    const contract = addressOf(token.address)
    return {
      address: token.address,
      contract: contract === NATIVE_TOKEN_ADDRESS ? undefined : contract,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      logoUri: token.logoUri ?? undefined,
    }
  })
}

/** The swappable tokens: the visitor's holdings first (by USD value), then suggested, then the rest. */
export function swapTokensOf(context: SwapContext): SwapToken[] {
  const { listing, prices } = context.store.getState()
  const held = heldBalances(context.portico.account.store.getState())
  const all = listing.map(
    (token): SwapToken => ({
      ...token,
      price: prices[token.address],
      balance: held.get(token.contract ?? NATIVE_BALANCE_KEY) ?? 0n,
    }),
  )
  const value = (token: SwapToken) =>
    token.price ? (Number(token.balance) / 10 ** token.decimals) * token.price : 0
  return all.sort(
    (a, b) =>
      Number(b.balance > 0n) - Number(a.balance > 0n) ||
      value(b) - value(a) ||
      rank(SUGGESTED_TOKEN_SYMBOLS, a.symbol) - rank(SUGGESTED_TOKEN_SYMBOLS, b.symbol) ||
      rank(POPULAR_TOKEN_SYMBOLS, a.symbol) - rank(POPULAR_TOKEN_SYMBOLS, b.symbol) ||
      a.symbol.localeCompare(b.symbol),
  )
}

const findToken = (context: SwapContext, address: string | undefined) =>
  address === undefined ? undefined : swapTokensOf(context).find((token) => token.address === address)

export const sourceTokenOf = (context: SwapContext) =>
  findToken(context, context.store.getState().sourceTokenAddress)

export const toTokenOf = (context: SwapContext) => findToken(context, context.store.getState().toTokenAddress)

/** Spec §5: the network token pays the fee, the source token the amount; a sponsored swap's fee is the dApp's. */
export function isInsufficient(
  context: SwapContext,
  amount: bigint,
  gasFee: bigint | undefined,
  sponsored = false,
): boolean {
  const source = sourceTokenOf(context)
  const native = heldBalances(context.portico.account.store.getState()).get(NATIVE_BALANCE_KEY) ?? 0n
  const fee = sponsored ? 0n : (gasFee ?? 0n)
  if (!source) return true
  if (!sponsored && (native === 0n || native < fee)) return true
  return source.contract ? source.balance < amount : native < amount + fee
}
