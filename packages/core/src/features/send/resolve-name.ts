import * as z from 'zod/mini'
import { fetchJson } from '../../clients/http-json.js'
import { chainIdToCoinType, isEvmAddress } from '../../config/validation.js'

/** GET /v1/profile/account/{name} (spec §7): addresses by ENSIP-11 coin type, and the name's attributes. */
const nameProfileSchema = z.object({
  name: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: z.optional(
    z.union([z.array(z.record(z.string(), z.unknown())), z.record(z.string(), z.unknown())]),
  ),
})

export interface ResolvedName {
  name: string
  address: string
  avatar: string | undefined
}

/** Whether the receiver field holds a name (`alice.wcn.id`, `vitalik.eth`) rather than an address. */
export function looksLikeName(value: string): boolean {
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(value)
}

/** ENSIP-11: 60 is Ethereum's own coin type, which EVM names fall back to. */
const ETHEREUM_COIN_TYPE = '60'

/**
 * The address a name points to on `chainId`, through the chain API: its address for the chain's coin
 * type, else its Ethereum one. Rejects when the name is unknown (404), has no EVM address or the answer
 * has another shape.
 */
export async function resolveName(
  options: { chainApiUrl: string; projectId: string; fetch?: typeof fetch | undefined },
  name: string,
  chainId: number,
): Promise<ResolvedName> {
  const base = options.chainApiUrl.replace(/\/$/, '')
  const query = new URLSearchParams({ projectId: options.projectId })
  const profile = await fetchJson(
    `${base}/v1/profile/account/${encodeURIComponent(name.toLowerCase())}?${query}`,
    nameProfileSchema,
    {},
    options.fetch,
  )
  const address = [String(chainIdToCoinType(chainId)), ETHEREUM_COIN_TYPE]
    .map((coinType) => profile.addresses[coinType]?.address)
    .find((candidate) => candidate !== undefined && isEvmAddress(candidate))
  if (!address) throw new Error(`${name} has no address on chain ${chainId}`)
  const attributes = Array.isArray(profile.attributes) ? profile.attributes : [profile.attributes ?? {}]
  // Only a web image: the avatar becomes an <img> source.
  const avatar = attributes
    .map((record) => record.avatar)
    .find((value) => typeof value === 'string' && /^https?:\/\//.test(value))
  return { name: profile.name, address, avatar: avatar as string | undefined }
}
