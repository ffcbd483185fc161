import { once } from 'node:events'
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { DEVICE, startTestServer } from './auth-test-helpers.js'

/** POSTs JSON over a keep-alive agent; answers the status, or 'closed' when the socket is cut. */
function postKeepAlive(agent: Agent, url: string, body: object, origin: string) {
  return new Promise<number | 'closed'>((resolve) => {
    const sent = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', origin } },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    sent.on('error', () => resolve('closed'))
    sent.end(JSON.stringify(body))
  })
}

it('close() ends a pending long poll and the keep-alive sockets instead of waiting for them', async () => {
  // A long poll far longer than the test may run: close() must not wait for it.
  const { server } = await startTestServer({ longPollMs: 600_000 })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = server.app.server.address() as AddressInfo
  const agent = new Agent({ keepAlive: true })
  const origin = 'http://localhost:3004'
  // Closing once the server has the request: from then on only the long poll holds it.
  const received = once(server.app.server, 'request')
  const waiting = postKeepAlive(
    agent,
    `http://127.0.0.1:${port}/auth/v1/device/wait`,
    { email: 'close@example.com', deviceId: DEVICE },
    origin,
  )
  await received
  let closed = false
  const closing = server.close().then(() => {
    closed = true
  })
  const answer = await waiting
  expect(answer === 200 || answer === 'closed').toBe(true)
  // The answered poll's socket stays keep-alive on the client; the server must still finish closing.
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 10_000))])
  expect(closed).toBe(true)
  agent.destroy()
})
