import type { Address, Hex } from 'viem'

export type AltoChainSettings = {
  chainId: number
  /** The chain's JSON-RPC endpoint. */
  rpcUrl: string
  /** EntryPoints the bundler accepts user operations for (v0.8 first). */
  entryPoints: readonly Address[]
  /** Signs handleOps; pays their gas (keep it funded). */
  executorPrivateKey: Hex
  /** Poll interval for new blocks and receipts. */
  blockTimeMs: number
  /** alto's own port, on the front's host only. */
  port: number
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'
}

/**
 * alto's settings for one chain, as the JSON of its `--config` file (the file keeps the executor key out of
 * the process list). Unsafe mode: anvil has no tracer for the ERC-7562 validation rules, so the bundler
 * simulates and checks signatures, gas and payment but not storage access; the operator runs the only
 * paymaster and account implementation it sees.
 */
export function altoSettings(chain: AltoChainSettings): Record<string, string | number | boolean> {
  return {
    entrypoints: chain.entryPoints.join(','),
    'rpc-url': chain.rpcUrl,
    'executor-private-keys': chain.executorPrivateKey,
    'utility-private-key': chain.executorPrivateKey,
    // The executor is topped up by its operator, not by a utility wallet of alto's.
    'refilling-wallets': false,
    'utility-wallet-monitor': false,
    'safe-mode': false,
    'min-entity-stake': 0,
    'min-entity-unstake-delay': 0,
    port: chain.port,
    'block-time': chain.blockTimeMs,
    json: true,
    'log-level': chain.logLevel,
    'enable-cors': false,
  }
}
