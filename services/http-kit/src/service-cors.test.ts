import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { type ServiceCorsOptions, serviceCors } from './index.js'

const apps: FastifyInstance[] = []
afterAll(() => Promise.all(apps.map((app) => app.close())))

async function service(options: Partial<ServiceCorsOptions> = {}) {
  const app = Fastify()
  apps.push(app)
  await app.register(serviceCors, {
    origins: undefined,
    allowedHeaders: ['content-type', 'x-project-id'],
    ...options,
  })
  app.get('/ping', async () => ({ ok: true }))
  await app.ready()
  return app
}

const preflight = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/ping',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-project-id',
    },
  })

describe('serviceCors', () => {
  it('lets local pages call by default, with the headers, exposed ones and a day-long preflight', async () => {
    const app = await service()
    const allowed = await preflight(app, 'http://127.0.0.1:3000')
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': 'http://127.0.0.1:3000',
      'access-control-allow-headers': 'content-type, x-project-id',
      'access-control-max-age': '86400',
    })
    const get = await app.inject({ url: '/ping', headers: { origin: 'http://localhost:5173' } })
    expect(get.headers['access-control-expose-headers']).toBe('retry-after')
    expect(
      (await preflight(app, 'https://dapp.example')).headers['access-control-allow-origin'],
    ).toBeUndefined()
    // Servers and curl send no Origin: not CORS, answered as usual.
    expect((await app.inject({ url: '/ping' })).statusCode).toBe(200)
  })

  it('allows only the listed origins when given, or every one with *', async () => {
    const listed = await service({ origins: ['https://dapp.example'] })
    expect((await preflight(listed, 'https://dapp.example')).headers['access-control-allow-origin']).toBe(
      'https://dapp.example',
    )
    expect(
      (await preflight(listed, 'http://127.0.0.1:3000')).headers['access-control-allow-origin'],
    ).toBeUndefined()
    const any = await service({ origins: ['*'] })
    expect((await preflight(any, 'https://other.example')).headers['access-control-allow-origin']).toBe(
      'https://other.example',
    )
  })
})
