import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'
import { encodeTextFrames } from './websocket-text-frames.js'

/** Outboxes holding frames, written together at the end of the current event-loop turn. */
const waiting: SocketOutbox[] = []
let flushScheduled = false

function flushWaiting() {
  flushScheduled = false
  for (const outbox of waiting.splice(0)) outbox.flush()
}

/**
 * One socket's outgoing text frames, written once per event-loop turn as one buffer in one write
 * (setImmediate runs after the turn has handled every socket read and storage answer, so all the
 * frames a socket gets in it share the syscall). The frames go straight to the TCP socket: the server
 * sends only text, without compression, so ws's sender holds nothing that could be overtaken.
 */
export class SocketOutbox {
  readonly #frames: string[] = []
  #characters = 0

  constructor(private readonly socket: WebSocket) {}

  /** Roughly the bytes waiting here (characters: UTF-8 may be longer), for the slow-client check. */
  get size() {
    return this.#characters
  }

  push(frame: string) {
    if (this.#frames.length === 0) {
      waiting.push(this)
      if (!flushScheduled) {
        flushScheduled = true
        setImmediate(flushWaiting)
      }
    }
    this.#frames.push(frame)
    this.#characters += frame.length
  }

  /** Writes what waits now (before a close frame, so nothing sent earlier is lost behind it). */
  flush() {
    const frames = this.#frames
    if (frames.length === 0) return
    try {
      if (this.socket.readyState !== this.socket.OPEN) return
      const raw = (this.socket as WebSocket & { _socket?: Socket | null })._socket
      if (raw && !raw.destroyed) raw.write(encodeTextFrames(frames))
      else for (const frame of frames) this.socket.send(frame)
    } finally {
      frames.length = 0
      this.#characters = 0
    }
  }
}
