import { hash } from 'node:crypto'
import type { Socket } from 'node:net'
// The relay's own encoder: the floor writes frames exactly as the relay does.
import { encodeTextFrames } from '../../../services/relay/src/websocket-text-frames.js'

/**
 * The least WebSocket a server can speak (RFC 6455) for the relay bench's floor: the upgrade handshake,
 * masked client text frames in, unmasked server text frames out. No extensions, fragmentation, pings or
 * limits (the bench's ws clients use none of them): it trusts the bench's load generator and is never
 * shipped.
 */
const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
const OPCODE_TEXT = 0x1
const OPCODE_CLOSE = 0x8

export interface FloorSocket {
  /** Queues a text frame; all of a socket's frames of one event-loop turn go out in one write. */
  send(text: string): void
}

/** Sockets with frames waiting, written together once the turn has handled every read. */
const waiting: FloorConnection[] = []
let flushScheduled = false
function flushWaiting() {
  flushScheduled = false
  for (const connection of waiting.splice(0)) connection.flush()
}

class FloorConnection implements FloorSocket {
  #pending: Buffer | undefined
  #upgraded = false
  #frames: string[] = []

  constructor(
    private readonly socket: Socket,
    private readonly onText: (socket: FloorSocket, text: string) => void,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.#read(chunk))
    socket.on('error', () => socket.destroy())
  }

  send(text: string) {
    if (this.#frames.length === 0) {
      waiting.push(this)
      if (!flushScheduled) {
        flushScheduled = true
        setImmediate(flushWaiting)
      }
    }
    this.#frames.push(text)
  }

  flush() {
    const frames = this.#frames
    this.#frames = []
    if (!this.socket.destroyed) this.socket.write(encodeTextFrames(frames))
  }

  #read(chunk: Buffer) {
    let data = this.#pending ? Buffer.concat([this.#pending, chunk]) : chunk
    this.#pending = undefined
    if (!this.#upgraded) {
      const end = data.indexOf('\r\n\r\n')
      if (end < 0) {
        this.#pending = data
        return
      }
      this.#upgrade(data.toString('latin1', 0, end))
      data = data.subarray(end + 4)
    }
    let at = 0
    while (at < data.length) {
      const used = this.#frame(data, at)
      if (used === 0) break
      at += used
    }
    if (at < data.length) this.#pending = data.subarray(at)
  }

  #upgrade(head: string) {
    const key = /^sec-websocket-key:\s*(\S+)/im.exec(head)?.[1] ?? ''
    const accept = hash('sha1', key + ACCEPT_GUID, 'base64')
    this.socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    )
    this.#upgraded = true
  }

  /** Handles one whole frame at `at` and returns its length, or 0 when it has not fully arrived. */
  #frame(data: Buffer, at: number) {
    if (data.length - at < 2) return 0
    const opcode = (data[at] as number) & 0x0f
    const second = data[at + 1] as number
    const masked = (second & 0x80) !== 0
    let length = second & 0x7f
    let header = 2
    if (length === 126) {
      if (data.length - at < 4) return 0
      length = data.readUInt16BE(at + 2)
      header = 4
    } else if (length === 127) {
      if (data.length - at < 10) return 0
      length = data.readUInt32BE(at + 2) * 2 ** 32 + data.readUInt32BE(at + 6)
      header = 10
    }
    const maskAt = at + header
    const start = maskAt + (masked ? 4 : 0)
    if (data.length < start + length) return 0
    if (masked) unmask(data, maskAt, start, length)
    if (opcode === OPCODE_TEXT) this.onText(this, data.toString('utf8', start, start + length))
    else if (opcode === OPCODE_CLOSE) this.socket.end(CLOSE_FRAME)
    return start + length - at
  }
}

/** XORs a payload with its 4-byte mask in place (client frames are always masked). */
function unmask(data: Buffer, maskAt: number, start: number, length: number) {
  const m0 = data[maskAt] as number
  const m1 = data[maskAt + 1] as number
  const m2 = data[maskAt + 2] as number
  const m3 = data[maskAt + 3] as number
  const end = start + length
  let i = start
  for (; i + 3 < end; i += 4) {
    data[i] = (data[i] as number) ^ m0
    data[i + 1] = (data[i + 1] as number) ^ m1
    data[i + 2] = (data[i + 2] as number) ^ m2
    data[i + 3] = (data[i + 3] as number) ^ m3
  }
  // The last 0–3 bytes continue the mask's cycle from its first byte.
  if (i < end) data[i] = (data[i] as number) ^ m0
  if (i + 1 < end) data[i + 1] = (data[i + 1] as number) ^ m1
  if (i + 2 < end) data[i + 2] = (data[i + 2] as number) ^ m2
}

/** A server's close frame with no status: FIN set, opcode 8, no payload. */
const CLOSE_FRAME = Buffer.from([0x80 | OPCODE_CLOSE, 0])

/** Serves WebSocket text frames on a connected TCP socket (the upgrade request included). */
export function serveFloorSocket(socket: Socket, onText: (socket: FloorSocket, text: string) => void) {
  return new FloorConnection(socket, onText)
}
