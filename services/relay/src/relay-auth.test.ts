import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createRelayServer, type RelayServer } from './index.js'
import { RawRelayClient, relayJwt } from './relay-test-clients.js'

let relay: RelayServer

beforeAll(async () => {
  relay = await createRelayServer({ audiences: ['wss://relay.example.com'] })
})
afterAll(async () => {
  await relay.close()
})

/** Opens a socket the way the SDK does (`useOnCloseEvent=true`) and reports how the relay closed it. */
function closeOf(query: string) {
  return new Promise<{ code: number; reason: string }>((resolve, reject) => {
    const socket = new WebSocket(
      `${relay.url}/?${query}&projectId=p&ua=wc-2%2Fjs-2.25.0&useOnCloseEvent=true`,
    )
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    socket.once('error', reject)
  })
}

/** Without `useOnCloseEvent` the refusal is an HTTP answer to the upgrade. */
function upgradeStatus(query: string) {
  return new Promise<number>((resolve) => {
    const socket = new WebSocket(`${relay.url}/?${query}`)
    // terminate() after a refused upgrade reports an error we expect.
    socket.on('error', () => {})
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.once('open', () => {
      resolve(101)
      socket.close()
    })
  })
}

describe('auth JWT', () => {
  it('accepts a token for its own URL, its localhost alias and a configured audience', async () => {
    for (const audience of [
      relay.url,
      relay.url.replace('127.0.0.1', 'localhost'),
      'wss://relay.example.com/',
    ]) {
      const client = await RawRelayClient.connect(relay.url, { token: await relayJwt(audience) })
      expect((await client.request('irn_unsubscribe', { topic: 'a'.repeat(64) })).result).toBe(true)
      await client.close()
    }
  })

  it('closes with 3000 and a reason for a missing, expired, forged or misaddressed token', async () => {
    expect(await closeOf('')).toEqual({ code: 3000, reason: 'Missing auth token' })
    const nowSeconds = Math.floor(Date.now() / 1000)
    const expired = await relayJwt(relay.url, { iat: nowSeconds - 7_200, ttlSeconds: 3_600 })
    expect(await closeOf(`auth=${expired}`)).toEqual({ code: 3000, reason: 'Auth token expired' })
    const [header, payload, signature] = (await relayJwt(relay.url)).split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1 })).toString(
      'base64url',
    )
    expect(await closeOf(`auth=${header}.${forgedPayload}.${signature}`)).toEqual({
      code: 3000,
      reason: 'Invalid auth token signature',
    })
    const elsewhere = await relayJwt('wss://relay.walletconnect.org')
    expect(await closeOf(`auth=${elsewhere}`)).toEqual({
      code: 3000,
      reason: 'Auth token audience is not this relay',
    })
    expect(await closeOf('auth=not.a.jwt')).toMatchObject({ code: 3000 })
  })

  it('refuses the upgrade with HTTP 401 when the client did not ask for close events', async () => {
    expect(await upgradeStatus('')).toBe(401)
    expect(await upgradeStatus(`auth=${await relayJwt('ws://127.0.0.1:1')}`)).toBe(401)
    expect(await upgradeStatus(`auth=${await relayJwt(relay.url)}`)).toBe(101)
  })
})
