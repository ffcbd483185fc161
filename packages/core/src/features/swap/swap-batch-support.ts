import * as z from 'zod/mini'
import { type BatchSupport, connectionOf, type SwapContext } from './swap-context.js'

export type { BatchSupport } from './swap-context.js'

const NO_BATCH: BatchSupport = { atomic: false, paymasterUrl: undefined }

/** One chain's capabilities, as EIP-5792 (`atomic.status`) and its earlier draft (`atomicBatch`) write them. */
const chainCapabilitiesSchema = z.object({
  atomic: z.optional(z.object({ status: z.string() })),
  atomicBatch: z.optional(z.object({ supported: z.boolean() })),
  paymasterService: z.optional(z.object({ supported: z.boolean() })),
})
const capabilitiesSchema = z.record(z.string(), z.unknown())

type Eip1193 = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/** The connected EVM wallet's EIP-1193 provider, when it has one. */
export async function walletProviderOf(context: SwapContext): Promise<Eip1193 | undefined> {
  const provider = (await context.portico.getProvider('eip155')) as Partial<Eip1193> | undefined
  return typeof provider?.request === 'function' ? (provider as Eip1193) : undefined
}

export const chainHex = (chainId: number) => `0x${chainId.toString(16)}`

/**
 * Asks the wallet once per account and chain. `ready` counts as atomic: the wallet upgrades the account with
 * its first batch (EIP-7702). A wallet that does not answer, or answers what EIP-5792 does not say, batches
 * nothing: the swap goes the two-step way.
 */
export function batchSupportOf(context: SwapContext): Promise<BatchSupport> {
  const connection = connectionOf(context)
  const user = connection?.accounts[0]
  if (!connection || !user || connection.namespace !== 'eip155') return Promise.resolve(NO_BATCH)
  const key = `${connection.chainId}:${user.toLowerCase()}`
  if (context.batchSupport?.key === key) return context.batchSupport.support
  const support = readBatchSupport(context, user, Number(connection.chainId))
  context.batchSupport = { key, support }
  return support
}

async function readBatchSupport(context: SwapContext, user: string, chainId: number): Promise<BatchSupport> {
  try {
    const provider = await walletProviderOf(context)
    if (!provider) return NO_BATCH
    const answer = capabilitiesSchema.safeParse(
      await provider.request({ method: 'wallet_getCapabilities', params: [user, [chainHex(chainId)]] }),
    )
    if (!answer.success) return NO_BATCH
    const entry = Object.entries(answer.data).find(
      ([id]) => /^0x[0-9a-f]+$/i.test(id) && Number(id) === chainId,
    )
    const chain = chainCapabilitiesSchema.safeParse(entry?.[1])
    if (!chain.success) return NO_BATCH
    const { atomic, atomicBatch, paymasterService } = chain.data
    const batches =
      atomic?.status === 'supported' || atomic?.status === 'ready' || atomicBatch?.supported === true
    if (!batches) return NO_BATCH
    const { paymasterUrl } = context.portico.config
    return { atomic: true, paymasterUrl: paymasterService?.supported ? paymasterUrl : undefined }
  } catch {
    return NO_BATCH
  }
}
