import type { TransactionRequest } from '../../connection/chain-adapter.js'
import { PorticoError } from '../../errors/errors.js'
import { getProviderErrorCode } from '../../errors/normalize-error.js'
import { ProviderErrorCode } from '../../errors/provider-error-code.js'
import type { Portico } from '../../portico.js'
import { createStore, type Store } from '../../store.js'
import { formatAmountInput, parseAmount } from '../send/parse-amount.js'
import { heldBalances, NATIVE_BALANCE_KEY } from './swap-balances.js'
import { createSwapClient, type SwapClient, type SwapQuote } from './swap-client.js'
import {
  NATIVE_TOKEN_ADDRESS,
  POPULAR_TOKEN_SYMBOLS,
  SUGGESTED_TOKEN_SYMBOLS,
  SWAP_ESTIMATE_GAS_LIMIT,
  SWAP_QUOTE_DEBOUNCE_MS,
  SWAP_SLIPPAGE_PERCENT,
  SWAPPING_TOAST_MIN_MS,
} from './swap-constants.js'
import {
  formatMessageAmount,
  formatTargetAmount,
  gasCostInUsd,
  maxSlippageOf,
  priceImpactOf,
  providerFeeOf,
} from './swap-math.js'
import { swapToastMessages } from './swap-messages.js'

const { t } = swapToastMessages

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
  /** preparing: checking the allowance and building; approving / swapping: the wallet is asked or the block awaited. */
  transactionStatus: 'idle' | 'preparing' | 'approving' | 'swapping'
}

export type SwapOutcome =
  | { status: 'approved'; hash: string }
  | { status: 'sent'; hash: string }
  | { status: 'invalid' }
  /** The wallet said no (`message`: its own words) or the transaction failed. */
  | { status: 'rejected' | 'failed'; message: string | undefined }

export type SwapPortico = Pick<
  Portico,
  'config' | 'account' | 'connection' | 'router' | 'toast' | 'on' | 'sendTransaction' | 'refreshBalance'
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
  /** Sends the swap; once the wallet took it, the form resets and the modal returns to Account. */
  swap(): Promise<SwapOutcome>
  reset(): void
  dispose(): void
}

const emptyForm = {
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
  transactionStatus: 'idle',
} as const satisfies Partial<SwapState>

const initialState = (): SwapState => ({
  status: 'uninitialized',
  chainId: undefined,
  listing: [],
  prices: {},
  gasPrice: undefined,
  sourceTokenAddress: undefined,
  toTokenAddress: undefined,
  slippage: SWAP_SLIPPAGE_PERCENT,
  ...emptyForm,
})

/** The wallet's short message for a failure, from the error or its causes (viem's `shortMessage`). */
export function walletShortMessage(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const { shortMessage } = current as { shortMessage?: unknown }
    if (typeof shortMessage === 'string' && shortMessage) return shortMessage
    current = (current as { cause?: unknown }).cause
  }
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message && message.length <= 120 ? message : undefined
}

/** The visitor said no in the wallet (EIP-1193 code 4001, or the kernel's error for it). */
const isUserRejection = (error: unknown) =>
  (error instanceof PorticoError && error.code === 'USER_REJECTED') ||
  getProviderErrorCode(error) === ProviderErrorCode.UserRejectedRequest

const addressOf = (caip: string) => caip.split(':')[2]?.toLowerCase() as `0x${string}`
const rank = (list: readonly string[], symbol: string) => {
  const index = list.indexOf(symbol)
  return index === -1 ? list.length : index
}

