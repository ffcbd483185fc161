import { isAllowedOrigin } from '@portico/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer } from './index.js'

let localOnly: ExplorerServer
let listed: ExplorerServer

beforeAll(async () => {
  ;[localOnly, listed] = await Promise.all([
    createExplorerServer({ rateLimit: false }),
    createExplorerServer({ rateLimit: false, corsOrigins: ['https://dapp.example'] }),
  ])
})
afterAll(async () => {
  await Promise.all([localOnly.close(), listed.close()])
})

const get = (server: ExplorerServer, origin: string) =>
  server.app.inject({ method: 'GET', url: '/getWallets?entries=1', headers: { ...CLIENT_HEADERS, origin } })

describe('CORS', () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:5173', 'https://localhost', 'http://[::1]:8080'])(
    'allows the local origin %s by default',
    async (origin) => {
      const response = await get(localOnly, origin)
      expect(response.statusCode).toBe(200)
      expect(response.headers['access-control-allow-origin']).toBe(origin)
      expect(response.headers.vary).toContain('Origin')
    },
  )

  it.each(['https://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io'])(
    'gives no CORS grant to %s by default',
    async (origin) => {
      const response = await get(localOnly, origin)
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
    },
  )

  it('answers a preflight for the project headers without requiring them', async () => {
    const response = await localOnly.app.inject({
      method: 'OPTIONS',
      url: '/getWallets',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-project-id,x-sdk-type,x-sdk-version',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(String(response.headers['access-control-allow-headers'])).toContain('x-project-id')
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST')
  })

  it('uses the configured list instead of the local default', async () => {
    expect((await get(listed, 'https://dapp.example')).headers['access-control-allow-origin']).toBe(
      'https://dapp.example',
    )
    expect(
      (await get(listed, 'http://localhost:3000')).headers['access-control-allow-origin'],
    ).toBeUndefined()
  })

  it('treats * in the list as any origin', () => {
    expect(isAllowedOrigin('https://anything.example', ['*'])).toBe(true)
  })
})
