import type { Portico } from '../../portico.js'
import type { Store } from '../../store.js'
import type { SwapQuote } from './swap-client.js'
import { SWAP_SLIPPAGE_PERCENT } from './swap-constants.js'

/** A token the visitor can swap on the current network, with their balance of it and its USD price. */
export interface SwapToken {
  /** CAIP-10 id, `eip155:<chain>:<contract>` (the native token as 0xeeee…eeee). */
  address: string
  /** The contract in lower case; undefined for the network's native token. */
  contract: `0x${string}` | undefined
  symbol: string
  name: string
  decimals: number
  logoUri: string | undefined
  /** USD per whole token, when known. */
  price: number | undefined
  /** In base units; 0 when the visitor holds none. */
  balance: bigint
}

/** A transaction ready for the wallet (spec §3: data, to, gas, gasPrice, value, toAmount for the swap). */
export interface PreparedTransaction {
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas: bigint
  gasPrice: bigint
}

export type SwapInputError = 'insufficientBalance' | 'invalidAmount' | 'tooManyDecimals'

/** Spec §3's swap state; tokens are named by CAIP-10 id and read with their live balance. */
export interface SwapState {
  /** Spec §4: uninitialised → initializing → initialized. */
  status: 'uninitialized' | 'initializing' | 'initialized'
  chainId: number | undefined
  /** The tokens the chain API swaps on the network, and their USD prices by CAIP-10 id. */
  listing: readonly Omit<SwapToken, 'price' | 'balance'>[]
  prices: Readonly<Record<string, number>>
  /** Wei per gas, when the chain API could tell. */
  gasPrice: bigint | undefined
  sourceTokenAddress: string | undefined
  toTokenAddress: string | undefined
  /** As the visitor typed it, in their locale. */
  sourceTokenAmount: string
  /** The quote's target amount, 6 decimals at most ('' without a quote). */
  toTokenAmount: string
  quote: SwapQuote | undefined
  quoteStatus: 'idle' | 'loading' | 'ready' | 'error'
  sourceTokenPriceInUSD: number | undefined
  toTokenPriceInUSD: number | undefined
  /** The network fee of the next transaction, in wei: its built gas, else 150,000 at the gas price. */
  gasFee: bigint | undefined
  gasPriceInUSD: number | undefined
  priceImpact: number | undefined
  /** In the target token's base units: how much less than the quote the swap may give. */
  maxSlippage: bigint | undefined
  /** In the source token's base units. */
  providerFee: bigint | undefined
  /** Percent. */
  slippage: number
  inputError: SwapInputError | undefined
  /** The allowance is short: this approval comes first. */
  approvalTransaction: PreparedTransaction | undefined
  swapTransaction: (PreparedTransaction & { toAmount: bigint }) | undefined
  /**
   * The wallet batches (EIP-5792): the approval, when one is needed, and the swap go as one
   * `wallet_sendCalls`, one approval for the visitor; `swap()` sends it.
   */
  batched: boolean
  /** The batch's fee is the dApp's paymaster's (ERC-7677): the account needs no native token for it. */
  sponsored: boolean
  /** preparing: checking the allowance and building; approving / swapping: the wallet is asked or the block awaited. */
  transactionStatus: 'idle' | 'preparing' | 'approving' | 'swapping'
}

export type SwapOutcome =
  | { status: 'approved'; hash: string }
  /** `hash`: the swap's transaction, or for a batch its EIP-5792 id. */
  | { status: 'sent'; hash: string }
  | { status: 'invalid' }
  /** The wallet said no (`message`: its own words) or the transaction failed. */
  | { status: 'rejected' | 'failed'; message: string | undefined }

export type SwapPortico = Pick<
  Portico,
  | 'config'
  | 'account'
  | 'connection'
  | 'router'
  | 'toast'
  | 'on'
  | 'sendTransaction'
  | 'refreshBalance'
  | 'getProvider'
>

export interface SwapController {
  store: Store<SwapState>
  /** Loads the network's tokens, prices and gas price (the Swap view does on opening). */
  initialize(): Promise<void>
  /** The swappable tokens: the visitor's holdings first (by USD value), then suggested, then the rest. */
  tokens(): SwapToken[]
  sourceToken(): SwapToken | undefined
  toToken(): SwapToken | undefined
  setSourceTokenAmount(text: string): void
  /** The whole source balance; for the native token, less twice the estimated network fee. */
  setMax(): void
  setSourceToken(address: string): void
  setToToken(address: string): void
  /** Exchanges source and target; the former target amount (or 1) becomes the amount. */
  switchTokens(): void
  /** Ready for the preview: a quote, no input error, and a transaction to send. */
  canPreview(): boolean
  /** Sends the approval, waits for its block, then quotes again and builds the swap. */
  approve(): Promise<SwapOutcome>
  /** Sends the swap (with its approval, when batched); once the wallet took it, the form resets and the modal returns to Account. */
  swap(): Promise<SwapOutcome>
  reset(): void
  dispose(): void
}

/** What the visitor entered and what followed from it: cleared whenever the form starts over. */
const emptySwapForm = {
  sourceTokenAmount: '',
  toTokenAmount: '',
  quote: undefined,
  quoteStatus: 'idle',
  sourceTokenPriceInUSD: undefined,
  toTokenPriceInUSD: undefined,
  gasFee: undefined,
  gasPriceInUSD: undefined,
  priceImpact: undefined,
  maxSlippage: undefined,
  providerFee: undefined,
  inputError: undefined,
  approvalTransaction: undefined,
  swapTransaction: undefined,
  batched: false,
  sponsored: false,
  transactionStatus: 'idle',
} as const satisfies Partial<SwapState>

export const initialSwapState = (): SwapState => ({
  status: 'uninitialized',
  chainId: undefined,
  listing: [],
  prices: {},
  gasPrice: undefined,
  sourceTokenAddress: undefined,
  toTokenAddress: undefined,
  slippage: SWAP_SLIPPAGE_PERCENT,
  ...emptySwapForm,
})
