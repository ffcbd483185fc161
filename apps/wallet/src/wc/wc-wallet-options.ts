/**
 * Where the WalletConnect wallet page connects: `?relay=` and `?rpc=` override the local stack defaults.
 * `?oneClickAuth=0` makes it a wallet without one-click auth (it answers the session proposal instead).
 */
export interface WcWalletOptions {
  readonly relayUrl: string
  /** The devnet's base URL; each chain is served at `<rpcBase>/<chainId>`. */
  readonly rpcBase: string
  /** Answers `session_authenticate` (sign in while pairing); default on. */
  readonly oneClickAuth: boolean
}

export const DEFAULT_RELAY_URL = 'ws://127.0.0.1:3003'
export const DEFAULT_RPC_BASE = 'http://127.0.0.1:8545'

export function readWcWalletOptions(search: string, windowConfig?: { rpcBase?: unknown }): WcWalletOptions {
  const params = new URLSearchParams(search)
  const configured = typeof windowConfig?.rpcBase === 'string' ? windowConfig.rpcBase : undefined
  return {
    relayUrl: params.get('relay') || DEFAULT_RELAY_URL,
    rpcBase: (params.get('rpc') || configured || DEFAULT_RPC_BASE).replace(/\/$/, ''),
    oneClickAuth: params.get('oneClickAuth') !== '0',
  }
}
