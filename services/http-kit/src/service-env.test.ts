import { describe, expect, it } from 'vitest'
import { parseEnv, port, redisUrl, serviceEnvSchema } from './index.js'

class BadConfig extends Error {}
const read = (env: Record<string, string | undefined>) =>
  parseEnv(serviceEnvSchema.extend({ DEMO_PORT: port(3999) }), env, (details) => new BadConfig(details))

describe('serviceEnvSchema', () => {
  it('reads HOST, the data folder, PostgreSQL and Redis the same way for every service', () => {
    expect(read({})).toEqual({
      HOST: '127.0.0.1',
      PORTICO_DATA_DIR: undefined,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      DEMO_PORT: 3999,
    })
    expect(
      read({
        HOST: ' 0.0.0.0 ',
        PORTICO_DATA_DIR: '/var/lib/portico',
        DATABASE_URL: 'postgres://u@db/portico',
        REDIS_URL: 'rediss://cache:6380',
        DEMO_PORT: '0',
      }),
    ).toEqual({
      HOST: '0.0.0.0',
      PORTICO_DATA_DIR: '/var/lib/portico',
      DATABASE_URL: 'postgres://u@db/portico',
      REDIS_URL: 'rediss://cache:6380',
      DEMO_PORT: 0,
    })
    expect(read({ HOST: '', REDIS_URL: ' ' })).toMatchObject({ HOST: '127.0.0.1', REDIS_URL: undefined })
  })

  it.each([
    ['REDIS_URL', 'http://cache:6379'],
    ['DATABASE_URL', 'mysql://db/portico'],
    ['DEMO_PORT', 'eighty'],
  ])('stops with an error naming %s when its value is bad', (variable, value) => {
    expect(() => read({ [variable]: value })).toThrow(BadConfig)
    expect(() => read({ [variable]: value })).toThrow(variable)
  })

  it('reads only redis:// and rediss:// as Redis', () => {
    expect(redisUrl.parse('redis://127.0.0.1:6379/2')).toBe('redis://127.0.0.1:6379/2')
    expect(() => redisUrl.parse('127.0.0.1:6379')).toThrow()
  })
})
