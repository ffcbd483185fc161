import type { Store } from '../../store.js'
import { parseAmount } from './parse-amount.js'
import type { ResolvedName } from './resolve-name.js'
import type { SendPortico, SendState } from './send-state.js'
import { NATIVE_TOKEN_KEY, sendTokensOf } from './send-token.js'

/** The state one send controller's actions share: its store, its look-ups and the timers under way. */
export interface SendContext {
  readonly portico: SendPortico
  readonly store: Store<SendState>
  readonly lookupName: (name: string, chainId: number) => Promise<ResolvedName>
  readonly nameDelay: number
  readonly feeDelay: number
  nameTimer: ReturnType<typeof setTimeout> | undefined
  feeTimer: ReturnType<typeof setTimeout> | undefined
  /** Answers to an older form (a name or an estimate the visitor has since changed) are dropped. */
  nameRequest: number
  feeRequest: number
}

export const setSendState = (context: SendContext, update: Partial<SendState>) =>
  context.store.setState(update)

export const connectionOf = (context: SendContext) => context.portico.connection.store.getState().connection

/** The visitor's balances on the current network, native first. */
export const sendTokensIn = (context: SendContext) => sendTokensOf(context.portico.account.store.getState())

/** The picked token; the native one is the first listed until its balance is known by key. */
export function pickedToken(context: SendContext) {
  const list = sendTokensIn(context)
  const key = context.store.getState().tokenKey
  return list.find((candidate) => candidate.key === key) ?? (key === NATIVE_TOKEN_KEY ? list[0] : undefined)
}

export function nativeBalanceOf(context: SendContext): bigint | undefined {
  const native = sendTokensIn(context).find((candidate) => candidate.key === NATIVE_TOKEN_KEY)
  if (native) return native.balance
  const balance = context.portico.account.store.getState().balance
  return balance ? BigInt(balance.value) : undefined
}

export const parsedAmountOf = (context: SendContext) =>
  parseAmount(context.store.getState().sendTokenAmount, pickedToken(context)?.decimals ?? 18)