export function createSwapController(
  portico: SwapPortico,
  options: { client?: SwapClient; debounceMs?: number } = {},
): SwapController {
  const client =
    options.client ??
    createSwapClient({ baseUrl: portico.config.chainApiUrl, projectId: portico.config.projectId })
  const debounceMs = options.debounceMs ?? SWAP_QUOTE_DEBOUNCE_MS
  const store = createStore<SwapState>(initialState())
  const set = (update: Partial<SwapState>) => store.setState(update)
  let timer: ReturnType<typeof setTimeout> | undefined
  // Every change of the form starts a new round; answers of an older round are dropped.
  let round = 0
  let initializing: Promise<void> | undefined
  /** The balances read at initialisation: a quote's balance check waits for them. */
  let balancesRead: Promise<void> = Promise.resolve()
  /** Confirmations the kernel reported, and who waits for them, by transaction hash. */
  const confirmed = new Map<string, 'success' | 'reverted'>()
  const waiting = new Map<string, (status: 'success' | 'reverted') => void>()
  /** Swaps sent and not yet in a block: the text of their 'Swapped' toast, and when 'Swapping' showed. */
  const pendingSwaps = new Map<string, { text: Record<string, string>; shownAt: number }>()
  /** 'Swapped' toasts held back until 'Swapping' has been seen (SWAPPING_TOAST_MIN_MS). */
  const heldToasts = new Set<ReturnType<typeof setTimeout>>()

  const connection = () => portico.connection.store.getState().connection
  const userAddress = () => connection()?.accounts[0]

  function tokens(): SwapToken[] {
    const { listing, prices } = store.getState()
    const held = heldBalances(portico.account.store.getState())
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
  const find = (address: string | undefined) =>
    address === undefined ? undefined : tokens().find((token) => token.address === address)
  const sourceToken = () => find(store.getState().sourceTokenAddress)
  const toToken = () => find(store.getState().toTokenAddress)

  const nativeBalance = (): bigint =>
    heldBalances(portico.account.store.getState()).get(NATIVE_BALANCE_KEY) ?? 0n

  function initialize(): Promise<void> {
    const reached = connection()?.chainId
    // Swaps are EVM only (the view is offered on swap-supported EVM networks).
    const chainId = typeof reached === 'number' ? reached : undefined
    const state = store.getState()
    if (chainId === undefined) return Promise.resolve()
    if (state.status === 'initialized' && state.chainId === chainId) return Promise.resolve()
    if (initializing && state.chainId === chainId) return initializing
    set({ status: 'initializing', chainId })
    const run = ++round
    // The balances the quotes are checked against are read again: they may have moved since the connection.
    balancesRead = portico.refreshBalance().catch(() => {})
    initializing = (async () => {
      try {
        const [listing, gasPrice] = await Promise.all([
          client.tokens(chainId),
          // Spec §8: a gas price that cannot be had is none; fees then show once a transaction is built.
          client.gasPrice(chainId).catch(() => undefined),
        ])
        const prices: Record<string, number> = {}
        try {
          const bySymbol = await client.prices(listing.map((token) => token.address))
          for (const token of listing) {
            const price = bySymbol.get(token.symbol)
            if (price !== undefined) prices[token.address] = price
          }
        } catch {
          portico.toast.show('error', t('failedToFetchNetworkTokenPrice'))
        }
        if (run !== round && store.getState().chainId !== chainId) return
        const swapListing = listing.map((token) => {
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
        const native = swapListing.find((token) => !token.contract)
        set({
          status: 'initialized',
          listing: swapListing,
          prices,
          gasPrice,
          sourceTokenAddress: store.getState().sourceTokenAddress ?? native?.address,
        })
      } catch {
        if (store.getState().chainId !== chainId) return
        // Spec §4: back to where the visitor came from, before the first of the swap's views (named Swap…).
        const { history } = portico.router.store.getState()
        const first = history.findIndex((entry) => (entry.view as string).startsWith('Swap'))
        if (first > 0) portico.router.goBackToIndex(first - 1)
        else if (first === 0) portico.router.goBack()
        set({ status: 'uninitialized' })
        portico.toast.show('error', t('failedToInitialize'))
      } finally {
        initializing = undefined
      }
    })()
    return initializing
  }

  /** The form changed: drop what was quoted and quote again after the debounce (or at once). */
  function scheduleQuote(delay = debounceMs) {
    clearTimeout(timer)
    const run = ++round
    const source = sourceToken()
    const parsed = source ? parseAmount(store.getState().sourceTokenAmount, source.decimals) : undefined
    const quotable = !!source && !!toToken() && !!parsed && 'value' in parsed && parsed.value > 0n
    const inputError: SwapInputError | undefined =
      parsed && 'error' in parsed && parsed.error !== 'empty'
        ? parsed.error === 'tooManyDecimals'
          ? 'tooManyDecimals'
          : 'invalidAmount'
        : undefined
    set({
      toTokenAmount: '',
      quote: undefined,
      quoteStatus: quotable ? 'loading' : 'idle',
      priceImpact: undefined,
      maxSlippage: undefined,
      providerFee: undefined,
      inputError,
      approvalTransaction: undefined,
      swapTransaction: undefined,
      transactionStatus: 'idle',
    })
    if (!quotable) return Promise.resolve()
    return new Promise<void>((resolve) => {
      timer = setTimeout(() => void quote(run).finally(resolve), delay)
    })
  }

  /** Spec §5: the network token pays the fee, the source token the amount. */
  function insufficient(amount: bigint, gasFee: bigint | undefined): boolean {
    const source = sourceToken()
    const native = nativeBalance()
    const fee = gasFee ?? 0n
    if (!source || native === 0n || native < fee) return true
    return source.contract ? source.balance < amount : native < amount + fee
  }

  async function quote(run: number) {
    const source = sourceToken()
    const target = toToken()
    const user = userAddress()
    const { sourceTokenAmount, gasPrice, slippage } = store.getState()
    const parsed = source ? parseAmount(sourceTokenAmount, source.decimals) : undefined
    if (!source || !target || !user || !parsed || !('value' in parsed)) return
    const amount = parsed.value
    let answer: SwapQuote | undefined
    try {
      answer = await client.quote({
        from: source.address,
        to: target.address,
        amount,
        userAddress: user,
        gasPrice: gasPrice ?? 0n,
      })
    } catch {
      answer = undefined
    }
    await balancesRead
    if (run !== round) return
    if (!answer) return set({ quoteStatus: 'error' })
    const { prices } = store.getState()
    const nativeAddress = tokens().find((token) => !token.contract)?.address
    const networkPrice = nativeAddress ? prices[nativeAddress] : undefined
    const gasFee = gasPrice === undefined ? undefined : gasPrice * SWAP_ESTIMATE_GAS_LIMIT
    const inputError = insufficient(amount, gasFee) ? 'insufficientBalance' : undefined
    set({
      quote: answer,
      quoteStatus: 'ready',
      toTokenAmount: formatTargetAmount(answer.toAmount, target.decimals),
      sourceTokenPriceInUSD: source.price,
      toTokenPriceInUSD: target.price,
      gasFee,
      gasPriceInUSD:
        gasFee !== undefined && networkPrice ? gasCostInUsd(gasFee, 1n, networkPrice) : undefined,
      priceImpact: priceImpactOf({
        amountIn: amount,
        fromDecimals: source.decimals,
        fromPrice: source.price,
        amountOut: answer.toAmount,
        toDecimals: target.decimals,
        toPrice: target.price,
      }),
      maxSlippage: maxSlippageOf(answer.toAmount, slippage),
      providerFee: providerFeeOf(amount),
      inputError,
    })
    if (!inputError) await prepareTransaction(run, source, target, user, amount, answer)
  }

  /** Spec §4: the allowance decides between an approval and the swap itself. */
  async function prepareTransaction(
    run: number,
    source: SwapToken,
    target: SwapToken,
    user: string,
    amount: bigint,
    answer: SwapQuote,
  ) {
    const chainId = connection()?.chainId
    const userAccount = `eip155:${chainId}:${user}`
    set({ transactionStatus: 'preparing' })
    if (source.contract) {
      let allowance: bigint
      try {
        allowance = await client.allowance({ tokenAddress: source.address, userAddress: userAccount })
      } catch {
        if (run !== round) return
        portico.toast.show('error', t('failedToCheckAllowance'))
        return set({ transactionStatus: 'idle' })
      }
      if (run !== round) return
      if (allowance < amount) {
        try {
          const approval = await client.buildApprove({
            from: source.address,
            to: target.address,
            userAddress: userAccount,
            amount,
          })
          if (run !== round) return
          // The approval is sent to `tx.from` (Web3Modal's reading of the answer): it must be the source
          // token's contract, and the call its `approve`, or the wallet would be asked for something else.
          if (addressOf(approval.from) !== source.contract || !approval.data.startsWith('0x095ea7b3'))
            throw new Error('The approval does not approve the source token')
          const gas = approval.gas ?? SWAP_ESTIMATE_GAS_LIMIT
          set({
            approvalTransaction: {
              to: source.contract,
              data: approval.data,
              value: 0n,
              gas,
              gasPrice: approval.gasPrice,
            },
            ...feeOf(gas * approval.gasPrice),
            transactionStatus: 'idle',
          })
        } catch {
          if (run !== round) return
          portico.toast.show('error', t('failedToCreateApproval'))
          set({ transactionStatus: 'idle' })
        }
        return
      }
    }
    try {
      const built = await client.buildTransaction({
        from: source.address,
        to: target.address,
        userAddress: userAccount,
        amount,
        slippage: store.getState().slippage,
      })
      if (run !== round) return
      if (built.amount !== amount || addressOf(built.from) !== user.toLowerCase())
        throw new Error('The built swap is not the one quoted')
      const fee = feeOf(built.gas * built.gasPrice)
      set({
        swapTransaction: {
          to: addressOf(built.to),
          data: built.data,
          value: source.contract ? 0n : amount,
          gas: built.gas,
          gasPrice: built.gasPrice,
          toAmount: answer.toAmount,
        },
        ...fee,
        inputError: insufficient(amount, fee.gasFee) ? 'insufficientBalance' : undefined,
        transactionStatus: 'idle',
      })
    } catch {
      if (run !== round) return
      portico.toast.show('error', t('failedToCreateTransaction'))
      set({ transactionStatus: 'idle' })
    }
  }

  function feeOf(gasFee: bigint): Pick<SwapState, 'gasFee' | 'gasPriceInUSD'> {
    const native = tokens().find((token) => !token.contract)
    return {
      gasFee,
      gasPriceInUSD: native?.price ? gasCostInUsd(gasFee, 1n, native.price, native.decimals) : undefined,
    }
  }

  function waitForConfirmation(hash: string): Promise<'success' | 'reverted'> {
    const known = confirmed.get(hash)
    if (known) return Promise.resolve(known)
    return new Promise((resolve) => waiting.set(hash, resolve))
  }

  async function send(request: TransactionRequest): Promise<{ hash: string } | SwapOutcome> {
    try {
      return { hash: await portico.sendTransaction(request) }
    } catch (error) {
      const message = walletShortMessage(error)
      portico.toast.show('error', message ?? t('transactionError'))
      return { status: isUserRejection(error) ? 'rejected' : 'failed', message }
    }
  }

  async function approve(): Promise<SwapOutcome> {
    const { approvalTransaction, transactionStatus } = store.getState()
    if (!approvalTransaction || transactionStatus !== 'idle') return { status: 'invalid' }
    set({ transactionStatus: 'approving' })
    portico.toast.show('loading', t('approveInWallet'))
    const { to, data, value } = approvalTransaction
    const sent = await send({ to, data, value })
    if (!('hash' in sent)) {
      set({ transactionStatus: 'idle' })
      return sent
    }
    const status = await waitForConfirmation(sent.hash)
    if (status === 'reverted') {
      portico.toast.show('error', t('transactionError'))
      set({ transactionStatus: 'idle' })
      return { status: 'failed', message: undefined }
    }
    portico.toast.hide()
    // Spec §4: approve, then quote again and build the swap.
    await scheduleQuote(0)
    return { status: 'approved', hash: sent.hash }
  }

  async function swap(): Promise<SwapOutcome> {
    const state = store.getState()
    const source = sourceToken()
    const target = toToken()
    const { swapTransaction } = state
    if (!swapTransaction || !source || !target || state.inputError || state.transactionStatus !== 'idle')
      return { status: 'invalid' }
    const parsed = parseAmount(state.sourceTokenAmount, source.decimals)
    if (!('value' in parsed)) return { status: 'invalid' }
    set({ transactionStatus: 'swapping' })
    portico.toast.show('loading', t('confirmInWallet'))
    const { to, data, value } = swapTransaction
    const sent = await send({ to, data, value })
    if (!('hash' in sent)) {
      set({ transactionStatus: 'idle' })
      return sent
    }
    const text = {
      from: formatMessageAmount(parsed.value, source.decimals),
      fromSymbol: source.symbol,
      to: formatMessageAmount(swapTransaction.toAmount, target.decimals),
      toSymbol: target.symbol,
    }
    portico.toast.show('loading', t('swapping', text))
    pendingSwaps.set(sent.hash, { text, shownAt: Date.now() })
    const known = confirmed.get(sent.hash)
    if (known) onSwapConfirmed(sent.hash, known)
    // Spec §4: a successful swap resets and goes to Account, where balances and Activity follow the block.
    portico.router.reset('Account')
    reset()
    return { status: 'sent', hash: sent.hash }
  }

  function onSwapConfirmed(hash: string, status: 'success' | 'reverted') {
    const pending = pendingSwaps.get(hash)
    if (!pending) return
    pendingSwaps.delete(hash)
    const show = () =>
      status === 'success'
        ? portico.toast.show('success', t('swapped', pending.text))
        : portico.toast.show('error', t('transactionError'))
    const wait = pending.shownAt + SWAPPING_TOAST_MIN_MS - Date.now()
    if (wait <= 0) return show()
    const held = setTimeout(() => {
      heldToasts.delete(held)
      show()
    }, wait)
    heldToasts.add(held)
  }

  function reset() {
    clearTimeout(timer)
    round++
    initializing = undefined
    store.setState(initialState())
  }

  function setSourceToken(address: string) {
    const state = store.getState()
    if (address === state.toTokenAddress) return switchTokens()
    set({ sourceTokenAddress: address })
    // A picked token quotes at once: the debounce is for typing.
    void scheduleQuote(0)
  }

  function setToToken(address: string) {
    const state = store.getState()
    if (address === state.sourceTokenAddress) return switchTokens()
    set({ toTokenAddress: address })
    void scheduleQuote(0)
  }

  function switchTokens() {
    const { sourceTokenAddress, toTokenAddress, toTokenAmount } = store.getState()
    const target = toToken()
    // Spec §4: the former target amount becomes the amount; 1 when there was none.
    const amount = toTokenAmount && target ? parseAmount(toTokenAmount, target.decimals, 'en-US') : undefined
    set({
      sourceTokenAddress: toTokenAddress,
      toTokenAddress: sourceTokenAddress,
      sourceTokenAmount:
        amount && 'value' in amount && amount.value > 0n
          ? formatAmountInput(amount.value, target?.decimals ?? 18)
          : formatAmountInput(1n, 0),
    })
    void scheduleQuote(0)
  }

  function setMax() {
    const source = sourceToken()
    if (!source) return
    const { gasPrice, gasFee } = store.getState()
    const fee = gasFee ?? (gasPrice ?? 0n) * SWAP_ESTIMATE_GAS_LIMIT
    // The native token also pays the fee: keep twice the estimate, as gas prices move.
    const reserve = source.contract ? 0n : 2n * fee
    const amount = source.balance > reserve ? source.balance - reserve : 0n
    set({ sourceTokenAmount: formatAmountInput(amount, source.decimals) })
    void scheduleQuote()
  }

  const stops = [
    portico.on('accountChanged', reset),
    portico.on('chainChanged', reset),
    portico.on('disconnected', reset),
    portico.on('transactionConfirmed', ({ hash, status }) => {
      confirmed.set(hash, status)
      // Only the latest few are kept: a waiter registers right after its own send.
      if (confirmed.size > 32) confirmed.delete(confirmed.keys().next().value as string)
      waiting.get(hash)?.(status)
      waiting.delete(hash)
      onSwapConfirmed(hash, status)
    }),
  ]

  return {
    store,
    initialize,
    tokens,
    sourceToken,
    toToken,
    setSourceTokenAmount(text) {
      set({ sourceTokenAmount: text })
      void scheduleQuote()
    },
    setMax,
    setSourceToken,
    setToToken,
    switchTokens,
    canPreview() {
      const state = store.getState()
      return (
        state.quoteStatus === 'ready' &&
        !state.inputError &&
        state.transactionStatus === 'idle' &&
        !!(state.approvalTransaction || state.swapTransaction)
      )
    },
    approve,
    swap,
    reset,
    dispose() {
      reset()
      for (const held of heldToasts) clearTimeout(held)
      heldToasts.clear()
      for (const stop of stops) stop()
    },
  }
}
