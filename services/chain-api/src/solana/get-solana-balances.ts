import { address } from '@solana/kit'
import { formatUnits } from 'viem'
import type { TokenBalance } from '../balance-response.js'
import { UpstreamError } from '../chain-api-errors.js'
import { createExpiringCache } from '../expiring-cache.js'
import { tokenIconUrl } from '../token-icons.js'
import type { SolanaCluster, SolanaClusters } from './solana-clusters.js'

/** The classic SPL Token program, which holds USDC and the other tokens a manifest lists. */
export const TOKEN_PROGRAM_ADDRESS = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')

interface RawSolanaBalance {
  lamports: bigint
  /** Base units held per mint, summed over the owner's token accounts. */
  tokens: Map<string, bigint>
}

interface ParsedTokenAccount {
  account: { data: { parsed: { info: { mint: string; tokenAmount: { amount: string } } } } }
}

export interface SolanaBalanceReaderOptions {
  clusters: SolanaClusters
  explorerUrl: string
  /** How long reads are reused (default 3000 ms); forceUpdate skips it. */
  cacheTtlMs?: number
  /** Least time between two reads forceUpdate causes for one cluster and address (default 1000 ms). */
  forceUpdateIntervalMs?: number
  now?: () => number
}

/** SOL and every listed SPL token an owner holds on one cluster, priced, in the EVM balances' shape. */
export function createSolanaBalanceReader(options: SolanaBalanceReaderOptions) {
  const { explorerUrl } = options

  const readCluster = async (cluster: SolanaCluster, owner: string): Promise<RawSolanaBalance> => {
    try {
      const [balance, accounts] = await Promise.all([
        cluster.rpc.getBalance(address(owner), { commitment: 'confirmed' }).send(),
        cluster.rpc
          .getTokenAccountsByOwner(
            address(owner),
            { programId: TOKEN_PROGRAM_ADDRESS },
            { encoding: 'jsonParsed', commitment: 'confirmed' },
          )
          .send(),
      ])
      const tokens = new Map<string, bigint>()
      for (const { account } of accounts.value as unknown as ParsedTokenAccount[]) {
        const { mint, tokenAmount } = account.data.parsed.info
        tokens.set(mint, (tokens.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
      }
      return { lamports: balance.value, tokens }
    } catch (error) {
      throw new UpstreamError(cluster.caipNetworkId, error)
    }
  }

  const cache = createExpiringCache<RawSolanaBalance>(options.cacheTtlMs ?? 3_000, {
    minRefreshIntervalMs: options.forceUpdateIntervalMs ?? 1_000,
    ...(options.now ? { now: options.now } : {}),
  })

  return async function solanaBalances(
    cluster: SolanaCluster,
    owner: string,
    forceUpdate = false,
  ): Promise<TokenBalance[]> {
    const raw = await cache.get(`${cluster.caipNetworkId}:${owner}`, () => readCluster(cluster, owner), {
      refresh: forceUpdate,
    })
    const entry = (
      token: { name: string; symbol: string; decimals: number; usdPrice?: number | undefined },
      amount: bigint,
      mint?: string,
    ): TokenBalance => {
      const numeric = formatUnits(amount, token.decimals)
      const price = token.usdPrice ?? 0
      return {
        name: token.name,
        symbol: token.symbol,
        chainId: cluster.caipNetworkId,
        ...(mint ? { address: `${cluster.caipNetworkId}:${mint}` } : {}),
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(token.decimals), numeric },
        iconUrl: tokenIconUrl(explorerUrl, token.symbol),
      }
    }
    const result = [entry(cluster.nativeCurrency, raw.lamports)]
    for (const token of cluster.tokens) {
      const amount = raw.tokens.get(token.mint) ?? 0n
      // As on EVM chains: listed tokens with a zero balance are left out, the native one always stays.
      if (amount > 0n) result.push(entry(token, amount, token.mint))
    }
    return result
  }
}

export type SolanaBalanceReader = ReturnType<typeof createSolanaBalanceReader>
