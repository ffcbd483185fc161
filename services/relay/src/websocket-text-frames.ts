/** Bytes of a server frame's header (FIN, opcode, unmasked length) for a payload of `length` bytes. */
function headerBytes(length: number) {
  if (length < 126) return 2
  return length < 65_536 ? 4 : 10
}

/**
 * Encodes text frames as a server sends them (RFC 6455: FIN set, opcode 1, no mask) back to back in
 * one buffer, each payload UTF-8 encoded in place: no intermediate buffer per frame, one write for all.
 */
export function encodeTextFrames(frames: readonly string[]): Buffer {
  const lengths = new Array<number>(frames.length)
  let total = 0
  for (let i = 0; i < frames.length; i++) {
    const length = Buffer.byteLength(frames[i] as string)
    lengths[i] = length
    total += headerBytes(length) + length
  }
  const buffer = Buffer.allocUnsafe(total)
  let at = 0
  for (let i = 0; i < frames.length; i++) {
    const length = lengths[i] as number
    buffer[at++] = 0x81
    if (length < 126) buffer[at++] = length
    else if (length < 65_536) {
      buffer[at++] = 126
      at = buffer.writeUInt16BE(length, at)
    } else {
      buffer[at++] = 127
      at = buffer.writeUInt32BE(Math.floor(length / 2 ** 32), at)
      at = buffer.writeUInt32BE(length >>> 0, at)
    }
    at += buffer.write(frames[i] as string, at)
  }
  return buffer
}
