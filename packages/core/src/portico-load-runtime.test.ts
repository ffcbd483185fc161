import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, createPortico } from './index.js'
import type { ChainAdapterFactory } from './internal.js'
import * as runtimeModule from './runtime.js'
import { emptyServicesFetch } from './testing/empty-services-fetch.js'

const noAdapter: ChainAdapterFactory = {
  namespace: 'eip155',
  isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
  watchConnectors: () => () => {},
  load: async () => {
    throw new Error('not used')
  },
}

const config = { projectId: 'load-runtime-tests', networks: [1], adapters: [noAdapter] }

// A UI package hands createPortico the module that brings its modal with the runtime (one request).
describe('createPortico({ loadRuntime })', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('loads the runtime through the given loader, once, and builds it with createRuntime', async () => {
    vi.stubGlobal('fetch', emptyServicesFetch().fetch)
    const createRuntime = vi.fn(runtimeModule.createRuntime)
    const loadRuntime = vi.fn(async () => ({ createRuntime }))
    const portico = createPortico(config, { storage: undefined, loadRuntime })
    expect(loadRuntime).not.toHaveBeenCalled()
    await Promise.all([portico.load(), portico.preload(), portico.load()])
    expect(loadRuntime).toHaveBeenCalledTimes(1)
    expect(createRuntime).toHaveBeenCalledTimes(1)
    expect(portico.isLoaded()).toBe(true)
  })

  it('reaches every member and action of the loaded runtime through the Portico object', async () => {
    vi.stubGlobal('fetch', emptyServicesFetch().fetch)
    let runtime: runtimeModule.Runtime | undefined
    const portico = createPortico(config, {
      storage: undefined,
      loadRuntime: async () => ({
        createRuntime: async (core) => {
          runtime = await runtimeModule.createRuntime(core)
          return runtime
        },
      }),
    })
    await portico.load()
    const internal = new Set(['reconnect', 'start', 'validated'])
    const members = Object.entries(runtime ?? {}).filter(([key]) => !internal.has(key))
    expect(members.length).toBeGreaterThan(10)
    for (const [key, value] of members) {
      const reached = (portico as unknown as Record<string, unknown>)[key]
      // A member is the runtime's own object; an action is Portico's wrapper that waits for the runtime.
      if (typeof value === 'function') expect(reached, key).toBeTypeOf('function')
      else expect(reached, key).toBe(value)
    }
  })

  it('tries the loader again after a failed load, and keeps the ConfigError of an invalid config', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const loadRuntime = vi
      .fn<() => Promise<Pick<typeof runtimeModule, 'createRuntime'>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(runtimeModule)
    const portico = createPortico(config, { storage: undefined, loadRuntime })
    await expect(portico.load()).rejects.toThrow(TypeError)
    await portico.load()
    expect(loadRuntime).toHaveBeenCalledTimes(2)

    const invalid = createPortico(
      { ...config, explorerUrl: 'not a url' },
      { storage: undefined, loadRuntime: async () => runtimeModule },
    )
    await expect(invalid.load()).rejects.toBeInstanceOf(ConfigError)
  })

  // The full validation follows the runtime (off the modal's opening): what the runtime installs before it
  // has run is checked on its own, and the ConfigError still reaches load() and the console.
  it('opens without waiting on the full validation, installs no SIWE from an invalid config and logs its error', async () => {
    vi.stubGlobal('fetch', emptyServicesFetch().fetch)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const portico = createPortico(
      { ...config, siwe: { getNonce: async () => 'nonce' } as never },
      { storage: undefined, loadRuntime: async () => runtimeModule },
    )
    await portico.preload()
    expect(portico.isLoaded()).toBe(true)
    expect(portico.siwe).toBeUndefined()
    await expect(portico.load()).rejects.toBeInstanceOf(ConfigError)
    expect(logged).toHaveBeenCalledWith(expect.any(ConfigError))
  })
})
