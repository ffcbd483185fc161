import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createRelayServer, type RelayLogger, type RelayServer } from './index.js'
import { relayJwt } from './relay-test-clients.js'

const lines: { message: string; fields?: Record<string, unknown> }[] = []
const capture: RelayLogger = {
  info: (message, fields) => lines.push({ message, ...(fields ? { fields } : {}) }),
  warn: (message, fields) => lines.push({ message, ...(fields ? { fields } : {}) }),
  error: (message, fields) => lines.push({ message, ...(fields ? { fields } : {}) }),
}

let relay: RelayServer
let httpUrl: string
beforeAll(async () => {
  relay = await createRelayServer({ logger: capture })
  httpUrl = relay.url.replace('ws://', 'http://')
})
afterAll(() => relay.close())

/** The HTTP answer to an upgrade the client did not ask close events for. */
function refusal(path: string) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const socket = new WebSocket(`${relay.url}${path}`)
    socket.on('error', () => {})
    socket.once('unexpected-response', (_request, response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) })
        socket.terminate()
      })
    })
    socket.once('open', () => reject(new Error('the upgrade was accepted')))
  })
}

describe('relay HTTP answers', () => {
  it('answers plain HTTP with 426 in the error body every service uses', async () => {
    const response = await fetch(`${httpUrl}/anything`)
    expect(response.status).toBe(426)
    expect(response.headers.get('upgrade')).toBe('websocket')
    expect(await response.json()).toEqual({
      error: { code: 'UPGRADE_REQUIRED', message: 'WalletConnect relay: open a WebSocket' },
    })
  })

  it('refuses an upgrade with the error body, and logs the path without the token or the address', async () => {
    const token = await relayJwt('wss://relay.elsewhere.example')
    lines.length = 0
    const refused = await refusal(`/ws/v2?auth=${token}&projectId=p`)
    expect(refused).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Auth token audience is not this relay' } },
    })
    expect(lines).toEqual([
      {
        message: 'relay upgrade refused',
        fields: { path: '/ws/v2', status: 401, reason: 'Auth token audience is not this relay' },
      },
    ])
    expect(JSON.stringify(lines)).not.toMatch(/127\.0\.0\.1|auth=/)
  })
})
