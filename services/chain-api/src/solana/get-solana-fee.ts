import {
  address,
  compileTransactionMessage,
  createTransactionMessage,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { UpstreamError } from '../chain-api-errors.js'
import { createExpiringCache } from '../expiring-cache.js'
import type { GasPriceResponse } from '../gas-price-response.js'
import type { SolanaCluster } from './solana-clusters.js'

/** The compute budget a plain transfer is priced for when a priority fee is added. */
const TRANSFER_COMPUTE_UNITS = 200_000n
/** Any fee payer does: the fee of a message depends on its signatures, not on who pays. */
const FEE_PAYER = address('11111111111111111111111111111112')

const percentile = (values: bigint[], p: number) => {
  if (values.length === 0) return 0n
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0n
}

/**
 * The gas-price answer for a cluster, in lamports: standard is the fee of a one-signature message
 * (getFeeForMessage), fast and instant add the median and the 90th percentile of recent priority fees
 * for a transfer's compute budget.
 */
export function createSolanaFeeReader(cacheTtlMs = 2_000) {
  const cache = createExpiringCache<GasPriceResponse>(cacheTtlMs, { maxEntries: 100 })
  const read = async (cluster: SolanaCluster): Promise<GasPriceResponse> => {
    try {
      const { value: blockhash } = await cluster.rpc.getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(FEE_PAYER, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      )
      const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
      const base64 = getBase64Decoder().decode(bytes) as TransactionMessageBytesBase64
      const [fee, recent] = await Promise.all([
        cluster.rpc.getFeeForMessage(base64).send(),
        cluster.rpc.getRecentPrioritizationFees().send(),
      ])
      if (fee.value === null) throw new Error('the cluster no longer knows the latest blockhash')
      const base = BigInt(fee.value)
      const microLamports = recent.map((entry) => BigInt(entry.prioritizationFee))
      // Priority fees are micro-lamports per compute unit.
      const priority = (p: number) => (percentile(microLamports, p) * TRANSFER_COMPUTE_UNITS) / 1_000_000n
      const standard = base
      const fast = base + priority(50)
      const instant = fast > base + priority(90) ? fast : base + priority(90)
      return { standard: standard.toString(), fast: fast.toString(), instant: instant.toString() }
    } catch (error) {
      throw new UpstreamError(cluster.caipNetworkId, error)
    }
  }
  return (cluster: SolanaCluster) => cache.get(cluster.caipNetworkId, () => read(cluster))
}

export type SolanaFeeReader = ReturnType<typeof createSolanaFeeReader>
