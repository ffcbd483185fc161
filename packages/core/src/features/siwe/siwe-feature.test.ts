import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UserRejectedRequestError } from '../../errors/wallet-errors.js'
import { createPortico, type Portico } from '../../portico.js'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'
import {
  MemoryStorage,
  scriptedAdapter,
  testAddress,
  testConnection,
} from '../../testing/scripted-adapter.js'
import type { SiweConfig, SiweCreateMessageArgs, SiweSession } from './siwe-config.js'

const otherAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A dApp backend in memory: the session it opens is the one of the last message it accepted. */
function backend(options: Partial<SiweConfig> = {}) {
  let session: SiweSession | null = null
  const messages: SiweCreateMessageArgs[] = []
  const config = {
    getNonce: vi.fn(async () => 'n0nce0001'),
    getMessageParams: async () => ({ domain: 'dapp.example', uri: 'https://dapp.example', expiry: 60 }),
    createMessage: (args: SiweCreateMessageArgs) => {
      messages.push(args)
      return JSON.stringify(args)
    },
    verifyMessage: vi.fn(async ({ message }: { message: string }) => {
      const args = JSON.parse(message) as SiweCreateMessageArgs
      session = { address: args.address, chainId: args.chainId }
      return true
    }),
    getSession: vi.fn(async () => session),
    signOut: vi.fn(async () => {
      session = null
      return true
    }),
    onSignIn: vi.fn(),
    onSignOut: vi.fn(),
    ...options,
  } satisfies SiweConfig
  const setSession = (next: SiweSession | null) => {
    session = next
  }
  return { config, messages, setSession }
}

function setUp(
  siwe: SiweConfig | undefined,
  options: { storage?: MemoryStorage; adapter?: Parameters<typeof scriptedAdapter>[0] } = {},
) {
  const wallet = scriptedAdapter(options.adapter)
  const portico = createPortico(
    { projectId: 'p', networks: [1, 10], adapters: [wallet.factory], siwe },
    { storage: options.storage },
  )
  return { portico, wallet }
}

const view = (portico: Portico) => portico.router.current()?.view
const isOpen = (portico: Portico) => portico.modal.store.getState().open

