import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  flag,
  isAllowedOrigin,
  logLevel,
  optionalText,
  originList,
  parseEnv,
  port,
  positiveInt,
  privateLoggerOptions,
} from './index.js'

describe('http kit', () => {
  it('reads on/off variables, with the fallback when unset or blank', () => {
    expect(flag(true).parse(undefined)).toBe(true)
    expect(flag(true).parse('')).toBe(true)
    expect(flag(true).parse('off')).toBe(false)
    expect(flag(false).parse('yes')).toBe(true)
    expect(() => flag(false).parse('maybe')).toThrow()
    expect(optionalText.parse('  ')).toBeUndefined()
    expect(optionalText.parse(' x ')).toBe('x')
  })

  it('reads ports, positive counts, origin lists and log levels', () => {
    expect(port(3000).parse(undefined)).toBe(3000)
    expect(port(3000).parse('0')).toBe(0)
    expect(() => port(3000).parse('65536')).toThrow()
    expect(positiveInt(5).parse('')).toBe(5)
    expect(() => positiveInt(5).parse('0')).toThrow()
    expect(originList.parse(' , ')).toBeUndefined()
    expect(originList.parse('https://app.example/path, *')).toEqual(['https://app.example', '*'])
    expect(() => originList.parse('ftp://app.example')).toThrow()
    expect(logLevel.parse(undefined)).toBe('info')
  })

  it("throws the caller's error naming the bad variable", () => {
    const schema = z.object({ SOME_PORT: port(1) })
    expect(parseEnv(schema, {}, (details) => new Error(details))).toEqual({ SOME_PORT: 1 })
    expect(() => parseEnv(schema, { SOME_PORT: 'x' }, (details) => new RangeError(details))).toThrow(
      expect.objectContaining({ name: 'RangeError', message: expect.stringContaining('SOME_PORT') }),
    )
  })

  it('allows local dApp origins by default, and only the listed ones otherwise', () => {
    expect(isAllowedOrigin('http://127.0.0.1:3000', undefined)).toBe(true)
    expect(isAllowedOrigin('https://evil.example', undefined)).toBe(false)
    expect(isAllowedOrigin('https://app.example', ['https://app.example'])).toBe(true)
    expect(isAllowedOrigin('http://127.0.0.1:3000', ['https://app.example'])).toBe(false)
    expect(isAllowedOrigin('https://any.example', ['*'])).toBe(true)
  })

  it('logs requests without the client address', () => {
    expect(privateLoggerOptions(false)).toBe(false)
    const options = privateLoggerOptions({ level: 'info' }) as {
      level: string
      serializers: { req(request: object): object }
    }
    expect(options.level).toBe('info')
    const line = options.serializers.req({
      id: '1',
      method: 'GET',
      url: '/x',
      ip: '10.0.0.1',
      remoteAddress: 'a',
    })
    expect(line).toEqual({ id: '1', method: 'GET', url: '/x' })
  })
})
