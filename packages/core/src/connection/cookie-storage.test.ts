import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../portico.js'
import { emptyServicesFetch } from '../testing/empty-services-fetch.js'
import { MemoryStorage, scriptedAdapter, testConnection } from '../testing/scripted-adapter.js'
import { CONNECTION_STORAGE_KEY } from './connection-storage.js'
import { cookieToInitialState } from './cookie-initial-state.js'
import { CONNECTION_COOKIE, cookieStorage, readCookie } from './cookie-storage.js'

/** A browser's cookie jar behind `document.cookie`: name=value pairs, `Max-Age=0` deletes. */
function cookieJar() {
  const jar = new Map<string, string>()
  const writes: string[] = []
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      writes.push(line)
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      if (attributes.includes('Max-Age=0')) jar.delete(name)
      else jar.set(name, pair.slice(at + 1))
    },
  }
  return { jar, writes, document }
}

const connectionWithIcon = { ...testConnection, connectorIcon: `data:image/svg+xml,${'x'.repeat(6_000)}` }
const config = () => ({ projectId: 'p', networks: [1, 10], adapters: [scriptedAdapter().factory] })

describe('cookie storage and the initial state read from it', () => {
  let browser = cookieJar()
  let local = new MemoryStorage()
  beforeEach(() => {
    browser = cookieJar()
    local = new MemoryStorage()
    vi.stubGlobal('fetch', emptyServicesFetch().fetch)
    vi.stubGlobal('document', browser.document)
    vi.stubGlobal('location', { protocol: 'https:' })
    vi.stubGlobal('localStorage', local)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the connection in a cookie without the wallet icon, and the rest in localStorage', () => {
    cookieStorage.setItem(
      CONNECTION_STORAGE_KEY,
      JSON.stringify({ connection: connectionWithIcon, others: [connectionWithIcon] }),
    )
    cookieStorage.setItem('portico.wallets', 'cached list')
    expect(browser.writes[0]).toMatch(/; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/)
    expect(browser.document.cookie.length).toBeLessThan(1_000)
    expect(JSON.parse(cookieStorage.getItem(CONNECTION_STORAGE_KEY) ?? '')).toEqual({
      connection: testConnection,
      others: [testConnection],
    })
    expect([...browser.jar.keys()]).toEqual([CONNECTION_COOKIE])
    expect(local.getItem('portico.wallets')).toBe('cached list')
    cookieStorage.removeItem(CONNECTION_STORAGE_KEY)
    expect(browser.jar.size).toBe(0)
    expect(cookieStorage.getItem(CONNECTION_STORAGE_KEY)).toBeNull()
  })

  it('a connection made in the browser reads back on the server from the request’s Cookie header', async () => {
    const browserPortico = createPortico(config(), { storage: cookieStorage })
    await browserPortico.connect(testConnection.connectorId)
    const connected = browserPortico.connection.store.getState().connection
    expect(connected).toMatchObject({ accounts: testConnection.accounts, chainId: 1 })
    // The balance is remembered too, once fetched: the server renders it as well.
    await vi.waitFor(() => expect(cookieToInitialState(browser.document.cookie)?.balance).toBeDefined())
    const header = `theme=dark; ${browser.document.cookie}; other=1`

    vi.stubGlobal('document', undefined)
    const initialState = cookieToInitialState(header)
    expect(initialState?.connection).toEqual(connected)
    expect(initialState?.balance).toMatchObject({ symbol: 'ETH', chainId: 1 })
    // The server has no cookie jar of its own: only the initial state tells it who is connected.
    expect(createPortico(config(), { storage: cookieStorage }).connection.store.getState().status).toBe(
      'disconnected',
    )
    const serverPortico = createPortico(config(), { storage: cookieStorage, initialState })
    expect(serverPortico.connection.store.getState()).toMatchObject({
      status: 'reconnecting',
      connection: initialState?.connection,
    })
    expect(serverPortico.network.store.getState().activeChainId).toBe(1)
    expect(serverPortico.account.store.getState().balance).toEqual(initialState?.balance)

    vi.stubGlobal('document', browser.document)
    await browserPortico.disconnect()
    expect(cookieToInitialState(browser.document.cookie)).toBeUndefined()
  })

  it('the initial state wins over the storage, so the first render matches the server’s HTML', () => {
    local.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ connection: testConnection }))
    const other = { ...testConnection, accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }
    const portico = createPortico(config(), { storage: localStorage, initialState: { connection: other } })
    expect(portico.connection.store.getState().connection).toEqual(other)
  })

  it('a tampered cookie or initial state is "not connected", never an error', () => {
    const cookie = (value: unknown) =>
      `${CONNECTION_COOKIE}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`
    const tampered = [
      `${CONNECTION_COOKIE}=%E0%A4%A`,
      cookie('{"connection":'),
      cookie({ connection: { ...testConnection, accounts: ['0x1234'] } }),
      cookie({ connection: { ...testConnection, accounts: ['<script>'] } }),
      cookie({ connection: { ...testConnection, chainId: -1 } }),
      cookie({ connection: { ...testConnection, namespace: 'cosmos' } }),
      cookie({
        connection: testConnection,
        balance: { value: '1e18', decimals: 18, symbol: 'ETH', chainId: 1 },
      }),
      cookie([testConnection]),
    ]
    for (const header of tampered) expect(cookieToInitialState(header), header).toBeUndefined()
    expect(cookieToInitialState(cookie({ connection: testConnection }))).toEqual({
      connection: testConnection,
    })
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), (text, json) => {
        cookieToInitialState(`${CONNECTION_COOKIE}=${text}`)
        cookieToInitialState(cookie(json))
      }),
    )
    // A Solana address the EVM-only config has no adapter for: the provider's own check drops it.
    const solana = { ...testConnection, namespace: 'solana', chainId: 'mainnet', accounts: ['1'.repeat(32)] }
    expect(cookieToInitialState(cookie({ connection: solana }))?.connection).toEqual(solana)
    const portico = createPortico(config(), { storage: undefined, initialState: { connection: solana } })
    expect(portico.connection.store.getState().status).toBe('disconnected')
  })

  it('reads one cookie out of a header', () => {
    expect(readCookie('a=1; portico.connection=%7B%7D; b=2', CONNECTION_COOKIE)).toBe('{}')
    expect(readCookie('xportico.connection=1', CONNECTION_COOKIE)).toBeUndefined()
    expect(readCookie(null, CONNECTION_COOKIE)).toBeUndefined()
  })
})
