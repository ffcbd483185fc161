import { describe, expect, it } from 'vitest'
import { InvalidPorticoModeError, porticoMode } from './portico-mode.js'

describe('porticoMode', () => {
  it('is development by default, production under NODE_ENV=production, PORTICO_MODE otherwise', () => {
    expect(porticoMode({})).toBe('development')
    expect(porticoMode({ NODE_ENV: 'test' })).toBe('development')
    expect(porticoMode({ NODE_ENV: 'production' })).toBe('production')
    expect(porticoMode({ PORTICO_MODE: 'production' })).toBe('production')
    expect(porticoMode({ PORTICO_MODE: ' development ', NODE_ENV: 'test' })).toBe('development')
  })

  it('refuses NODE_ENV=production with PORTICO_MODE=development, and unknown modes', () => {
    expect(() => porticoMode({ NODE_ENV: 'production', PORTICO_MODE: 'development' })).toThrow(
      InvalidPorticoModeError,
    )
    expect(() => porticoMode({ PORTICO_MODE: 'staging' })).toThrow(/not "staging"/)
  })
})
