import { UpstreamError } from './chain-api-errors.js'
import type { ChainClients } from './chain-clients.js'
import { createExpiringCache } from './expiring-cache.js'
import type { GasPriceResponse } from './gas-price-response.js'

const HISTORY_BLOCKS = 10
const PERCENTILES = [25, 50, 90]

const max = (...values: bigint[]) => values.reduce((a, b) => (a > b ? a : b))
const median = (values: bigint[]) =>
  [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[values.length >> 1] ?? 0n

/**
 * Three speeds from the node: its eth_gasPrice, and the next block's base fee plus the median tip at the
 * 25th/50th/90th percentile of the last blocks. Fast and instant assume one and two blocks of the maximal
 * (12.5 %) base-fee rise, so a transaction priced at them survives that long.
 */
export function createGasPriceReader(clients: ChainClients, cacheTtlMs = 2_000) {
  const cache = createExpiringCache<GasPriceResponse>(cacheTtlMs, { maxEntries: 1_000 })
  const read = async (chainId: number): Promise<GasPriceResponse> => {
    const client = clients.client(chainId)
    try {
      const [gasPrice, history] = await Promise.all([
        client.getGasPrice(),
        client.getFeeHistory({ blockCount: HISTORY_BLOCKS, rewardPercentiles: PERCENTILES }),
      ])
      const nextBaseFee = history.baseFeePerGas.at(-1) ?? 0n
      const tip = (column: number) => median((history.reward ?? []).map((row) => row[column] ?? 0n))
      const standard = max(gasPrice, nextBaseFee + tip(0))
      const fast = max(standard, (nextBaseFee * 1125n) / 1000n + tip(1))
      const instant = max(fast, (nextBaseFee * 1266n) / 1000n + tip(2))
      return { standard: standard.toString(), fast: fast.toString(), instant: instant.toString() }
    } catch (error) {
      throw new UpstreamError(chainId, error)
    }
  }
  return (chainId: number) => cache.get(String(chainId), () => read(chainId))
}

export type GasPriceReader = ReturnType<typeof createGasPriceReader>
