const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGIT = new Map([...ALPHABET].map((char, index) => [char, index]))

/** Decodes Bitcoin-alphabet base58 (multibase `z`); undefined on a character outside the alphabet. */
export function decodeBase58btc(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = DIGIT.get(char)
    if (digit === undefined) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' stands for one leading zero byte.
  let zeros = 0
  while (text[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}
