import { concatHex, type Hex, hexToBigInt, numberToHex, sliceHex } from 'viem'

/**
 * A batch id (EIP-5792) that carries what its status needs: the chain, how the batch went and its hash. The
 * wallet keeps no list of batches, so a status asked after the frame reloaded still answers. The first four
 * bytes mark the id as this wallet's and say the kind: 'PCAL' one transaction of the account's (its hash),
 * 'PUOP' one sponsored user operation (its hash, followed through the chain's bundler).
 */
const TAGS = { transaction: '0x5043414c', userOperation: '0x50554f50' } as const satisfies Record<string, Hex>
const ID = /^0x(5043414c|50554f50)[0-9a-f]{128}$/i

export type CallsKind = keyof typeof TAGS
export type CallsBatch = { chainId: number; hash: Hex; kind: CallsKind }

export const encodeCallsId = ({ chainId, hash, kind }: CallsBatch): Hex =>
  concatHex([TAGS[kind], numberToHex(chainId, { size: 32 }), hash]).toLowerCase() as Hex

/** The batch an id names, or undefined for an id this wallet did not make. */
export function decodeCallsId(id: unknown): CallsBatch | undefined {
  if (typeof id !== 'string' || !ID.test(id)) return undefined
  const chainId = hexToBigInt(sliceHex(id as Hex, 4, 36))
  if (chainId <= 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) return undefined
  const kind: CallsKind =
    id.slice(0, 10).toLowerCase() === TAGS.userOperation ? 'userOperation' : 'transaction'
  return { chainId: Number(chainId), hash: sliceHex(id as Hex, 36).toLowerCase() as Hex, kind }
}
