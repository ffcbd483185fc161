import type { FeeEstimate, TransactionRequest } from '../../connection/chain-adapter.js'
import type { Portico } from '../../portico.js'
import type { Store } from '../../store.js'
import type { SendCheck } from './check-send.js'
import type { ResolvedName } from './resolve-name.js'
import { NATIVE_TOKEN_KEY, type SendToken } from './send-token.js'

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

export interface SendControllerOptions {
  lookupName?: (name: string, chainId: number) => Promise<ResolvedName>
  nameLookupDebounceMs?: number
  feeEstimateDebounceMs?: number
  /** The block with the visitor's transaction arrived (the form is cleared when it succeeded). */
  onConfirmed?: (status: 'success' | 'reverted') => void
}

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

export const initialSendState = (): SendState => ({
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
