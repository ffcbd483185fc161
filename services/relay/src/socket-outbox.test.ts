import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { SocketOutbox } from './socket-outbox.js'
import { encodeTextFrames } from './websocket-text-frames.js'

/** A ws socket as the outbox sees it: open or not, and the TCP socket it writes to. */
function fakeSocket() {
  const writes: Buffer[] = []
  const socket = {
    OPEN: 1,
    readyState: 1,
    _socket: { destroyed: false, write: (chunk: Buffer) => writes.push(chunk) },
  }
  return { socket, ws: socket as unknown as WebSocket, writes }
}

describe('SocketOutbox', () => {
  it('writes the frames of one event-loop turn in one write, in order, and each socket apart', async () => {
    const a = fakeSocket()
    const b = fakeSocket()
    const [outboxA, outboxB] = [new SocketOutbox(a.ws), new SocketOutbox(b.ws)]
    outboxA.push('one')
    outboxB.push('other')
    outboxA.push('two')
    expect(outboxA.size).toBe(6)
    expect(a.writes).toHaveLength(0)
    await nextTurn()
    expect(a.writes).toEqual([encodeTextFrames(['one', 'two'])])
    expect(b.writes).toEqual([encodeTextFrames(['other'])])
    outboxA.push('three')
    await nextTurn()
    expect(a.writes).toEqual([encodeTextFrames(['one', 'two']), encodeTextFrames(['three'])])
  })

  it('writes at once when flushed (before a close frame) and not again at the end of the turn', async () => {
    const { ws, writes } = fakeSocket()
    const outbox = new SocketOutbox(ws)
    outbox.push('last words')
    outbox.flush()
    expect(writes).toEqual([encodeTextFrames(['last words'])])
    await nextTurn()
    expect(writes).toHaveLength(1)
    expect(outbox.size).toBe(0)
  })

  it('drops what waits for a socket that is no longer open', async () => {
    const { socket, ws, writes } = fakeSocket()
    const outbox = new SocketOutbox(ws)
    outbox.push('too late')
    socket.readyState = 2
    await nextTurn()
    expect(writes).toHaveLength(0)
  })
})
