import type { Portico } from '../../portico.js'
import type { Store } from '../../store.js'
import type { OnrampClient } from './onramp-client.js'
import type { OnrampSelection, OnrampState } from './onramp-state.js'

/** The state one on-ramp controller's actions share: its store, its client and the work under way. */
export interface OnrampContext {
  readonly portico: Portico
  readonly api: OnrampClient
  readonly store: Store<OnrampState>
  /** Every quote asked starts a new run; answers of an older run are dropped. */
  quoteRun: number
  /** One read of the options serves the intent that prefetched it and the view that opened. */
  initializing: Promise<void> | undefined
}

export const connectedAddressOf = (context: OnrampContext) =>
  context.portico.connection.store.getState().connection?.accounts[0]

/** The chain API's name of the selected network (its chain id when the options do not name it). */
export const networkNameOf = (context: OnrampContext, selection: OnrampSelection) =>
  context.store
    .getState()
    .options.purchaseCurrencies.find((entry) => entry.symbol === selection.asset)
    ?.networks.find((network) => Number(network.chain_id) === selection.chainId)?.name ??
  String(selection.chainId)

/** The amount as the chain API reads it: a decimal point, whatever the visitor typed. */
export const apiAmountOf = (selection: OnrampSelection) => selection.amount.trim().replace(',', '.')
