import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { STACK_DEFAULT_PORTS, takeDefaultPortAttempts } from '../../../scripts/default-port-guard.js'
import { readStackConfig } from './stack-config.js'

// The unit project's setup file (scripts/default-port-guard.ts) keeps unit tests off a running stack.
describe('the unit tests’ default-port guard', () => {
  it('covers every port the stack listens on by default', () => {
    const ports = Object.values(readStackConfig({}).ports)
    expect([...STACK_DEFAULT_PORTS].sort()).toEqual([...ports].sort())
  })

  it('refuses fetch and raw sockets to a default port, whatever answers there, and records them', async () => {
    for (const port of STACK_DEFAULT_PORTS) {
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow('fetch failed')
    }
    const socket = net.connect({ host: 'localhost', port: 3003 })
    const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException]
    expect(error.code).toBe('ECONNREFUSED')

    const attempts = takeDefaultPortAttempts()
    expect(attempts.map(({ port }) => port)).toEqual([...STACK_DEFAULT_PORTS, 3003])
    expect(attempts.at(-1)).toEqual({ host: 'localhost', port: 3003 })
  })

  it('lets a test reach the server it started on port 0', async () => {
    const server = createServer((_request, response) => response.end('own server'))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const { port } = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })
      expect(await response.text()).toBe('own server')
      expect(takeDefaultPortAttempts()).toEqual([])
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
