import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { lookup } from './production-front.js'

// WalletConnect relay clients through the balancer: publishers send numbered messages on their pair's
// topic, subscribers count what reaches them. A client whose socket closes reconnects with the same key
// (the same client id), as the SDK does: a publisher repeats the publish it got no answer to, a subscriber
// subscribes again and fetches what waited for it (irn_fetchMessages until hasMore is false).

interface RelayFrame {
  id?: number
  method?: string
  result?: unknown
  error?: { code: number; message: string }
  params?: { data?: { message?: string } }
}

interface ClientOptions {
  /** The public relay URL, wss://relay.portico.test:port: the JWT's audience and the socket's address. */
  url: string
  ca: string
  /** A loopback source address of its own, standing for one visitor. */
  localAddress: string
}

/** A relay socket that reconnects with the same client key until closed. */
class ReconnectingRelayClient {
  reconnects = 0
  #keyPair = generateKeyPair()
  #socket: WebSocket | undefined
  #pending = new Map<number, { resolve(frame: RelayFrame): void; reject(error: Error): void }>()
  #nextId = 1
  #closed = false
  #connectedBefore = false
  #ready: Promise<void> | undefined

  constructor(
    private readonly options: ClientOptions,
    /** Each pushed message, acknowledged before this is called. */
    private readonly onPush: (message: string) => void = () => {},
    /** After a reconnection, before requests go out again. */
    private readonly onReconnect: () => Promise<void> = async () => {},
  ) {}

  async connect(): Promise<void> {
    this.#ready ??= this.#open().finally(() => {
      this.#ready = undefined
    })
    return this.#ready
  }

  async #open() {
    for (let attempt = 0; ; attempt++) {
      if (this.#closed) throw new Error('client closed')
      const { url, ca, localAddress } = this.options
      const token = await signJWT(randomBytes(32).toString('hex'), url, 3_600, this.#keyPair)
      const socket = new WebSocket(`${url}/?auth=${token}`, { ca, lookup, localAddress })
      const opened = await new Promise<boolean>((resolve) => {
        socket.once('open', () => resolve(true))
        socket.once('error', () => resolve(false))
      })
      if (opened) {
        this.#attach(socket)
        if (this.#connectedBefore) await this.onReconnect()
        this.#connectedBefore = true
        return
      }
      await sleep(Math.min(1_000, 50 * 2 ** attempt))
    }
  }

  #attach(socket: WebSocket) {
    this.#socket = socket
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as RelayFrame
      if (frame.method === 'irn_subscription') {
        socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
        const message = frame.params?.data?.message
        if (message) this.onPush(message)
        return
      }
      if (typeof frame.id === 'number') {
        this.#pending.get(frame.id)?.resolve(frame)
        this.#pending.delete(frame.id)
      }
    })
    socket.once('close', () => {
      for (const { reject } of this.#pending.values()) reject(new Error('socket closed'))
      this.#pending.clear()
      if (this.#closed) return
      this.reconnects++
      // After a connection in progress settles: it may have opened a new socket already.
      void (this.#ready ?? Promise.resolve())
        .catch(() => {})
        .then(() => (this.#socket === socket && !this.#closed ? this.connect() : undefined))
        .catch(() => {})
    })
  }

  /** One request; rejects when the socket closes before its answer. */
  async request(method: string, params: unknown): Promise<RelayFrame> {
    const socket = this.#socket
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      await this.connect()
      return this.request(method, params)
    }
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    })
  }

  async close() {
    this.#closed = true
    const socket = this.#socket
    if (!socket || socket.readyState === WebSocket.CLOSED) return
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.close()
    await closed
  }
}

export interface RelayLoadReport {
  pairs: number
  /** Publishes answered true: each must reach its subscriber. */
  acked: number
  /** Publishes that failed (socket closed before the answer, or an error) and were repeated. */
  repeated: number
  delivered: number
  lost: number
  /** Messages that reached a subscriber more than once (allowed: a WalletConnect client drops them). */
  duplicates: number
  reconnects: number
  /** The first few lost messages, as published (pair, number, topic). */
  lostMessages: string[]
}

/** Starts `pairs` publisher/subscriber pairs, each publishing `perSecond` numbered messages a second. */
export async function startRelayLoad(options: { url: string; ca: string; pairs: number; perSecond: number }) {
  const acked = new Set<string>()
  const delivered = new Set<string>()
  let duplicates = 0
  let repeated = 0
  let publishing = true
  const clients: ReconnectingRelayClient[] = []

  const pair = async (index: number) => {
    const topic = randomBytes(32).toString('hex')
    const receive = (message: string) => {
      if (delivered.has(message)) duplicates++
      else delivered.add(message)
    }
    const fetchWaiting = async () => {
      await subscriber.request('irn_subscribe', { topic })
      for (;;) {
        const page = await subscriber.request('irn_fetchMessages', { topic })
        const result = page.result as { messages: Array<{ message: string }>; hasMore: boolean }
        for (const { message } of result.messages) receive(message)
        if (!result.hasMore) return
      }
    }
    const subscriber: ReconnectingRelayClient = new ReconnectingRelayClient(
      { url: options.url, ca: options.ca, localAddress: `127.0.2.${index + 1}` },
      receive,
      () => fetchWaiting().catch(() => {}),
    )
    const publisher = new ReconnectingRelayClient({
      url: options.url,
      ca: options.ca,
      localAddress: `127.0.1.${index + 1}`,
    })
    clients.push(subscriber, publisher)
    await Promise.all([subscriber.connect(), publisher.connect()])
    await subscriber.request('irn_subscribe', { topic })
    return async () => {
      for (let n = 1; publishing; n++) {
        const message = Buffer.from(`pair ${index} message ${n} topic ${topic}`).toString('base64')
        for (;;) {
          const answer = await publisher
            .request('irn_publish', { topic, message, ttl: 300, tag: 1100, prompt: false })
            .catch(() => undefined)
          if (answer?.result === true) break
          repeated++
          await sleep(50)
        }
        acked.add(message)
        await sleep(1_000 / options.perSecond)
      }
    }
  }

  const publishers = await Promise.all(Array.from({ length: options.pairs }, (_, index) => pair(index)))
  const running = publishers.map((publish) => publish())

  return {
    /** Stops publishing, waits for every acknowledged message to arrive (or `settleMs`), and counts. */
    async stop(settleMs = 20_000): Promise<RelayLoadReport> {
      publishing = false
      await Promise.all(running)
      const deadline = Date.now() + settleMs
      while (Date.now() < deadline && [...acked].some((message) => !delivered.has(message))) await sleep(100)
      const reconnects = clients.reduce((sum, client) => sum + client.reconnects, 0)
      await Promise.all(clients.map((client) => client.close()))
      const lost = [...acked].filter((message) => !delivered.has(message))
      return {
        pairs: options.pairs,
        acked: acked.size,
        repeated,
        delivered: delivered.size,
        lost: lost.length,
        lostMessages: lost.slice(0, 10).map((message) => Buffer.from(message, 'base64').toString()),
        duplicates,
        reconnects,
      }
    },
  }
}
