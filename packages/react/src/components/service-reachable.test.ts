import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isReachable } from './service-reachable.js'

/** A port something listened on a moment ago and nothing does now. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('isReachable', () => {
  let server: Server
  let port: number
  beforeAll(async () => {
    // Answers every request with an error status, as a relay answers a plain HTTP request.
    server = createServer((_request, response) => response.writeHead(426).end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('counts a service that answers, even with an error status, as reachable (ws URLs asked over http)', async () => {
    await expect(isReachable(`http://127.0.0.1:${port}`)).resolves.toBe(true)
    await expect(isReachable(`ws://127.0.0.1:${port}`)).resolves.toBe(true)
  })

  it('counts a port nothing listens on as unreachable', async () => {
    const closed = await closedPort()
    await expect(isReachable(`http://127.0.0.1:${closed}`)).resolves.toBe(false)
    await expect(isReachable(`ws://127.0.0.1:${closed}`)).resolves.toBe(false)
  })
})
