import { randomBytes } from 'node:crypto'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'

// Test helpers for frame-level tests: real sockets, JWTs minted by the SDK's own relay-auth.

/** A relay auth JWT exactly as the SDK mints it (relay-auth signJWT). */
export async function relayJwt(
  audience: string,
  options: {
    ttlSeconds?: number
    iat?: number
    /** The client's key: the same one on two relays is the same client id. */
    keyPair?: ReturnType<typeof generateKeyPair>
  } = {},
) {
  return signJWT(
    randomBytes(32).toString('hex'),
    audience,
    options.ttlSeconds ?? 86_400,
    options.keyPair ?? generateKeyPair(),
    options.iat,
  )
}

export { generateKeyPair as generateClientKeyPair }

export interface Frame {
  id?: unknown
  method?: string
  params?: { id?: string; data?: { topic: string; message: string; tag: number; publishedAt: number } }
  result?: unknown
  error?: { code: number; message: string; data?: string }
}

/** A bare JSON-RPC socket client for frame-level tests; it acks every push unless told not to. */
export class RawRelayClient {
  readonly frames: Array<{ text: string; frame: Frame }> = []
  #waiters: Array<() => void> = []
  #nextId = 1

  private constructor(
    readonly socket: WebSocket,
    readonly autoAck: boolean,
  ) {
    socket.on('message', (data) => {
      const text = String(data)
      const frame = JSON.parse(text) as Frame
      this.frames.push({ text, frame })
      if (frame.method === 'irn_subscription' && this.autoAck) {
        socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      }
      for (const wake of this.#waiters.splice(0)) wake()
    })
  }

  static async connect(
    relayUrl: string,
    options: {
      token?: string
      query?: string
      autoAck?: boolean
      /** Another loopback source address (127.0.0.2 …), to stand for a second machine. */
      localAddress?: string
    } = {},
  ) {
    const token = options.token ?? (await relayJwt(relayUrl))
    const socket = new WebSocket(`${relayUrl}/?auth=${token}${options.query ?? ''}`, {
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new RawRelayClient(socket, options.autoAck ?? true)
  }

  send(text: string) {
    this.socket.send(text)
  }

  /** Sends a request and resolves with the frame answering its id. */
  async request(method: string, params: unknown): Promise<Frame> {
    const id = this.#nextId++
    this.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return (await this.waitFor((frame) => frame.id === id && frame.method === undefined)).frame
  }

  /** Sends a request without waiting; returns its id. */
  sendRequest(method: string, params: unknown) {
    const id = this.#nextId++
    this.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return id
  }

  async waitFor(match: (frame: Frame, text: string) => boolean, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.frames.find(({ frame, text }) => match(frame, text))
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('timed out waiting for a relay frame')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  pushes(topic?: string) {
    return this.frames
      .map(({ frame }) => frame)
      .filter(
        (frame) => frame.method === 'irn_subscription' && (!topic || frame.params?.data?.topic === topic),
      )
  }

  async close() {
    if (this.socket.readyState === WebSocket.CLOSED) return
    const closed = new Promise((resolve) => this.socket.once('close', resolve))
    this.socket.close()
    await closed
  }
}

export function randomTopic() {
  return randomBytes(32).toString('hex')
}
