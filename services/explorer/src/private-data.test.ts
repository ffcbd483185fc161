import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { entriesOpenToOthers } from '@portico/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, walletImageId } from './index.js'

let parent: string

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'explorer-private-'))
})
afterAll(async () => {
  await rm(parent, { recursive: true, force: true })
})

describe('explorer data and logs', () => {
  it('creates its data folder and every file in it for its owner only, under a 022 umask', async () => {
    const dataDir = join(parent, 'data')
    const umask = process.umask(0o022)
    try {
      const server = await createExplorerServer({ dataDir, rateLimit: false })
      const posted = await server.app.inject({
        method: 'POST',
        url: '/e',
        headers: CLIENT_HEADERS,
        payload: {
          eventId: randomUUID(),
          url: 'https://d.example/',
          domain: 'd.example',
          timestamp: Date.now(),
          props: { event: 'X' },
        },
      })
      expect(posted.statusCode).toBe(204)
      expect(await entriesOpenToOthers(dataDir)).toEqual([])
      await server.close()
      expect(await entriesOpenToOthers(dataDir)).toEqual([])
    } finally {
      process.umask(umask)
    }
  })

  it('never logs tokens, flow ids, device ids or codes sent in headers, paths, queries or bodies', async () => {
    const secrets = {
      token: 'tok_31c9e7a5f2b8d4e6',
      flowId: 'flow_8d2f6b4a9e1c7053',
      code: '730418',
      deviceId: 'dev_5a7c9e1b3d2f',
    }
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const server = await createExplorerServer({ rateLimit: false, logger: { level: 'trace', stream } })
    const headers = { ...CLIENT_HEADERS, authorization: `Bearer ${secrets.token}` }
    const query = `code=${secrets.code}&deviceId=${secrets.deviceId}&token=${secrets.token}`
    await server.app.inject({ url: `/getWallets?search=${secrets.code}&${query}`, headers })
    await server.app.inject({ url: `/getWalletImage/${secrets.flowId}?${query}`, headers })
    await server.app.inject({
      url: `/getWalletImage/${walletImageId('metamask', 'MetaMask')}?${query}`,
      headers,
    })
    await server.app.inject({ url: `/auth/v1/social/result/${secrets.flowId}?${query}`, headers })
    await server.app.inject({
      method: 'POST',
      url: `/e?${query}`,
      headers,
      payload: {
        eventId: randomUUID(),
        url: `https://d.example/callback?code=${secrets.code}&flow=${secrets.flowId}`,
        domain: 'd.example',
        timestamp: Date.now(),
        props: { event: 'X', properties: { deviceId: secrets.deviceId, token: secrets.token } },
      },
    })
    await server.close()

    const log = lines.join('')
    expect(log).toContain('"url":"/getWalletImage/:id"')
    expect(log).toContain('"url":"/getWallets"')
    expect(log).toContain('"url":"/e"')
    expect(log).toContain('"url":"/auth/v1/social/result/:redacted"')
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret)
    expect(log).not.toMatch(/authorization|bearer/i)
  })
})
