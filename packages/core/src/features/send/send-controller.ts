import { getAddress } from 'viem'
import { isEvmAddress } from '../../config/validation.js'
import type { ChainNamespace } from '../../connection/caip.js'
import type { FeeEstimate, TransactionRequest } from '../../connection/chain-adapter.js'
import { normalizeError } from '../../errors/normalize-error.js'
import type { Portico } from '../../portico.js'
import { createStore, type Store } from '../../store.js'
import { checkSend, type ReceiverError, type SendCheck } from './check-send.js'
import { formatAmountInput, parseAmount } from './parse-amount.js'
import { looksLikeName, type ResolvedName, resolveName } from './resolve-name.js'
import { NATIVE_TOKEN_KEY, type SendToken, sendTokensOf } from './send-token.js'
import { transferRequest } from './transfer-request.js'

/** Spec §9: the default debounce, for name look-ups as the visitor types. */
export const NAME_LOOKUP_DEBOUNCE_MS = 500
/** Fee estimates follow the form a little sooner: they are cheap and the fee shows under the amount. */
export const FEE_ESTIMATE_DEBOUNCE_MS = 250

/** The send form (spec §3: token, sendTokenAmount, receiverAddress, receiver profile, gas price). */
export interface SendState {
  /** The picked token's key (`native` or its contract address); its balance is read live. */
  tokenKey: string
  /** The amount as the visitor typed it, in their locale. */
  sendTokenAmount: string
  /** Max was pressed and the amount not edited since: for the native token it follows the fee estimate. */
  max: boolean
  /** An address or a name, as typed. */
  receiverInput: string
  /** The address the tokens go to: typed, or resolved from a name. */
  receiverAddress: string | undefined
  receiverProfileName: string | undefined
  receiverProfileImage: string | undefined
  receiverStatus: 'empty' | 'address' | 'resolving' | 'resolved' | 'invalid' | 'notFound'
  fee: FeeEstimate | undefined
  feeStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** editing → confirming (the wallet is asked) → sent (hash known, waiting for the block). */
  status: 'editing' | 'confirming' | 'sent'
  hash: string | undefined
}

export type SendOutcome =
  | { status: 'sent'; hash: string }
  | { status: 'invalid'; check: SendCheck }
  /** The visitor said no in the wallet: `message` is the wallet's own words. */
  | { status: 'rejected'; message: string | undefined }
  | { status: 'failed'; message: string | undefined }

export type SendPortico = Pick<
  Portico,
  'config' | 'account' | 'connection' | 'on' | 'estimateFee' | 'sendTransaction'
>

export interface SendController {
  store: Store<SendState>
  /** The visitor's balances on the current network, native first. */
  tokens(): SendToken[]
  token(): SendToken | undefined
  selectToken(key: string): void
  setAmount(text: string): void
  /** The whole balance; for the native token, less the estimated fee ceiling. */
  setMax(): void
  setReceiver(text: string): void
  /** Estimates the fee again (the view does on opening). */
  refreshFee(): void
  /** The form's rules against the current balances and fee. */
  check(): SendCheck
  /** The transaction the form describes, with its fee terms; undefined while the form is not valid. */
  request(): TransactionRequest | undefined
  /** Asks the wallet, after checking the form again (nothing is asked when it is invalid). */
  send(): Promise<SendOutcome>
  /** Clears the form (after a confirmed transaction, or on another account or network). */
  reset(): void
  dispose(): void
}

const initialState = (): SendState => ({
  tokenKey: NATIVE_TOKEN_KEY,
  sendTokenAmount: '',
  max: false,
  receiverInput: '',
  receiverAddress: undefined,
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  receiverStatus: 'empty',
  fee: undefined,
  feeStatus: 'idle',
  status: 'editing',
  hash: undefined,
})

/** The wallet's own words for a refusal or failure: the innermost message of the error's cause chain. */
export function walletErrorText(error: unknown): string | undefined {
  let text: string | undefined
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const { details, message } = current as { details?: unknown; message?: unknown }
    if (typeof details === 'string' && details) text = details
    else if (typeof message === 'string' && message) text = message
    current = (current as { cause?: unknown }).cause
  }
  return text
}

/** The checksummed form (the spec's rule takes any case, with or without 0x): what the wallet will show. */
const normalizeAddress = (value: string) =>
  getAddress((value.startsWith('0x') ? value : `0x${value}`).toLowerCase())

