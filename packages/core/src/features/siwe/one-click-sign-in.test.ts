import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdapterContext, OneClickSignIn } from '../../connection/chain-adapter.js'
import { createPortico } from '../../portico.js'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'
import { scriptedAdapter, testAddress, testConnection } from '../../testing/scripted-adapter.js'
import type { SiweConfig, SiweSession } from './siwe-config.js'

/** A dApp backend in memory whose "messages" are JSON: it opens the session the message names. */
function backend(options: Partial<SiweConfig> = {}) {
  let session: SiweSession | null = null
  return {
    getNonce: vi.fn(async (_address?: string) => 'n0nce0001'),
    getMessageParams: async () => ({
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      statement: 'Sign in to the dApp.',
      expiry: 60,
    }),
    createMessage: () => 'unused',
    verifyMessage: vi.fn(async ({ message }: { message: string }) => {
      session = JSON.parse(message) as SiweSession
      return true
    }),
    getSession: vi.fn(async () => session),
    signOut: vi.fn(async () => true),
    onSignIn: vi.fn(),
    ...options,
  } satisfies SiweConfig
}

/** A WalletConnect-like adapter: it signs in while "pairing" when the context lends it one-click sign-in. */
function setUp(siwe: SiweConfig | undefined) {
  const signed = { address: testAddress, chainId: 1 }
  let context: AdapterContext | undefined
  const seen: { request?: Awaited<ReturnType<OneClickSignIn['request']>>; completed?: boolean } = {}
  const wallet = scriptedAdapter({
    async connect() {
      const signIn = context?.oneClickSignIn
      if (signIn) {
        seen.request = await signIn.request()
        seen.completed = await signIn.complete({
          message: JSON.stringify(signed),
          signature: '0xsigned',
          ...signed,
        })
      }
      return testConnection
    },
  })
  const load = wallet.factory.load
  wallet.factory.load = vi.fn(async (given: AdapterContext) => {
    context = given
    return load(given)
  })
  const portico = createPortico({ projectId: 'p', networks: [1, 10], adapters: [wallet.factory], siwe })
  return { portico, seen, context: () => context }
}

describe('one-click sign-in (WalletConnect wc_sessionAuthenticate)', () => {
  beforeEach(() => vi.stubGlobal('fetch', emptyServicesFetch().fetch))
  afterEach(() => vi.unstubAllGlobals())

  it('asks the wallet to sign the configured message and skips ConnectingSiwe once the backend accepts it', async () => {
    const dapp = backend()
    const { portico, seen } = setUp(dapp)
    portico.open()
    const before = Date.now()
    await portico.connect(testConnection.connectorId)

    expect(seen.request).toMatchObject({
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      nonce: 'n0nce0001',
      statement: 'Sign in to the dApp.',
    })
    const expires = Date.parse(seen.request?.expirationTime as string)
    expect(expires - before).toBeGreaterThanOrEqual(60_000)
    expect(expires - Date.now()).toBeLessThanOrEqual(60_000)
    expect(dapp.verifyMessage).toHaveBeenCalledTimes(1)
    expect(dapp.verifyMessage).toHaveBeenCalledWith({
      message: JSON.stringify({ address: testAddress, chainId: 1 }),
      signature: '0xsigned',
    })
    expect(seen.completed).toBe(true)
    expect(portico.siwe?.store.getState()).toMatchObject({
      status: 'success',
      session: { address: testAddress, chainId: 1 },
    })
    expect(dapp.onSignIn).toHaveBeenCalledWith({ address: testAddress, chainId: 1 })
    expect(portico.modal.store.getState().open).toBe(false)
    expect(portico.router.current()?.view).toBe('Account')
  })

  it('falls back to ConnectingSiwe when the backend refuses the signature', async () => {
    const dapp = backend({ verifyMessage: vi.fn(async () => false) })
    const { portico, seen } = setUp(dapp)
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(seen.completed).toBe(false)
    expect(portico.siwe?.store.getState().session).toBeUndefined()
    expect(portico.router.current()?.view).toBe('ConnectingSiwe')
  })

  it('falls back to ConnectingSiwe when the backend check throws', async () => {
    const dapp = backend({ verifyMessage: vi.fn(async () => Promise.reject(new Error('HTTP 500'))) })
    const { portico, seen } = setUp(dapp)
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(seen.completed).toBe(false)
    expect(portico.router.current()?.view).toBe('ConnectingSiwe')
  })

  it('does not sign in when the backend opened a session for another chain than the one signed', async () => {
    let session: SiweSession | null = null
    const dapp = backend({
      verifyMessage: vi.fn(async () => {
        session = { address: testAddress, chainId: 10 }
        return true
      }),
      getSession: vi.fn(async () => session),
    })
    const { portico, seen } = setUp(dapp)
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(dapp.verifyMessage).toHaveBeenCalledTimes(1)
    expect(seen.completed).toBe(false)
    expect(portico.siwe?.store.getState().status).toBe('ready')
    expect(portico.router.current()?.view).toBe('ConnectingSiwe')
  })

  it('lends no one-click sign-in to adapters without SIWE, or with it disabled', async () => {
    for (const siwe of [undefined, { ...backend(), enabled: false }]) {
      const { portico, context } = setUp(siwe)
      await portico.connect(testConnection.connectorId)
      expect(context()).toBeDefined()
      expect(context()?.oneClickSignIn).toBeUndefined()
    }
  })
})
