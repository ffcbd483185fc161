import { concatHex, type Hex, hexToBigInt, numberToHex, sliceHex } from 'viem'

/**
 * A batch id (EIP-5792) that carries what its status needs: the chain and the transaction hash. The wallet
 * keeps no list of batches, so a status asked after the frame reloaded still answers. The first four bytes
 * mark the id as this wallet's ('PCAL').
 */
const TAG: Hex = '0x5043414c'
const ID = /^0x5043414c[0-9a-f]{128}$/i

export type CallsBatch = { chainId: number; hash: Hex }

export const encodeCallsId = ({ chainId, hash }: CallsBatch): Hex =>
  concatHex([TAG, numberToHex(chainId, { size: 32 }), hash]).toLowerCase() as Hex

/** The batch an id names, or undefined for an id this wallet did not make. */
export function decodeCallsId(id: unknown): CallsBatch | undefined {
  if (typeof id !== 'string' || !ID.test(id)) return undefined
  const chainId = hexToBigInt(sliceHex(id as Hex, 4, 36))
  if (chainId <= 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) return undefined
  return { chainId: Number(chainId), hash: sliceHex(id as Hex, 36).toLowerCase() as Hex }
}
