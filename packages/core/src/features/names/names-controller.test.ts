import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainIdToCoinType } from '../../config/validation.js'
import { createPortico, type Portico } from '../../portico.js'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'
import { scriptedAdapter, testConnection } from '../../testing/scripted-adapter.js'
import type { NamesError } from './names-errors.js'

const signer = privateKeyToAccount(generatePrivateKey())

interface Recorded {
  path: string
  body?: unknown
}

/**
 * The chain API's names as a fetch: `taken` names answer registered, a registration answers `refusal`
 * when set (as the service refuses: a 4xx with reasons) or the new profile.
 */
function namesService(options: { taken?: string[]; refusal?: { status: number; description: string } } = {}) {
  const services = emptyServicesFetch()
  const requests: Recorded[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!url.pathname.startsWith('/v1/profile/')) return services.fetch(input, init)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    requests.push({ path: url.pathname, ...(body ? { body } : {}) })
    const suggestion = /^\/v1\/profile\/suggestions\/(.+)$/.exec(url.pathname)
    if (suggestion) {
      const name = `${decodeURIComponent(suggestion[1] ?? '').toLowerCase()}.wcn.id`
      const taken = new Set(options.taken ?? [])
      return Response.json({
        suggestions: [
          { name, registered: taken.has(name) },
          { name: name.replace('.wcn.id', '1.wcn.id'), registered: false },
          { name: name.replace('.wcn.id', '2.wcn.id'), registered: false },
        ],
      })
    }
    if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
      if (options.refusal)
        return Response.json(
          {
            error: { code: 'NAME_TAKEN', message: options.refusal.description },
            status: 'FAILED',
            reasons: [{ name: 'name', description: options.refusal.description }],
          },
          { status: options.refusal.status },
        )
      const { name } = JSON.parse(body.message) as { name: string }
      return Response.json({
        name,
        registered: 1,
        updated: 1,
        addresses: {
          [String(body.coin_type)]: { address: body.address, created: '2026-01-01T00:00:00.000Z' },
        },
        attributes: [],
      })
    }
    return new Response(JSON.stringify({ reasons: [{ name: 'request', description: 'Not found' }] }), {
      status: 404,
    })
  }
  return { fetch, requests }
}

/** A Portico with a wallet that signs with a real key (EIP-191), connected on Ethereum (or `chainId`). */
async function connected(
  signMessage?: (message: string) => Promise<string>,
  chainId = testConnection.chainId,
): Promise<Portico> {
  const { factory } = scriptedAdapter({
    connect: async () => ({ ...testConnection, chainId, accounts: [signer.address] }),
    signMessage: signMessage ?? ((message) => signer.signMessage({ message })),
  })
  const portico = createPortico(
    { projectId: 'p', networks: [1], adapters: [factory] },
    { storage: undefined },
  )
  await portico.connect(testConnection.connectorId)
  // The names controller loads once an account connects; these tests start once it is there.
  await vi.dynamicImportSettled()
  portico.open()
  portico.router.push('RegisterAccountName')
  return portico
}

