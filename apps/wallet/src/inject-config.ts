/** How the injected wallet is set up in a page. */
export interface InjectConfig {
  /** The devnet base; chain N is served at `${rpcBase}/N`. */
  readonly rpcBase: string
  /** The local Solana clusters' base; cluster `devnet` is served at `${solanaRpcBase}/devnet`. */
  readonly solanaRpcBase: string
  readonly accountIndex: number
  readonly initialChainId: number
  /** Approve every request without showing the prompt (for tests that are not about the prompt). */
  readonly autoApprove: boolean
}

/** What a page may set in `window.__PORTICO_TEST_WALLET__` before the script runs. */
export interface InjectConfigInput {
  readonly rpcBase?: string
  readonly solanaRpcBase?: string
  readonly accountIndex?: number | string
  readonly initialChainId?: number | string
  readonly autoApprove?: boolean | string
}

export const DEFAULT_RPC_BASE = 'http://127.0.0.1:8545'
export const DEFAULT_SOLANA_RPC_BASE = 'http://127.0.0.1:8899'

function integer(value: unknown, fallback: number, minimum: number): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof parsed === 'number' && Number.isSafeInteger(parsed) && parsed >= minimum ? parsed : fallback
}

function flag(value: unknown): boolean {
  return value === true || value === '' || value === 'true' || value === '1'
}

/**
 * Merges the page's global config over the script tag's data attributes (data-rpc-base, data-solana-rpc-base,
 * data-account-index,
 * data-initial-chain-id, data-auto-approve), falling back to the devnet defaults.
 */
export function resolveInjectConfig(
  global: InjectConfigInput | undefined,
  dataset: Readonly<Record<string, string | undefined>> | undefined,
): InjectConfig {
  const pick = <K extends keyof InjectConfigInput>(key: K) => global?.[key] ?? dataset?.[key]
  const rpcBase = pick('rpcBase')
  const solanaRpcBase = pick('solanaRpcBase')
  const autoApprove = pick('autoApprove')
  return {
    rpcBase: (typeof rpcBase === 'string' && rpcBase ? rpcBase : DEFAULT_RPC_BASE).replace(/\/+$/, ''),
    solanaRpcBase: (typeof solanaRpcBase === 'string' && solanaRpcBase
      ? solanaRpcBase
      : DEFAULT_SOLANA_RPC_BASE
    ).replace(/\/+$/, ''),
    accountIndex: integer(pick('accountIndex'), 0, 0),
    initialChainId: integer(pick('initialChainId'), 1, 1),
    autoApprove: autoApprove === undefined ? false : flag(autoApprove),
  }
}
