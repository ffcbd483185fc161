import { createServer } from 'node:net'
import { type FloorSocket, serveFloorSocket } from './floor-websocket.js'

/**
 * The relay bench's floor (`--relay-entry bench/relay/floor/floor-relay.ts`): a forwarder that answers
 * exactly what the load generator sends (irn_subscribe; irn_publish pushed to the topic's other
 * subscribers as irn_subscription and answered at once; the push's ack read and dropped) with no
 * storage, validation, quotas, auth, hashed ids or ack window. Whatever a real relay adds costs on top of
 * this, so its throughput on a core is the ceiling of any Node relay with this load generator.
 */
interface RpcFrame {
  id: number
  method?: string
  params?: { topic: string; message: string; tag: number }
}

/** Topic → its subscribed sockets (two per topic in the bench). */
const subscribers = new Map<string, FloorSocket[]>()
let nextPushId = 1
/**
 * FLOOR_ANSWER=on-ack answers a publish when its push is acknowledged, as the relay's write-behind
 * does: the answer then never shares a write with the push the publisher's peer sent in the same turn,
 * which a paced pair (both sockets publish back to back) otherwise lets the immediate answer do.
 */
const answerOnAck = process.env.FLOOR_ANSWER === 'on-ack'
/** Push id → the publish waiting for its ack (answer on ack only). */
const awaitingAck = new Map<number, { publisher: FloorSocket; id: number }>()

function answer(socket: FloorSocket, id: number) {
  socket.send(`{"id":${id},"jsonrpc":"2.0","result":true}`)
}

function onText(socket: FloorSocket, text: string) {
  const frame = JSON.parse(text) as RpcFrame
  if (frame.method === 'irn_publish' && frame.params) {
    const { topic, message, tag } = frame.params
    const data = `{"topic":${JSON.stringify(topic)},"message":${JSON.stringify(message)},"publishedAt":${Date.now()},"tag":${tag}}`
    let waitsForAck = false
    for (const subscriber of subscribers.get(topic) ?? []) {
      if (subscriber === socket) continue
      const pushId = nextPushId++
      subscriber.send(
        `{"id":${pushId},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":${JSON.stringify(topic)},"data":${data}}}`,
      )
      if (answerOnAck && !waitsForAck) {
        awaitingAck.set(pushId, { publisher: socket, id: frame.id })
        waitsForAck = true
      }
    }
    if (!waitsForAck) answer(socket, frame.id)
  } else if (frame.method === 'irn_subscribe' && frame.params) {
    const { topic } = frame.params
    const list = subscribers.get(topic)
    if (list) list.push(socket)
    else subscribers.set(topic, [socket])
    // The topic stands in for the subscription id (the relay hashes it; nothing here reads it back).
    socket.send(`{"id":${frame.id},"jsonrpc":"2.0","result":${JSON.stringify(topic)}}`)
  } else if (frame.method !== undefined) answer(socket, frame.id)
  else if (answerOnAck) {
    // The ack of a push (the first subscriber's, which is the only other one in the bench).
    const waiting = awaitingAck.get(frame.id)
    if (!waiting) return
    awaitingAck.delete(frame.id)
    answer(waiting.publisher, waiting.id)
  }
}

const server = createServer((socket) => serveFloorSocket(socket, onText))
const port = Number(process.env.RELAY_PORT ?? 0)
server.listen(port, '127.0.0.1', () => {
  // The bench waits for this line, as it does for the relay's log.
  console.log(`relay listening ws://127.0.0.1:${(server.address() as { port: number }).port}`)
})
process.once('SIGTERM', () => process.exit(0))