describe('siwe feature', () => {
  beforeEach(() => vi.stubGlobal('fetch', emptyServicesFetch().fetch))
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the modal closing after a connection when the config has no siwe', async () => {
    const { portico } = setUp(undefined)
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(isOpen(portico)).toBe(false)
    expect(portico.siwe).toBeUndefined()
  })

  it('stays off when the siwe config says enabled: false', async () => {
    const { portico } = setUp({ ...backend().config, enabled: false })
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(isOpen(portico)).toBe(false)
    expect(portico.siwe).toBeUndefined()
  })

  it('goes to ConnectingSiwe after connecting, then signs, verifies and closes', async () => {
    const dapp = backend()
    const signMessage = vi.fn(async () => '0xsignature')
    const { portico } = setUp(dapp.config, { adapter: { signMessage } })
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(view(portico)).toBe('ConnectingSiwe')
    expect(isOpen(portico)).toBe(true)

    await portico.siwe?.signIn()
    expect(dapp.messages[0]).toMatchObject({
      address: testAddress,
      chainId: 1,
      nonce: 'n0nce0001',
      domain: 'dapp.example',
      version: '1',
    })
    const { issuedAt, expirationTime } = dapp.messages[0] as SiweCreateMessageArgs
    expect(Date.parse(expirationTime as string) - Date.parse(issuedAt)).toBe(60_000)
    expect(signMessage).toHaveBeenCalledWith(JSON.stringify(dapp.messages[0]))
    expect(dapp.config.verifyMessage).toHaveBeenCalledWith({
      message: JSON.stringify(dapp.messages[0]),
      signature: '0xsignature',
    })
    expect(portico.siwe?.store.getState()).toMatchObject({
      status: 'success',
      session: { address: testAddress, chainId: 1 },
    })
    expect(dapp.config.onSignIn).toHaveBeenCalledWith({ address: testAddress, chainId: 1 })
    expect(isOpen(portico)).toBe(false)
    expect(view(portico)).toBe('Account')
  })

  it('waits for the visitor however long they take to sign: the wallet time-out is not theirs', async () => {
    const dapp = backend()
    let sign: (signature: string) => void = () => {}
    const signMessage = vi.fn(() => new Promise<string>((resolve) => (sign = resolve)))
    const wallet = scriptedAdapter({ signMessage })
    const portico = createPortico({
      projectId: 'p',
      networks: [1],
      adapters: [wallet.factory],
      siwe: dapp.config,
      rpcTimeoutMs: 50,
    })
    portico.open()
    await portico.connect(testConnection.connectorId)
    const signing = portico.siwe?.signIn()
    // The visitor reads the message well past the wallet time-out, then signs.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(portico.siwe?.store.getState().status).toBe('signing')
    sign('0xsignature')
    await signing
    expect(portico.siwe?.store.getState()).toMatchObject({
      status: 'success',
      session: { address: testAddress, chainId: 1 },
    })
  })

  it('says the visitor declined, and a retry signs in', async () => {
    const dapp = backend()
    const signMessage = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new UserRejectedRequestError())
      .mockResolvedValue('0xsignature')
    const { portico } = setUp(dapp.config, { adapter: { signMessage } })
    portico.open()
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.signIn()
    expect(portico.siwe?.store.getState().status).toBe('rejected')
    expect(isOpen(portico)).toBe(true)
    await portico.siwe?.signIn()
    expect(portico.siwe?.store.getState().status).toBe('success')
    expect(dapp.config.getNonce).toHaveBeenCalledTimes(2)
  })

  it('shows an error when the backend refuses the signature', async () => {
    const dapp = backend({ verifyMessage: vi.fn(async () => false) })
    const { portico } = setUp(dapp.config)
    portico.open()
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.signIn()
    expect(portico.siwe?.store.getState()).toMatchObject({ status: 'error', session: undefined })
    expect(view(portico)).toBe('ConnectingSiwe')
  })

  it('disconnects on cancel, and when the modal closes on ConnectingSiwe unsigned', async () => {
    const { portico } = setUp(backend().config)
    portico.open()
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.cancel()
    expect(portico.connection.store.getState().status).toBe('disconnected')

    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(view(portico)).toBe('ConnectingSiwe')
    portico.close()
    await vi.waitFor(() => expect(portico.connection.store.getState().status).toBe('disconnected'))
  })

  it('skips the step when the backend already has a session for this account and chain', async () => {
    const dapp = backend()
    dapp.setSession({ address: testAddress.toLowerCase(), chainId: 1 })
    const { portico } = setUp(dapp.config)
    await portico.load()
    await vi.waitFor(() => expect(portico.siwe?.store.getState().status).toBe('success'))
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(isOpen(portico)).toBe(false)
  })

  it('leaves ConnectingSiwe when the session the backend reports late matches the new connection', async () => {
    let answer: (session: SiweSession | null) => void = () => {}
    const dapp = backend({
      getSession: () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    })
    const { portico } = setUp(dapp.config)
    portico.open()
    await portico.connect(testConnection.connectorId)
    expect(view(portico)).toBe('ConnectingSiwe')
    answer({ address: testAddress, chainId: 1 })
    await vi.waitFor(() => expect(isOpen(portico)).toBe(false))
    expect(portico.connection.store.getState().status).toBe('connected')
    expect(portico.siwe?.store.getState().status).toBe('success')
  })

  it('keeps the session over a reload, and asks again when the backend has none', async () => {
    const storage = new MemoryStorage()
    const dapp = backend()
    const first = setUp(dapp.config, { storage })
    first.portico.open()
    await first.portico.connect(testConnection.connectorId)
    await first.portico.siwe?.signIn()

    const reloaded = setUp(dapp.config, { storage })
    reloaded.portico.mount()
    await vi.waitFor(() => expect(reloaded.portico.connection.store.getState().status).toBe('connected'))
    await vi.waitFor(() => expect(reloaded.portico.siwe?.store.getState().status).toBe('success'))
    expect(isOpen(reloaded.portico)).toBe(false)

    dapp.setSession(null)
    const expired = setUp(dapp.config, { storage })
    expired.portico.mount()
    await vi.waitFor(() => expect(view(expired.portico)).toBe('ConnectingSiwe'))
    expect(isOpen(expired.portico)).toBe(true)
  })

  it('signs out on disconnect', async () => {
    const dapp = backend()
    const { portico } = setUp(dapp.config)
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.signIn()
    await portico.disconnect()
    await vi.waitFor(() => expect(dapp.config.signOut).toHaveBeenCalledTimes(1))
    expect(dapp.config.onSignOut).toHaveBeenCalledTimes(1)
    expect(portico.siwe?.store.getState().session).toBeUndefined()
  })

  it('keeps the session on disconnect when signOutOnDisconnect is off', async () => {
    const dapp = backend({ signOutOnDisconnect: false })
    const { portico } = setUp(dapp.config)
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.signIn()
    await portico.disconnect()
    expect(dapp.config.signOut).not.toHaveBeenCalled()
  })

  it('signs out and asks again when the wallet switches account or network', async () => {
    const dapp = backend()
    const { portico, wallet } = setUp(dapp.config)
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.signIn()

    wallet.emit({ type: 'accountsChanged', accounts: [otherAddress] })
    await vi.waitFor(() => expect(view(portico)).toBe('ConnectingSiwe'))
    expect(dapp.config.signOut).toHaveBeenCalledTimes(1)
    expect(isOpen(portico)).toBe(true)
    await portico.siwe?.signIn()
    expect(portico.siwe?.store.getState().session).toEqual({ address: otherAddress, chainId: 1 })

    wallet.emit({ type: 'chainChanged', chainId: 10 })
    await vi.waitFor(() => expect(dapp.config.signOut).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(isOpen(portico)).toBe(true))
    expect(view(portico)).toBe('ConnectingSiwe')
  })

  it('keeps the session over an account or network switch when configured so', async () => {
    const dapp = backend({ signOutOnAccountChange: false, signOutOnNetworkChange: false })
    const { portico, wallet } = setUp(dapp.config)
    await portico.connect(testConnection.connectorId)
    await portico.siwe?.signIn()
    wallet.emit({ type: 'accountsChanged', accounts: [otherAddress] })
    wallet.emit({ type: 'chainChanged', chainId: 10 })
    await vi.waitFor(() => expect(portico.connection.store.getState().connection?.chainId).toBe(10))
    expect(dapp.config.signOut).not.toHaveBeenCalled()
    expect(portico.siwe?.store.getState().status).toBe('success')
    expect(isOpen(portico)).toBe(false)
  })

  it('refuses a siwe config without its functions', async () => {
    const { portico } = setUp({ getNonce: async () => 'x' } as unknown as SiweConfig)
    await expect(portico.load()).rejects.toThrow(/siwe/)
  })
})
