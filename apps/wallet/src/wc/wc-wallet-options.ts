/**
 * Where the WalletConnect wallet page connects: `?relay=`, `?rpc=` and `?solanaRpc=` override the local
 * stack defaults; `?account=N` holds dev account N (EVM and Solana). `?oneClickAuth=0` makes it a wallet
 * without one-click auth (it answers the session proposal instead); `?namespaces=solana` one that approves
 * only the namespaces listed.
 */
export interface WcWalletOptions {
  readonly relayUrl: string
  /** The devnet's base URL; each chain is served at `<rpcBase>/<chainId>`. */
  readonly rpcBase: string
  /** The local Solana clusters' base URL; cluster `devnet` is served at `<solanaRpcBase>/devnet`. */
  readonly solanaRpcBase: string
  /** The dev key index of the EVM account and of the Solana account. */
  readonly accountIndex: number
  /** Answers `session_authenticate` (sign in while pairing); default on. */
  readonly oneClickAuth: boolean
  /** The namespaces the wallet approves when a dApp proposes them. */
  readonly namespaces: readonly WcNamespace[]
}

export type WcNamespace = 'eip155' | 'solana'
const NAMESPACES: readonly WcNamespace[] = ['eip155', 'solana']

export const DEFAULT_RELAY_URL = 'ws://127.0.0.1:3003'
export const DEFAULT_RPC_BASE = 'http://127.0.0.1:8545'
export const DEFAULT_SOLANA_RPC_BASE = 'http://127.0.0.1:8899'

export function readWcWalletOptions(
  search: string,
  windowConfig?: { rpcBase?: unknown; solanaRpcBase?: unknown },
): WcWalletOptions {
  const params = new URLSearchParams(search)
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
  const account = Number(params.get('account') ?? '0')
  const listed = params.get('namespaces')?.split(',')
  return {
    relayUrl: params.get('relay') || DEFAULT_RELAY_URL,
    rpcBase: (params.get('rpc') || text(windowConfig?.rpcBase) || DEFAULT_RPC_BASE).replace(/\/$/, ''),
    solanaRpcBase: (
      params.get('solanaRpc') ||
      text(windowConfig?.solanaRpcBase) ||
      DEFAULT_SOLANA_RPC_BASE
    ).replace(/\/$/, ''),
    accountIndex: Number.isSafeInteger(account) && account >= 0 ? account : 0,
    oneClickAuth: params.get('oneClickAuth') !== '0',
    namespaces: listed ? NAMESPACES.filter((namespace) => listed.includes(namespace)) : NAMESPACES,
  }
}
