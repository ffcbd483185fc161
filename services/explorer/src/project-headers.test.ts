import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer } from './index.js'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: false })
})
afterAll(async () => {
  await server.close()
})

const API_CALLS = [
  { method: 'GET', url: '/getWallets' },
  { method: 'GET', url: '/getAnalyticsConfig' },
  { method: 'POST', url: '/e' },
] as const

const HEADER_CASES: [string, Record<string, string | undefined>, string][] = [
  ['missing x-project-id', { 'x-project-id': undefined }, 'x-project-id'],
  ['empty x-project-id', { 'x-project-id': '' }, 'x-project-id'],
  ['x-project-id with a space', { 'x-project-id': 'my project' }, 'x-project-id'],
  ['x-project-id of 65 characters', { 'x-project-id': 'a'.repeat(65) }, 'x-project-id'],
  ['x-project-id with a slash', { 'x-project-id': '../etc' }, 'x-project-id'],
  ['missing x-sdk-type', { 'x-sdk-type': undefined }, 'x-sdk-type'],
  ['x-sdk-type starting with a digit', { 'x-sdk-type': '1appkit' }, 'x-sdk-type'],
  ['x-sdk-type too long', { 'x-sdk-type': `a${'b'.repeat(32)}` }, 'x-sdk-type'],
  ['missing x-sdk-version', { 'x-sdk-version': undefined }, 'x-sdk-version'],
  ['x-sdk-version without a version', { 'x-sdk-version': 'html-wagmi' }, 'x-sdk-version'],
  ['x-sdk-version with two parts', { 'x-sdk-version': 'html-wagmi-5.1' }, 'x-sdk-version'],
  ['x-sdk-version with spaces', { 'x-sdk-version': 'html wagmi 5.1.11' }, 'x-sdk-version'],
  ['x-sdk-version too long', { 'x-sdk-version': `${'a-'.repeat(40)}1.2.3` }, 'x-sdk-version'],
]

function headersWith(overrides: Record<string, string | undefined>) {
  const headers: Record<string, string> = { ...CLIENT_HEADERS }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete headers[name]
    else headers[name] = value
  }
  return headers
}

describe('project headers', () => {
  for (const call of API_CALLS) {
    it.each(HEADER_CASES)(
      `${call.method} ${call.url}: %s → 400 naming the header`,
      async (_case, overrides, name) => {
        const response = await server.app.inject({ ...call, headers: headersWith(overrides) })
        expect(response.statusCode).toBe(400)
        expect(response.headers['content-type']).toMatch(/^application\/json/)
        const body = response.json()
        expect(body.error.code).toMatch(/^(MISSING|INVALID)_HEADER$/)
        expect(body.error.message).toContain(name)
      },
    )
  }

  it.each([
    '5.1.11',
    'html-wagmi-5.1.11',
    'react-ethers5-5.1.11',
    '1.0.0-beta.2',
    'v2.3.4',
    'html-core-1.2.3+build.7',
  ])('accepts x-sdk-version %s', async (version) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/getAnalyticsConfig',
      headers: { ...CLIENT_HEADERS, 'x-sdk-version': version },
    })
    expect(response.statusCode).toBe(200)
  })

  it('accepts a 32-hex project id like the hosted service issues, and w3m as sdk type', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/getAnalyticsConfig',
      headers: { ...CLIENT_HEADERS, 'x-project-id': 'c4f79cc821944d9680842e34466bfbd9', 'x-sdk-type': 'w3m' },
    })
    expect(response.statusCode).toBe(200)
  })

  it('does not require the headers on image routes (browsers load <img> without them)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/public/getTokenImage/ETH' })
    expect(response.statusCode).toBe(200)
  })

  it('answers unknown routes with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/nope', headers: CLIENT_HEADERS })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route GET /nope' } })
  })
})
