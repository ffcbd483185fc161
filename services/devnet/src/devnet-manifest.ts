import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  ACCOUNT_ABSTRACTION_CONTRACTS,
  type DevnetAccountAbstraction,
} from './account-abstraction-contracts.js'
import { DEV_TOKENS, type DevnetToken } from './dev-tokens.js'
import { devnetChainProfile, type NativeCurrency } from './devnet-chains.js'
import { type DevnetSwapContracts, SWAP_CONTRACTS } from './swap-contracts.js'

/** Name of the manifest in the devnet's data folder. */
export const DEVNET_MANIFEST_FILE = 'deployed.json'

export type DevnetManifestChain = {
  chainId: number
  name: string
  /** JSON-RPC endpoint on the devnet front, e.g. http://127.0.0.1:8545/10. */
  rpcUrl: string
  nativeCurrency: NativeCurrency
  /** The ERC-20s deployed on this chain. */
  tokens: readonly DevnetToken[]
  /**
   * Uniswap V2 on this chain: `factory`, `router` (Router02), `weth` (WETH9, wrapping the native currency),
   * `feeRouter` (takes the swap provider fee, then swaps on the router; the contract swaps are sent to and
   * approvals are given to) and `stablecoin` (the token prices are read against).
   */
  uniswapV2: DevnetSwapContracts
  /**
   * The smart-account contracts, at their public-chain addresses: `entryPoint08` (ERC-4337 EntryPoint v0.8),
   * `simple7702Account` (the Simple7702Account v0.8 implementation an EOA delegates to with an EIP-7702
   * authorization, then batches calls through `executeBatch`) and `entryPoint07` (EntryPoint v0.7).
   */
  accountAbstraction: DevnetAccountAbstraction
}

/**
 * What the devnet deployed, in the shape the chain API reads as its chain manifest: every chain with its
 * RPC URL, native currency, seeded tokens, Uniswap V2 and smart-account contracts. Written to `<dataDir>/deployed.json` and served at `GET /`.
 */
export type DevnetManifest = { chains: readonly DevnetManifestChain[] }

export function devnetManifest(baseUrl: string, chainIds: readonly number[]): DevnetManifest {
  return {
    chains: chainIds.map((chainId) => ({
      chainId,
      ...devnetChainProfile(chainId),
      rpcUrl: `${baseUrl}/${chainId}`,
      tokens: DEV_TOKENS,
      uniswapV2: SWAP_CONTRACTS,
      accountAbstraction: ACCOUNT_ABSTRACTION_CONTRACTS,
    })),
  }
}

/**
 * Writes the manifest whole (temporary file, then rename), so a reader never sees half of it; like the
 * chain state beside it, it is its owner's alone whatever the umask.
 */
export async function writeDevnetManifest(dataDir: string, manifest: DevnetManifest): Promise<string> {
  const path = join(dataDir, DEVNET_MANIFEST_FILE)
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  await rename(temporary, path)
  return path
}
