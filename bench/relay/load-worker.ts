import { randomBytes } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import type { StepCommand, StepCounts, WorkerCommand, WorkerPlan, WorkerReply } from './load-plan.js'

/**
 * One load-generator thread. Frames are read with string searches, not JSON.parse, so the generator
 * spends its core on the sockets and the relay stays the bottleneck being measured.
 */
const plan = workerData as WorkerPlan
const port = parentPort
if (!port) throw new Error('load-worker runs as a worker thread')

const PUSH_PREFIX = '{"id":'
const PUSH_METHOD = '"method":"irn_subscription"'
const STAMP = '"message":"t'

interface Measuring {
  start: number
  end: number
  counts: StepCounts
  delivery: number[]
  ack: number[]
}

const sockets: WebSocket[] = []
const topics: string[] = []
/** Publish id → send time, until the relay answers. */
const pending = new Map<number, number>()
let nextId = 1
let sequence = 0
let measuring: Measuring | undefined
/** Closed loop: each answered publish sends the next one until this time. */
let closedLoopUntil = 0
const padding = randomBytes(plan.messageBytes).toString('base64').slice(0, plan.messageBytes)

function onFrame(socket: WebSocket, text: string) {
  const now = performance.now()
  if (text.startsWith(PUSH_PREFIX) && text.includes(PUSH_METHOD)) {
    const idEnd = text.indexOf(',', PUSH_PREFIX.length)
    socket.send(`{"id":${text.slice(PUSH_PREFIX.length, idEnd)},"jsonrpc":"2.0","result":true}`)
    const stampAt = text.indexOf(STAMP) + STAMP.length
    const sentAt = Number(text.slice(stampAt, text.indexOf('x', stampAt))) / 1000
    if (!measuring) return
    if (now >= measuring.start && now < measuring.end) measuring.counts.deliveredInWindow++
    if (sentAt >= measuring.start && sentAt < measuring.end) {
      measuring.counts.arrivedOfSent++
      measuring.delivery.push(now - sentAt)
    }
    return
  }
  // An answer to one of our requests.
  const id = Number(text.slice(PUSH_PREFIX.length, text.indexOf(',', PUSH_PREFIX.length)))
  const sentAt = pending.get(id)
  if (sentAt === undefined) return
  pending.delete(id)
  if (now < closedLoopUntil) publishOne()
  if (!measuring || sentAt < measuring.start || sentAt >= measuring.end) return
  if (text.includes('"error"')) {
    measuring.counts.publishErrors++
    if (measuring.counts.errorSamples.length < 5) measuring.counts.errorSamples.push(text.slice(0, 300))
  } else measuring.ack.push(now - sentAt)
}

async function openSocket(relayUrl: string, localAddress: string) {
  const token = await signJWT(randomBytes(32).toString('hex'), relayUrl, 86_400, generateKeyPair())
  const socket = new WebSocket(`${relayUrl}/?auth=${token}`, { localAddress, perMessageDeflate: false })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  socket.on('message', (data) => onFrame(socket, String(data)))
  return socket
}

function request(socket: WebSocket, method: string, params: unknown) {
  const id = nextId++
  pending.set(id, performance.now())
  socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
  return id
}

async function subscribe(socket: WebSocket, topic: string) {
  const id = request(socket, 'irn_subscribe', { topic })
  while (pending.has(id)) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** Both sockets of a pair sit on different relays when there are several: every message crosses Redis. */
async function connect() {
  const started = performance.now()
  for (let chunk = 0; chunk < plan.pairs; chunk += 25) {
    const opened = []
    for (let i = chunk; i < Math.min(plan.pairs, chunk + 25); i++) {
      const pair = plan.firstPair + i
      const topic = randomBytes(32).toString('hex')
      const address = plan.localAddresses[pair % plan.localAddresses.length] as string
      const relays = plan.relayUrls
      const open = async (side: number) => {
        const socket = await openSocket(relays[(2 * pair + side) % relays.length] as string, address)
        await subscribe(socket, topic)
        return socket
      }
      opened.push(Promise.all([open(0), open(1)]).then((pairSockets) => ({ topic, pairSockets })))
    }
    for (const { topic, pairSockets } of await Promise.all(opened)) {
      topics.push(topic, topic)
      sockets.push(...pairSockets)
    }
  }
  return performance.now() - started
}

function publishOne() {
  const index = sequence % sockets.length
  const socket = sockets[index] as WebSocket
  const message = `t${Math.round(performance.now() * 1000)}x${sequence++}p${padding}`
  if (measuring && performance.now() >= measuring.start && performance.now() < measuring.end)
    measuring.counts.sent++
  request(socket, 'irn_publish', { topic: topics[index], message, ttl: plan.ttlSeconds, tag: 1108 })
}

/** Open-loop pacing: every millisecond, sends what the target rate says is due by now. */
async function step(command: StepCommand) {
  const started = performance.now()
  const start = started + command.warmupMs
  const end = start + command.measureMs
  const counts: StepCounts = {
    sent: 0,
    deliveredInWindow: 0,
    arrivedOfSent: 0,
    publishErrors: 0,
    errorSamples: [],
  }
  measuring = { start, end, counts, delivery: [], ack: [] }
  if (command.inFlight) {
    closedLoopUntil = end
    for (let i = 0; i < command.inFlight; i++) publishOne()
    await new Promise((resolve) => setTimeout(resolve, end - performance.now()))
  }
  let sent = 0
  while (!command.inFlight && performance.now() < end) {
    const due = Math.floor(((performance.now() - started) / 1000) * command.ratePerSecond)
    while (sent < due) {
      publishOne()
      sent++
    }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  await new Promise((resolve) => setTimeout(resolve, command.drainMs))
  const done = measuring
  measuring = undefined
  pending.clear()
  return done
}

port.on('message', async (command: WorkerCommand) => {
  try {
    let reply: WorkerReply
    if (command.type === 'connect') reply = { type: 'ready', connectMs: await connect() }
    else if (command.type === 'step') {
      const { counts, delivery, ack } = await step(command)
      reply = {
        type: 'step',
        ...counts,
        deliveryLatencies: Float64Array.from(delivery),
        ackLatencies: Float64Array.from(ack),
      }
    } else {
      for (const socket of sockets) socket.terminate()
      reply = { type: 'closed' }
    }
    port.postMessage(reply)
  } catch (error) {
    port.postMessage({ type: 'error', message: String(error) } satisfies WorkerReply)
  }
})