describe('names controller', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('checks the rule at once and looks a valid name up once typing pauses (debounced), dropping older queries', async () => {
    const service = namesService({ taken: ['alice.wcn.id'] })
    vi.stubGlobal('fetch', service.fetch)
    const portico = await connected()
    vi.useFakeTimers()
    const { names } = portico

    names.setQuery('al_')
    expect(names.store.getState()).toMatchObject({ problem: 'characters', checking: false })
    names.setQuery('ali')
    expect(names.store.getState()).toMatchObject({ problem: 'tooShort', checking: false })
    names.setQuery('alic')
    names.setQuery('alice')
    expect(names.store.getState()).toMatchObject({ problem: undefined, checking: true })
    await vi.advanceTimersByTimeAsync(499)
    expect(service.requests).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    vi.useRealTimers()
    await vi.waitFor(() => expect(names.store.getState().checking).toBe(false))
    // Only the last query went out.
    expect(service.requests.map((request) => request.path)).toEqual(['/v1/profile/suggestions/alice'])
    expect(names.store.getState()).toMatchObject({
      available: false,
      suggestions: [
        { name: 'alice1.wcn.id', registered: false },
        { name: 'alice2.wcn.id', registered: false },
      ],
    })
  })

  it('shows what is typed at once and the rule once its code is here, before any connection', async () => {
    const { factory } = scriptedAdapter({})
    const portico = createPortico(
      { projectId: 'p', networks: [1], adapters: [factory] },
      { storage: undefined },
    )
    await portico.load()
    portico.names.setQuery('al_')
    expect(portico.names.store.getState()).toMatchObject({ query: 'al_' })
    await vi.waitFor(() => expect(portico.names.store.getState()).toMatchObject({ problem: 'characters' }))
  })

  it('registers: the wallet signs the registration message, the service gets it, the account shows the name', async () => {
    const service = namesService()
    vi.stubGlobal('fetch', service.fetch)
    const portico = await connected()
    const before = Math.floor(Date.now() / 1000)

    const profile = await portico.names.register('Bob-Builder')

    expect(profile.name).toBe('bob-builder.wcn.id')
    const post = service.requests.find((request) => request.path === '/v1/profile/account')
    const body = post?.body as {
      coin_type: number
      address: string
      message: string
      signature: `0x${string}`
    }
    expect(body.coin_type).toBe(chainIdToCoinType(1))
    expect(body.coin_type).toBe(2147483649)
    expect(body.address).toBe(signer.address)
    const message = JSON.parse(body.message)
    expect(message).toEqual({ name: 'bob-builder.wcn.id', attributes: {}, timestamp: expect.any(Number) })
    expect(message.timestamp).toBeGreaterThanOrEqual(before)
    expect(await signer.signMessage({ message: body.message })).toBe(body.signature)

    expect(portico.account.store.getState().profileName).toBe('bob-builder.wcn.id')
    expect(portico.router.current()?.view).toBe('RegisterAccountNameSuccess')
    expect(portico.names.store.getState()).toMatchObject({
      registered: 'bob-builder.wcn.id',
      registering: undefined,
    })
  })

  it("goes back to the register view with the service's reason when it refuses, and looks the name up again", async () => {
    const service = namesService({
      taken: ['carol.wcn.id'],
      refusal: { status: 409, description: 'The name carol.wcn.id is already registered' },
    })
    vi.stubGlobal('fetch', service.fetch)
    const portico = await connected()
    await expect(portico.names.register('carol')).rejects.toMatchObject({ kind: 'register' })
    const error = portico.names.store.getState().registerError as NamesError
    expect(error).toMatchObject({ kind: 'register', reason: 'The name carol.wcn.id is already registered' })
    expect(portico.router.current()?.view).toBe('RegisterAccountName')
    expect(portico.account.store.getState().profileName).toBeUndefined()
    // Taken meanwhile: the view says so (and offers variants) while the service's reason stays.
    await vi.waitFor(() => expect(portico.names.store.getState().checking).toBe(false))
    expect(service.requests.at(-1)?.path).toBe('/v1/profile/suggestions/carol')
    expect(portico.names.store.getState()).toMatchObject({
      available: false,
      suggestions: [{ name: 'carol1.wcn.id' }, { name: 'carol2.wcn.id' }],
      registerError: { reason: 'The name carol.wcn.id is already registered' },
    })
  })

  it('a rejected signature fails the registration without a service reason, and posts nothing', async () => {
    const service = namesService()
    vi.stubGlobal('fetch', service.fetch)
    const portico = await connected(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    await expect(portico.names.register('dave-d')).rejects.toMatchObject({
      kind: 'register',
      reason: undefined,
      accountName: 'dave-d.wcn.id',
    })
    expect(service.requests.filter((request) => request.path === '/v1/profile/account')).toEqual([])
    expect(portico.router.current()?.view).toBe('RegisterAccountName')
  })

  it('needs a connected account ("Address or auth connector not found")', async () => {
    vi.stubGlobal('fetch', namesService().fetch)
    const portico = await connected()
    await portico.disconnect()
    await expect(portico.names.register('erin')).rejects.toMatchObject({ kind: 'account' })
  })

  it('a failed lookup is "Error fetching name suggestions"; resolving refuses names that break the rule', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }))
    const portico = await connected()
    portico.names.setQuery('frank')
    await vi.waitFor(() => expect(portico.names.store.getState().lookupError?.kind).toBe('suggestions'), {
      timeout: 2_000,
    })
    await expect(portico.names.resolveName('ab')).rejects.toMatchObject({ kind: 'resolve' })
  })

  it('a wallet on a network the app does not know cannot register ("Network not found"), and posts nothing', async () => {
    const service = namesService()
    vi.stubGlobal('fetch', service.fetch)
    const portico = await connected(undefined, 424242)
    await expect(portico.names.register('heidi')).rejects.toMatchObject({
      kind: 'network',
      accountName: 'heidi.wcn.id',
    })
    expect(service.requests.filter((request) => request.path === '/v1/profile/account')).toEqual([])
    expect(portico.names.store.getState().registerError?.kind).toBe('network')
  })

  it('resolves a name to its profile (undefined when free); a failing service is "Error resolving name"', async () => {
    const profile = {
      name: 'ivan.wcn.id',
      registered: 1,
      updated: 1,
      addresses: { '60': { address: signer.address, created: '2026-01-01T00:00:00.000Z' } },
      attributes: [],
    }
    let down = false
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (down) return new Response('{}', { status: 503 })
      if (url.pathname === '/v1/profile/account/ivan.wcn.id') return Response.json(profile)
      if (url.pathname === `/v1/profile/reverse/${signer.address}`) return Response.json([profile])
      return emptyServicesFetch().fetch(input)
    })
    const portico = await connected()
    await expect(portico.names.resolveName('IVAN')).resolves.toMatchObject({ name: 'ivan.wcn.id' })
    await expect(portico.names.resolveName('nobody.wcn.id')).resolves.toBeUndefined()
    await expect(portico.names.namesForAddress(signer.address)).resolves.toMatchObject([
      { name: 'ivan.wcn.id' },
    ])
    down = true
    await expect(portico.names.resolveName('ivan')).rejects.toMatchObject({ kind: 'resolve' })
  })

  it('a failing reverse lookup is "Error fetching names for address"; an address with none has an empty list', async () => {
    let answer = () => new Response('{}', { status: 500 })
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      return url.pathname.startsWith('/v1/profile/reverse/') ? answer() : emptyServicesFetch().fetch(input)
    })
    const portico = await connected()
    await expect(portico.names.namesForAddress(signer.address)).rejects.toMatchObject({ kind: 'reverse' })
    answer = () => Response.json([])
    await expect(portico.names.namesForAddress(signer.address)).resolves.toEqual([])
  })
})

describe('names controller with an embedded wallet', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('opens the modal on the success view when the approval step took the modal over and closed it', async () => {
    vi.stubGlobal('fetch', namesService().fetch)
    let portico: Portico | undefined
    // As the wallet frame's approval does: the modal shows ApproveRequest, and closes once answered.
    portico = await connected(async (message) => {
      portico?.open({ view: 'ApproveRequest' })
      const signature = await signer.signMessage({ message })
      portico?.close()
      return signature
    })
    await portico.names.register('grace')
    expect(portico.modal.store.getState().open).toBe(true)
    expect(portico.router.store.getState().history.map((entry) => entry.view)).toEqual([
      'RegisterAccountNameSuccess',
    ])
  })
})
