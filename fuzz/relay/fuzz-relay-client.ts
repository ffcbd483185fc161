import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'

export type Exchange =
  | { kind: 'answer'; result?: unknown; error?: { code: number; message: string } }
  | { kind: 'hang' }
  | { kind: 'closed'; code: number }

/** Matches a frame's answer by id (numbers only: the fuzzer's frames carry the ids it chose). */
export class FuzzRelayClient {
  readonly #waiting = new Map<number, (exchange: Exchange) => void>()
  #nextId = 1
  #closed: { code: number } | undefined

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      let frame: {
        id?: unknown
        method?: unknown
        result?: unknown
        error?: { code: number; message: string }
      }
      try {
        frame = JSON.parse(String(data))
      } catch {
        return
      }
      if (frame.method === 'irn_subscription') {
        socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
        return
      }
      const wake = typeof frame.id === 'number' ? this.#waiting.get(frame.id) : undefined
      wake?.({ kind: 'answer', result: frame.result, ...(frame.error ? { error: frame.error } : {}) })
    })
    socket.on('close', (code) => {
      this.#closed = { code }
      for (const wake of this.#waiting.values()) wake({ kind: 'closed', code })
    })
  }

  static async connect(relayUrl: string) {
    const token = await signJWT('fuzz', relayUrl, 86_400, generateKeyPair())
    const socket = new WebSocket(`${relayUrl}/?auth=${token}`)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new FuzzRelayClient(socket)
  }

  /**
   * Sends a frame and waits for the answer to `id`. Frames without a usable id are followed by a
   * sentinel request: its answer shows the relay got past the frame.
   */
  async exchange(text: string, id: number | undefined, timeoutMs: number): Promise<Exchange> {
    if (this.#closed) return { kind: 'closed', code: this.#closed.code }
    if (id !== undefined) return this.#await(id, timeoutMs, () => this.socket.send(text))
    this.socket.send(text)
    return this.request('irn_unsubscribe', { topic: '0'.repeat(64) }, timeoutMs)
  }

  request(method: string, params: unknown, timeoutMs: number) {
    const id = this.nextId()
    return this.#await(id, timeoutMs, () =>
      this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params })),
    )
  }

  nextId() {
    return this.#nextId++
  }

  #await(id: number, timeoutMs: number, send: () => void) {
    return new Promise<Exchange>((resolve) => {
      const timer = setTimeout(() => done({ kind: 'hang' }), timeoutMs)
      const done = (exchange: Exchange) => {
        clearTimeout(timer)
        this.#waiting.delete(id)
        resolve(exchange)
      }
      this.#waiting.set(id, done)
      send()
    })
  }

  async close() {
    if (this.#closed) return
    const closed = new Promise((resolve) => this.socket.once('close', resolve))
    this.socket.close()
    await closed
  }
}