export function createSendController(
  portico: SendPortico,
  options: {
    lookupName?: (name: string, chainId: number) => Promise<ResolvedName>
    nameLookupDebounceMs?: number
    feeEstimateDebounceMs?: number
    /** The block with the visitor's transaction arrived (the form is cleared when it succeeded). */
    onConfirmed?: (status: 'success' | 'reverted') => void
  } = {},
): SendController {
  const store = createStore<SendState>(initialState())
  const lookupName =
    options.lookupName ??
    ((name: string, chainId: number) =>
      resolveName(
        { chainApiUrl: portico.config.chainApiUrl, projectId: portico.config.projectId },
        name,
        chainId,
      ))
  const nameDelay = options.nameLookupDebounceMs ?? NAME_LOOKUP_DEBOUNCE_MS
  const feeDelay = options.feeEstimateDebounceMs ?? FEE_ESTIMATE_DEBOUNCE_MS
  let nameTimer: ReturnType<typeof setTimeout> | undefined
  let feeTimer: ReturnType<typeof setTimeout> | undefined
  // Answers to an older form (a name or an estimate the visitor has since changed) are dropped.
  let nameRequest = 0
  let feeRequest = 0

  const set = (update: Partial<SendState>) => store.setState(update)
  const connection = () => portico.connection.store.getState().connection
  /** The namespace's own address rule (Solana's: base58 of a 32-byte key), from its adapter. */
  const isAccountAddress = (namespace: ChainNamespace, value: string) =>
    portico.config.adapters.find((adapter) => adapter.namespace === namespace)?.isAddress(value) ?? false
  const tokens = () => sendTokensOf(portico.account.store.getState())
  const token = () => {
    const list = tokens()
    const key = store.getState().tokenKey
    return list.find((candidate) => candidate.key === key) ?? (key === NATIVE_TOKEN_KEY ? list[0] : undefined)
  }
  const nativeBalance = () => {
    const native = tokens().find((candidate) => candidate.key === NATIVE_TOKEN_KEY)
    if (native) return native.balance
    const balance = portico.account.store.getState().balance
    return balance ? BigInt(balance.value) : undefined
  }
  const parsedAmount = () => {
    const current = token()
    return parseAmount(store.getState().sendTokenAmount, current?.decimals ?? 18)
  }
  const receiverError = (): ReceiverError | undefined => {
    const { receiverStatus } = store.getState()
    if (receiverStatus === 'notFound') return 'nameNotResolved'
    if (receiverStatus === 'resolving') return 'receiverPending'
    if (receiverStatus === 'invalid' || receiverStatus === 'empty') return 'receiverInvalid'
    return undefined
  }

  function check(): SendCheck {
    const { receiverAddress, fee } = store.getState()
    return checkSend({
      token: token(),
      amount: parsedAmount(),
      receiverAddress,
      receiverError: receiverError(),
      nativeBalance: nativeBalance(),
      fee,
    })
  }

  /** The native Max: everything but the fee ceiling of the latest estimate. */
  function fillMax() {
    const current = token()
    const { fee } = store.getState()
    if (!current) return
    const reserve = current.address ? 0n : (fee?.maxFee ?? 0n)
    if (!current.address && !fee) return
    const amount = current.balance > reserve ? current.balance - reserve : 0n
    set({ sendTokenAmount: formatAmountInput(amount, current.decimals) })
  }

  /**
   * The transaction estimated: the real one once the form is valid; before that, one that costs the
   * same (the visitor's own address as receiver, nothing or the whole token balance as amount), so the
   * fee and Max are there while the form is still being filled.
   */
  function estimateRequest(): TransactionRequest | undefined {
    const current = token()
    const from = connection()?.accounts[0]
    if (!current || !from) return undefined
    const { receiverAddress } = store.getState()
    const parsed = parsedAmount()
    const amount = 'value' in parsed && parsed.value <= current.balance ? parsed.value : undefined
    // A value the balance cannot pay (with its fee) makes the node refuse the estimate: estimate none.
    const value = current.address ? (amount ?? current.balance) : 0n
    return transferRequest(current, receiverAddress ?? from, value, connection()?.namespace)
  }

  function scheduleEstimate() {
    clearTimeout(feeTimer)
    const request = ++feeRequest
    set({ feeStatus: 'loading' })
    feeTimer = setTimeout(async () => {
      const transaction = estimateRequest()
      if (!transaction) return set({ feeStatus: 'idle', fee: undefined })
      try {
        const fee = await portico.estimateFee(transaction)
        if (request !== feeRequest) return
        set({ fee, feeStatus: 'ready' })
        if (store.getState().max) fillMax()
      } catch {
        if (request === feeRequest) set({ fee: undefined, feeStatus: 'error' })
      }
    }, feeDelay)
  }

  function setReceiver(text: string) {
    const input = text.trim()
    clearTimeout(nameTimer)
    const request = ++nameRequest
    const profile = { receiverProfileName: undefined, receiverProfileImage: undefined }
    const namespace = connection()?.namespace ?? 'eip155'
    const evm = namespace === 'eip155'
    if (input === '') {
      set({ receiverInput: text, receiverAddress: undefined, receiverStatus: 'empty', ...profile })
    } else if (evm ? isEvmAddress(input) : isAccountAddress(namespace, input)) {
      set({
        receiverInput: text,
        receiverAddress: evm ? normalizeAddress(input) : input,
        receiverStatus: 'address',
        ...profile,
      })
    } else if (evm && looksLikeName(input)) {
      // Names (`alice.wcn.id`) resolve to EVM addresses only: elsewhere a name is no receiver.
      set({ receiverInput: text, receiverAddress: undefined, receiverStatus: 'resolving', ...profile })
      nameTimer = setTimeout(async () => {
        const chainId = connection()?.chainId
        try {
          // Names resolve on EVM chains only.
          if (typeof chainId !== 'number') throw new Error('Not connected to an EVM chain')
          const resolved = await lookupName(input, chainId)
          if (request !== nameRequest) return
          set({
            receiverAddress: normalizeAddress(resolved.address),
            receiverStatus: 'resolved',
            receiverProfileName: resolved.name,
            receiverProfileImage: resolved.avatar,
          })
          scheduleEstimate()
        } catch {
          if (request === nameRequest) set({ receiverStatus: 'notFound' })
        }
      }, nameDelay)
      return
    } else {
      set({ receiverInput: text, receiverAddress: undefined, receiverStatus: 'invalid', ...profile })
    }
    scheduleEstimate()
  }

  function request(): TransactionRequest | undefined {
    const current = token()
    const { receiverAddress, fee } = store.getState()
    const parsed = parsedAmount()
    if (!check().ready || !current || !receiverAddress || !('value' in parsed)) return undefined
    return { ...transferRequest(current, receiverAddress, parsed.value, connection()?.namespace), fee }
  }

  async function send(): Promise<SendOutcome> {
    const transaction = request()
    if (!transaction) return { status: 'invalid', check: check() }
    set({ status: 'confirming' })
    try {
      const hash = await portico.sendTransaction(transaction)
      set({ status: 'sent', hash })
      return { status: 'sent', hash }
    } catch (error) {
      set({ status: 'editing' })
      const normalized = normalizeError(error, 'sendTransaction')
      return {
        status: normalized.code === 'USER_REJECTED' ? 'rejected' : 'failed',
        message: walletErrorText(error),
      }
    }
  }

  function reset() {
    clearTimeout(nameTimer)
    clearTimeout(feeTimer)
    nameRequest++
    feeRequest++
    store.setState(initialState())
  }

  // The form belongs to one account on one network; the block with the visitor's transaction ends it.
  const stops = [
    portico.on('accountChanged', reset),
    portico.on('chainChanged', reset),
    portico.on('disconnected', reset),
    portico.on('transactionConfirmed', ({ hash, status }) => {
      if (store.getState().hash !== hash) return
      if (status === 'success') reset()
      else set({ status: 'editing', hash: undefined })
      options.onConfirmed?.(status)
    }),
  ]

  return {
    store,
    tokens,
    token,
    selectToken(key) {
      set({ tokenKey: key, max: false })
      scheduleEstimate()
    },
    setAmount(text) {
      set({ sendTokenAmount: text, max: false })
      scheduleEstimate()
    },
    setMax() {
      const current = token()
      if (!current) return
      set({ max: !current.address })
      if (current.address) set({ sendTokenAmount: formatAmountInput(current.balance, current.decimals) })
      else fillMax()
      scheduleEstimate()
    },
    setReceiver,
    refreshFee: scheduleEstimate,
    check,
    request,
    send,
    reset,
    dispose() {
      reset()
      for (const stop of stops) stop()
    },
  }
}
