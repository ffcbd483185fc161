import type { AdapterContext } from '@portico/core/internal'
import { fallback, http, type Transport } from 'viem'

/** The chain API's RPC gateway for one chain (spec §7): `<chainApiUrl>/v1/?chainId=eip155:<id>&projectId=…`. */
export function rpcGatewayUrl(chainApiUrl: string, chainId: number, projectId: string): string {
  const query = new URLSearchParams({ chainId: `eip155:${chainId}`, projectId })
  return `${chainApiUrl.replace(/\/$/, '')}/v1/?${query}`
}

/**
 * How the dApp reads a chain and submits signed transactions: through the chain API's RPC gateway, and
 * when it fails (down, time-out, a chain it does not serve, a method it refuses) the chain's own RPC URL.
 * viem's fallback retries the pair 3 times from 150 ms, doubling (spec §9); each URL gets the RPC time-out.
 * Without a chain API, the chain's RPC URL alone.
 */
export function chainTransport(
  context: Pick<AdapterContext, 'rpcUrl' | 'rpcTimeoutMs' | 'chainApiUrl' | 'projectId'>,
  chainId: number,
): Transport {
  const direct = http(context.rpcUrl(chainId), { timeout: context.rpcTimeoutMs })
  if (!context.chainApiUrl) return direct
  const gateway = http(rpcGatewayUrl(context.chainApiUrl, chainId, context.projectId), {
    timeout: context.rpcTimeoutMs,
  })
  return fallback([gateway, direct])
}
