import * as z from 'zod/mini'
import { RpcError } from './json-rpc.js'

const paymasterServiceSchema = z.object({
  url: z.string().check(z.maxLength(2048), z.url({ protocol: /^https?$/ })),
  optional: z.optional(z.boolean()),
})

/**
 * The ERC-7677 `paymasterService` capability of a `wallet_sendCalls` request: the paymaster's URL and
 * whether the dApp marked it optional, or undefined when it did not ask for sponsorship.
 */
export function paymasterService(
  capabilities: Record<string, unknown> | undefined,
): { url: string; optional: boolean } | undefined {
  const capability = capabilities?.paymasterService
  if (capability === undefined) return undefined
  const parsed = paymasterServiceSchema.safeParse(capability)
  if (!parsed.success) throw new RpcError('Invalid paymasterService capability', -32602)
  return { url: parsed.data.url, optional: parsed.data.optional === true }
}
