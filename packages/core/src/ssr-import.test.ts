import { describe, expect, it } from 'vitest'

describe('server-side import', () => {
  it('imports and creates an instance without touching window or document', async () => {
    const touched: string[] = []
    for (const name of ['window', 'document', 'localStorage']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name)
          return undefined
        },
      })
    }
    try {
      const core = await import('./index.js')
      expect(typeof core.createPortico).toBe('function')
      expect(touched).toEqual([])
    } finally {
      for (const name of ['window', 'document', 'localStorage'])
        delete (globalThis as Record<string, unknown>)[name]
    }
  })
})
