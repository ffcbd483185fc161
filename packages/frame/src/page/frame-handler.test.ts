import { FRAME_READY, FRAME_SESSION_UPDATE, SOCIAL_WINDOW_CLOSED, STEP_UP_REQUIRED } from '@portico/wire'
import {
  type Hex,
  hashTypedData,
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  verifyMessage,
} from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createFrameHandler } from './frame-handler.js'
import { VAULT_KEYS } from './frame-vault.js'
import { PERMISSIONS_CAPABILITY } from './permissions/permission-capability.js'
import { AUTH_URL, createFakeAuthService, RPC_URL_TEMPLATE } from './testing/fake-auth-service.js'
import { createFakeVisitor } from './testing/fake-visitor.js'
import { createFrameHarness, DAPP_ORIGIN } from './testing/frame-harness.js'

type User = { address: Hex; email: string | null; userName: string | null; chainId: number }

describe('frame handler: origins', () => {
  it('refuses an embedder that is not allowed', () => {
    const env = { authUrl: AUTH_URL, rpcUrlTemplate: RPC_URL_TEMPLATE, allowedOrigins: [DAPP_ORIGIN] }
    const base = {
      env,
      parent: {},
      post: () => {},
      storage: localStorageStub(),
      fetch: createFakeAuthService().fetch,
    }
    expect(() => createFrameHandler({ ...base, parentOrigin: 'https://evil.test' })).toThrow(/not allowed/)
    // Another port of the allowed host is another origin.
    const port = new URL(DAPP_ORIGIN)
    port.port = String(Number(port.port) + 1)
    expect(() => createFrameHandler({ ...base, parentOrigin: port.origin })).toThrow(/not allowed/)
    // No list allows nobody, local pages included.
    const none = { ...env, allowedOrigins: null }
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'https://dapp.example']) {
      expect(() => createFrameHandler({ ...base, env: none, parentOrigin: origin })).toThrow(/not allowed/)
    }
  })

  it('says READY and ignores messages from another origin or another window', async () => {
    const { handler, posts, parent } = createFrameHarness()
    handler.start()
    expect(posts).toEqual([{ type: FRAME_READY }])
    const data = { type: '@portico-app/GET_CHAIN_ID', id: 'x1' }
    handler.receive({ data, origin: 'https://evil.test', source: parent })
    handler.receive({ data, origin: DAPP_ORIGIN, source: { other: true } })
    handler.receive({ data, origin: AUTH_URL, source: {} })
    await handler.idle()
    expect(posts).toHaveLength(1)
    handler.receive({ data, origin: DAPP_ORIGIN, source: parent })
    await handler.idle()
    expect(posts[1]).toEqual({
      type: '@portico-frame/GET_CHAIN_ID_SUCCESS',
      id: 'x1',
      payload: { chainId: 1 },
    })
  })

  it('answers malformed messages with a valid id with an error, others not at all', async () => {
    const { handler, posts, parent, send } = createFrameHarness()
    expect(await send('CONNECT_EMAIL', { email: 'not-an-email' })).toMatchObject({
      type: '@portico-frame/CONNECT_EMAIL_ERROR',
      payload: { message: 'Invalid email' },
    })
    expect(await send('CONNECT_OTP', { otp: '12345' })).toMatchObject({ payload: { message: 'Invalid otp' } })
    expect(await send('NO_SUCH_EVENT')).toMatchObject({ type: '@portico-frame/MESSAGE_ERROR' })
    const before = posts.length
    handler.receive({ data: { type: '@portico-app/GET_CHAIN_ID' }, origin: DAPP_ORIGIN, source: parent })
    handler.receive({ data: 'hello', origin: DAPP_ORIGIN, source: parent })
    await handler.idle()
    expect(posts).toHaveLength(before)
  })
})

describe('frame handler: e-mail login and keys', () => {
  it('logs in, creates a 2-of-3 wallet and never posts key material', async () => {
    const h = createFrameHarness()
    expect(await h.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(await h.ok('CONNECT_EMAIL', { email: 'alice@example.test' })).toEqual({ action: 'VERIFY_OTP' })
    // A wrong code says how many more may be tried, for the modal to show.
    expect(await h.send('CONNECT_OTP', { otp: '000000' })).toMatchObject({
      payload: { message: 'Invalid code', attemptsLeft: 2 },
    })
    expect(await h.ok('CONNECT_OTP', { otp: '123456' })).toBeUndefined()

    const user = (await h.ok('GET_USER')) as User
    const wallet = [...h.service.wallets.values()][0]
    expect(user).toEqual({
      email: 'alice@example.test',
      address: wallet?.address,
      chainId: 1,
      accounts: [{ address: wallet?.address, type: 'eoa' }],
      userName: null,
      socialProvider: null,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    })
    expect(await h.ok('IS_CONNECTED')).toEqual({ isConnected: true })

    const update = h.posts.find((message) => message.type === FRAME_SESSION_UPDATE)
    const token = [...h.service.sessions.keys()][0] as string
    expect(update?.payload).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/) })
    const everything = JSON.stringify(h.posts)
    expect(everything).not.toContain(token)
    expect(everything).not.toContain(wallet?.authShare)
    // The recovery code was shown in the frame's own sheet (for the login request) and never posted.
    const [code] = h.visitor.savedCodes
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){5}[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(everything).not.toContain(code)
    expect(everything).not.toContain(code?.replace(/-/g, ''))
    expect(everything).not.toContain((await h.privateKey()).slice(2))
    expect(wallet?.recovery?.kind).toBe('code')
    expect(wallet?.recoveryShare).toBeUndefined()
    const login = h.posts.find((message) => message.type === '@portico-frame/CONNECT_OTP_SUCCESS')
    expect(h.posts.filter((message) => message.id === login?.id).map((message) => message.type)).toEqual([
      '@portico-frame/APPROVAL_SHOW',
      '@portico-frame/APPROVAL_HIDE',
      '@portico-frame/CONNECT_OTP_SUCCESS',
    ])
    expect(h.storage.map.get(VAULT_KEYS.deviceShares)).toContain(wallet?.address)
  })

  it('applies the cooldown message', async () => {
    const h = createFrameHarness()
    await h.ok('CONNECT_EMAIL', { email: 'bob@example.test' })
    h.service.advanceClock(12_500)
    expect(await h.send('CONNECT_EMAIL', { email: 'bob@example.test' })).toMatchObject({
      type: '@portico-frame/CONNECT_EMAIL_ERROR',
      payload: { message: 'Please try again after 18 seconds' },
    })
  })

  it('recovers the same address on a new device with the recovery code, and splits the key anew', async () => {
    const service = createFakeAuthService()
    const visitor = createFakeVisitor()
    const first = createFrameHarness({ service, visitor })
    await first.loginByEmail('carol@example.test')
    const { address } = (await first.ok('GET_USER')) as User
    const oldKey = await first.privateKey()

    const second = createFrameHarness({ service, visitor })
    service.advanceClock(60_000)
    expect(await second.ok('CONNECT_EMAIL', { email: 'carol@example.test' })).toEqual({
      action: 'VERIFY_DEVICE',
    })
    const polled = nextCall(service, 'POST /device/wait')
    const waiting = second.sendLater('CONNECT_DEVICE')
    await polled
    const deviceId = JSON.parse(second.storage.map.get(VAULT_KEYS.deviceId) as string)
    service.confirmDevice('carol@example.test', deviceId)
    expect((await waiting.answer()).type).toBe('@portico-frame/CONNECT_DEVICE_SUCCESS')
    await second.ok('CONNECT_OTP', { otp: '123456' })
    expect(((await second.ok('GET_USER')) as User).address).toBe(address)
    expect(visitor.unlocks).toHaveLength(1)
    expect(service.calls.filter((call) => call === 'POST /keys/recover')).toHaveLength(0)
    expect(service.calls.filter((call) => call === 'POST /keys/rekey')).toHaveLength(1)
    expect(await second.privateKey()).toBe(oldKey)
    // A new split: the first device's share no longer pairs with the service's auth share.
    await expect(first.privateKey()).rejects.toThrow()
    // The second device kept its own share: a new session there needs no recovery.
    await second.ok('SIGN_OUT')
    service.advanceClock(60_000)
    expect(await second.ok('CONNECT_EMAIL', { email: 'carol@example.test' })).toEqual({
      action: 'VERIFY_OTP',
    })
    const unlocksBefore = visitor.unlocks.length
    await second.ok('CONNECT_OTP', { otp: '123456' })
    expect(visitor.unlocks).toHaveLength(unlocksBefore)
    // The same code still opens the (re-sealed) recovery share on a third device.
    const third = createFrameHarness({ service, visitor })
    service.advanceClock(60_000)
    await third.ok('CONNECT_EMAIL', { email: 'carol@example.test' })
    service.confirmDevice(
      'carol@example.test',
      JSON.parse(third.storage.map.get(VAULT_KEYS.deviceId) as string),
    )
    await third.ok('CONNECT_OTP', { otp: '123456' })
    expect(((await third.ok('GET_USER')) as User).address).toBe(address)
    expect(visitor.unlocks).toHaveLength(unlocksBefore + 1)
  })

  it('custodial: asks for a step-up code when a social login on a new device must recover the wallet', async () => {
    const service = createFakeAuthService({ custody: 'custodial' })
    const socialLogin = async (h: ReturnType<typeof createFrameHarness>) => {
      const { uri } = (await h.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { uri: string }
      service.completeSocial(new URL(uri).searchParams.get('flow') as string, 'octocat', 'github')
      return h.send('CONNECT_SOCIAL', { uri })
    }
    const first = createFrameHarness({ service })
    expect((await socialLogin(first)).type).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS')
    const { address } = (await first.ok('GET_USER')) as User

    const second = createFrameHarness({ service })
    const login = await socialLogin(second)
    expect(login).toMatchObject({
      type: '@portico-frame/CONNECT_SOCIAL_ERROR',
      payload: { message: STEP_UP_REQUIRED },
    })
    // Until the code is confirmed, nothing asks the service for the shares again.
    expect(await second.send('GET_USER')).toMatchObject({ payload: { message: STEP_UP_REQUIRED } })
    expect(service.calls.filter((call) => call === 'POST /keys/recover')).toHaveLength(1)
    expect(second.posts.some((post) => post.type === FRAME_SESSION_UPDATE)).toBe(false)

    expect(await second.ok('REQUEST_STEP_UP')).toEqual({ email: 'octocat@example.test' })
    expect(await second.send('CONNECT_STEP_UP_OTP', { otp: '000000' })).toMatchObject({
      type: '@portico-frame/CONNECT_STEP_UP_OTP_ERROR',
      payload: { message: 'Invalid code' },
    })
    await second.ok('CONNECT_STEP_UP_OTP', { otp: '654321' })
    expect(second.posts.some((post) => post.type === FRAME_SESSION_UPDATE)).toBe(true)
    expect(((await second.ok('GET_USER')) as User).address).toBe(address)
    expect(service.calls.filter((call) => call === 'POST /keys/recover')).toHaveLength(2)
    // No step-up is pending any more: asking for one is refused without mailing anything.
    expect(await second.send('REQUEST_STEP_UP')).toMatchObject({
      payload: { message: 'No step-up is needed on this device' },
    })
    expect(service.calls.filter((call) => call === 'POST /keys/step-up')).toHaveLength(1)
  })

  it('signs out: drops the session, keeps device id and share; a revoked token reads as not connected', async () => {
    const h = createFrameHarness()
    await h.loginByEmail('dave@example.test')
    const deviceId = h.storage.map.get(VAULT_KEYS.deviceId)
    expect(await h.ok('SIGN_OUT')).toBeUndefined()
    expect(h.posts.at(-2)).toEqual({ type: FRAME_SESSION_UPDATE, payload: { token: null } })
    expect(h.storage.map.has(VAULT_KEYS.session)).toBe(false)
    expect(h.storage.map.get(VAULT_KEYS.deviceId)).toBe(deviceId)
    expect(h.storage.map.has(VAULT_KEYS.deviceShares)).toBe(true)
    expect(await h.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(await h.send('GET_USER')).toMatchObject({ payload: { message: 'User is not connected' } })

    h.service.advanceClock(60_000)
    await h.loginByEmail('dave@example.test')
    h.service.sessions.clear()
    expect(await h.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(h.storage.map.has(VAULT_KEYS.session)).toBe(false)
  })

  it('updates the e-mail address', async () => {
    const h = createFrameHarness()
    expect(await h.send('UPDATE_EMAIL', { email: 'x@example.test' })).toMatchObject({
      payload: { message: 'User is not connected' },
    })
    await h.loginByEmail('erin@example.test')
    expect(await h.ok('UPDATE_EMAIL', { email: 'new@example.test' })).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    expect(await h.ok('UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' })).toBeUndefined()
    expect(await h.ok('RESEND_UPDATE_EMAIL_SECONDARY_OTP')).toBeUndefined()
    expect(await h.ok('UPDATE_EMAIL_SECONDARY_OTP', { otp: '111111' })).toEqual({
      newEmail: 'new@example.test',
    })
    expect(((await h.ok('GET_USER')) as User).email).toBe('new@example.test')
  })
})

describe('frame handler: social and farcaster', () => {
  it('prepares the popup address, long-polls the result and wakes on the callback nudge', async () => {
    const h = createFrameHarness({ handler: { pollDelayMs: 10_000 } })
    const { uri } = (await h.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { uri: string }
    const url = new URL(uri)
    expect(url.origin + url.pathname).toBe(`${AUTH_URL}/auth/v1/social/start`)
    // The flow id is the service's; the frame keeps the secret whose hash it bound to that flow.
    const stored = JSON.parse(h.storage.map.get(VAULT_KEYS.socialFlow) as string)
    expect(url.searchParams.get('flow')).toBe(stored.flowId)
    expect(stored.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(url.searchParams.has('deviceId')).toBe(false)

    expect(
      await h.send('CONNECT_SOCIAL', { uri: `${AUTH_URL}/auth/v1/social/start?flow=${'A'.repeat(43)}` }),
    ).toMatchObject({ payload: { message: 'Unknown social login flow' } })
    const polled = nextCall(h.service, 'POST /social/result')
    const pending = h.sendLater('CONNECT_SOCIAL', { uri })
    await polled
    h.service.completeSocial(url.searchParams.get('flow') as string, 'octocat', 'github')
    // The poll sleeps 10 s between answers; the callback page's nudge cuts that short.
    h.handler.receive({ data: { type: 'portico:social-done' }, origin: AUTH_URL, source: {} })
    const reply = await pending.answer()
    expect(reply.type).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS')
    expect(reply.payload).toMatchObject({ userName: 'octocat', preferredAccountType: 'eoa' })
    expect(h.storage.map.has(VAULT_KEYS.socialFlow)).toBe(false)
  })

  it('ends the poll once the provider window is closed, after one last look for a result', async () => {
    const h = createFrameHarness({ handler: { pollDelayMs: 10_000 } })
    const start = async () => {
      const { uri } = (await h.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { uri: string }
      return { uri, flow: new URL(uri).searchParams.get('flow') as string }
    }
    const closed = await start()
    const polled = nextCall(h.service, 'POST /social/result')
    const pending = h.sendLater('CONNECT_SOCIAL', { uri: closed.uri })
    await polled
    // The poll sleeps 10 s between answers (and would time out after 3 s): the close ends it instead.
    await h.ok('SOCIAL_WINDOW_CLOSED')
    expect(await pending.answer()).toMatchObject({
      type: '@portico-frame/CONNECT_SOCIAL_ERROR',
      payload: { message: SOCIAL_WINDOW_CLOSED },
    })
    const polls = h.service.calls.filter((call) => call === 'POST /social/result').length
    // Every message answered means no poll loop runs any more: none can ask again later.
    await h.handler.idle()
    expect(h.service.calls.filter((call) => call === 'POST /social/result')).toHaveLength(polls)

    // The window closes itself after a success too: a result stored before the close still signs in.
    const finished = await start()
    const polledAgain = nextCall(h.service, 'POST /social/result')
    const second = h.sendLater('CONNECT_SOCIAL', { uri: finished.uri })
    await polledAgain
    h.service.completeSocial(finished.flow, 'octocat', 'github')
    await h.ok('SOCIAL_WINDOW_CLOSED')
    expect((await second.answer()).type).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS')
  })

  it('does not wait out a poll the service holds open once the window is closed', async () => {
    const service = createFakeAuthService()
    // Like the real service, a pending result is held open (here: for ever) rather than answered.
    let held = 0
    const holding: typeof service.fetch = (input, init) => {
      if (!String(input).endsWith('/social/result')) return service.fetch(input, init)
      held += 1
      return new Promise<Response>(() => {})
    }
    const h = createFrameHarness({ service, fetch: holding, handler: { lastLookMs: 10 } })
    const { uri } = (await h.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { uri: string }
    const pending = h.sendLater('CONNECT_SOCIAL', { uri })
    await vi.waitFor(() => expect(held).toBe(1))
    await h.ok('SOCIAL_WINDOW_CLOSED')
    expect(await pending.answer()).toMatchObject({ payload: { message: SOCIAL_WINDOW_CLOSED } })
    // The held request was the last look: no second poll (and a second last look) after it.
    expect(held).toBe(1)
  })

  it('gives up the poll of a flow a retry replaced', async () => {
    const h = createFrameHarness({ handler: { pollDelayMs: 10_000 } })
    const { uri } = (await h.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { uri: string }
    const polled = nextCall(h.service, 'POST /social/result')
    const stale = h.sendLater('CONNECT_SOCIAL', { uri })
    await polled
    await h.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    h.handler.receive({ data: { type: 'portico:social-done' }, origin: AUTH_URL, source: {} })
    expect(await stale.answer()).toMatchObject({ payload: { message: SOCIAL_WINDOW_CLOSED } })
  })

  it('connects with farcaster', async () => {
    const h = createFrameHarness()
    const { uri } = (await h.ok('GET_FARCASTER_URI')) as { uri: string }
    const channel = new URL(uri).searchParams.get('channel') as string
    const polled = nextCall(h.service, 'POST /farcaster/connect')
    const pending = h.sendLater('CONNECT_FARCASTER')
    await polled
    h.service.approveFarcaster(channel, 'fcuser')
    expect((await pending.answer()).payload).toMatchObject({ userName: 'fcuser', email: null })
  })
})

describe('frame handler: chain, preferences and RPC', () => {
  it('tracks the chain, refuses smart accounts without a session and stores theme and dApp data', async () => {
    const h = createFrameHarness({ handler: { initialChainId: 137 } })
    expect(await h.ok('GET_CHAIN_ID')).toEqual({ chainId: 137 })
    expect(await h.ok('SWITCH_NETWORK', { chainId: 'eip155:10' })).toEqual({ chainId: 10 })
    expect(await h.ok('GET_CHAIN_ID')).toEqual({ chainId: 10 })
    expect(await h.ok('SWITCH_NETWORK', { chainId: '0x2105' })).toEqual({ chainId: 8453 })
    // The current chain has the smart-account code (the served chains are not listed here).
    expect(await h.ok('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ smartAccountEnabledNetworks: [8453] })
    expect((await h.send('INIT_SMART_ACCOUNT')).type).toBe('@portico-frame/INIT_SMART_ACCOUNT_ERROR')
    expect((await h.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).type).toBe(
      '@portico-frame/SET_PREFERRED_ACCOUNT_ERROR',
    )
    await h.ok('SYNC_THEME', { themeMode: 'light', themeVariables: { '--accent': '#f00' } })
    expect(h.handler.inspect().theme).toEqual({ themeMode: 'light', themeVariables: { '--accent': '#f00' } })
    expect((await h.send('SYNC_THEME', { themeMode: 'blue' })).type).toBe('@portico-frame/SYNC_THEME_ERROR')
    const dapp = {
      metadata: { name: 'D', description: 'd', url: 'http://d.test', icons: [] },
      sdkVersion: '1',
      projectId: 'p',
    }
    await h.ok('SYNC_DAPP_DATA', dapp)
    expect(h.handler.inspect().dappData).toEqual(dapp)
    await h.loginByEmail('pref@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    expect(await h.ok('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({ type: 'eoa', address })
  })

  it('answers local methods, forwards reads, signs and sends', async () => {
    const h = createFrameHarness()
    const rpc = (method: string, params?: unknown) => h.send('RPC_REQUEST', { method, params })
    expect(await rpc('eth_accounts')).toMatchObject({ payload: { message: 'User is not connected' } })
    await h.loginByEmail('rpc@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    await h.ok('SWITCH_NETWORK', { chainId: 10 })

    expect(await rpc('eth_sign', [address, '0x00'])).toMatchObject({
      type: '@portico-frame/RPC_REQUEST_ERROR',
      payload: { message: 'Requested RPC call is not allowed' },
    })
    expect((await rpc('eth_accounts')).payload).toEqual([address])
    expect((await rpc('eth_requestAccounts')).payload).toEqual([address])
    expect((await rpc('eth_chainId')).payload).toBe('0xa')
    expect((await rpc('eth_blockNumber')).payload).toBe('0x64')
    expect(h.service.calls).toContain('rpc 10 eth_blockNumber')
    expect((await rpc('wallet_getCapabilities', [address])).payload).toEqual({
      '0xa': { atomic: { status: 'ready' }, permissions: PERMISSIONS_CAPABILITY },
    })
    expect((await rpc('wallet_sendCalls', [{}])).payload).toEqual({
      message: 'Invalid wallet_sendCalls request',
      code: -32602,
    })
    expect(h.prompts).toHaveLength(0)

    const signature = (await rpc('personal_sign', ['0x68656c6c6f', address])).payload as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    expect(
      (await rpc('personal_sign', ['0x68656c6c6f', '0x0000000000000000000000000000000000000001'])).type,
    ).toBe('@portico-frame/RPC_REQUEST_ERROR')

    const typedData = {
      domain: { name: 'Test', version: '1', chainId: 10 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const typedSignature = (await rpc('eth_signTypedData_v4', [address, JSON.stringify(typedData)]))
      .payload as Hex
    expect(await recoverAddress({ hash: hashTypedData(typedData as never), signature: typedSignature })).toBe(
      address,
    )

    const to = '0x000000000000000000000000000000000000dEaD'
    const hash = (await rpc('eth_sendTransaction', [{ from: address, to, value: '0x10' }])).payload as Hex
    const raw = h.service.sentRawTransactions[0] as Hex
    expect(hash).toBe(keccak256(raw))
    const tx = parseTransaction(raw)
    expect(tx).toMatchObject({
      chainId: 10,
      nonce: 7,
      to: to.toLowerCase(),
      value: 16n,
      gas: 21_000n,
      type: 'eip1559',
    })
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect((await rpc('eth_sendRawTransaction', [raw])).payload).toBe(keccak256(raw))
  })

  it('aborts pending not-safe requests and keeps safe ones', async () => {
    const service = createFakeAuthService()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let hold = false
    const heldMethods: string[] = []
    const fetch = async (input: string, init?: RequestInit) => {
      if (hold && input.startsWith('http://rpc.test')) {
        heldMethods.push(JSON.parse(String(init?.body)).method)
        await gate
      }
      return service.fetch(input, init)
    }
    const h = createFrameHarness({ service, fetch })
    await h.loginByEmail('abort@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    hold = true
    const send = h.sendLater('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address }],
    })
    const read = h.sendLater('RPC_REQUEST', { method: 'eth_blockNumber' })
    // Both are under way (the read waits on the chain) before one of them is sorted out as not safe.
    await vi.waitFor(() => expect(heldMethods).toContain('eth_blockNumber'))
    expect(h.handler.inspect().pendingNotSafe).toEqual([send.id])
    expect(await h.ok('RPC_ABORT')).toBeUndefined()
    expect(await send.answer()).toEqual({
      type: '@portico-frame/RPC_REQUEST_ERROR',
      id: send.id,
      payload: { message: 'Request was aborted', reason: 'ABORTED' },
    })
    release()
    expect((await read.answer()).type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    await h.handler.idle()
    expect(h.posts.filter((message) => message.id === send.id)).toHaveLength(1)
    expect(service.sentRawTransactions).toHaveLength(0)
  })
})

describe('frame handler: networks', () => {
  it('switches only to chains its RPC serves and never lands on another', async () => {
    const env = { authUrl: AUTH_URL, rpcUrlTemplate: RPC_URL_TEMPLATE, allowedOrigins: [DAPP_ORIGIN] }
    const h = createFrameHarness({ handler: { env: { ...env, chainIds: [1, 10] }, initialChainId: 31337 } })
    // A start chain it does not serve falls back to the first it does.
    expect(await h.ok('GET_CHAIN_ID')).toEqual({ chainId: 1 })
    expect(await h.ok('SWITCH_NETWORK', { chainId: 'eip155:10' })).toEqual({ chainId: 10 })
    expect(await h.send('SWITCH_NETWORK', { chainId: 666 })).toMatchObject({
      type: '@portico-frame/SWITCH_NETWORK_ERROR',
      payload: { message: 'Unrecognized chain ID 666', code: 4902 },
    })
    await h.loginByEmail('chains@example.test')
    expect(await h.send('GET_USER', { chainId: 137 })).toMatchObject({ payload: { code: 4902 } })
    expect(await h.ok('GET_CHAIN_ID')).toEqual({ chainId: 10 })
    expect(h.service.calls.some((call) => call.startsWith('rpc 666') || call.startsWith('rpc 137'))).toBe(
      false,
    )
  })
})

describe('frame handler: consent happens in the frame', () => {
  const to = '0x000000000000000000000000000000000000dEaD'

  it('signs nothing without a confirm step: the parent alone cannot get a signature', async () => {
    const h = createFrameHarness({ handler: { confirm: undefined } })
    await h.loginByEmail('noconfirm@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    const signed = await h.send('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', address] })
    expect(signed).toMatchObject({
      type: '@portico-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request.', code: 4001 },
    })
    const sent = await h.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to, value: '0x1' }],
    })
    expect(sent).toMatchObject({ payload: { code: 4001 } })
    expect(h.service.sentRawTransactions).toHaveLength(0)
  })

  it('shows the sheet around the prompt, with what is signed or sent, and signs only when approved', async () => {
    const answers = [false, true]
    const h = createFrameHarness({ answer: async () => answers.shift() ?? false })
    await h.ok('SYNC_THEME', { themeMode: 'light' })
    await h.loginByEmail('sheet@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    const rejected = await h.send('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })
    expect(rejected).toMatchObject({ payload: { message: 'User rejected the request.', code: 4001 } })
    const approved = await h.send('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })
    expect(await verifyMessage({ address, message: 'hello', signature: approved.payload as Hex })).toBe(true)
    expect(h.prompts.map((prompt) => prompt.details)).toEqual([
      { kind: 'message', text: 'hello' },
      { kind: 'message', text: 'hello' },
    ])
    expect(h.prompts[0]).toMatchObject({ origin: DAPP_ORIGIN, themeMode: 'light' })
    const around = h.posts
      .filter((message) => message.id === approved.id)
      .map((message) => message.type.replace('@portico-frame/', ''))
    expect(around).toEqual(['APPROVAL_SHOW', 'APPROVAL_HIDE', 'RPC_REQUEST_SUCCESS'])
  })

  it('never shows a sheet for a request it would refuse anyway', async () => {
    const h = createFrameHarness()
    await h.loginByEmail('refuse@example.test')
    const shownAtLogin = h.posts.length
    const other = '0x0000000000000000000000000000000000000001'
    expect(await h.send('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', other] })).toMatchObject({
      payload: { code: 4100 },
    })
    expect(await h.send('RPC_REQUEST', { method: 'solana_signMessage', params: {} })).toMatchObject({
      payload: { code: -32602 },
    })
    expect(await h.send('RPC_REQUEST', { method: 'solana_signAllTransactions', params: {} })).toMatchObject({
      payload: { code: 4200 },
    })
    expect(h.prompts).toHaveLength(0)
    const after = h.posts.slice(shownAtLogin)
    expect(after.some((message) => message.type === '@portico-frame/APPROVAL_SHOW')).toBe(false)
  })

  it('shows recipient, amount, fee and balance, and flags a transaction the wallet cannot pay', async () => {
    const h = createFrameHarness()
    await h.loginByEmail('tx@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    await h.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x10' }],
    })
    const balance = BigInt(
      (await h.send('RPC_REQUEST', { method: 'eth_getBalance', params: [address] })).payload as string,
    )
    const huge = `0x${(balance + 1n).toString(16)}`
    await h.send('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ to, value: huge }] })
    const [small, large] = h.prompts.map((prompt) => prompt.details)
    expect(small).toMatchObject({
      kind: 'transaction',
      to,
      value: 16n,
      symbol: 'ETH',
      insufficientFunds: false,
    })
    expect(small?.kind === 'transaction' && small.fee).toBeGreaterThan(0n)
    expect(large).toMatchObject({ kind: 'transaction', insufficientFunds: true })
  })

  it('shows one sheet at a time and closes an open sheet when the dApp cancels', async () => {
    const signals: AbortSignal[] = []
    const h = createFrameHarness({
      answer: (_prompt, signal) => {
        signals.push(signal)
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(false)))
      },
    })
    await h.loginByEmail('queue@example.test')
    const { address } = (await h.ok('GET_USER')) as User
    const first = h.sendLater('RPC_REQUEST', { method: 'personal_sign', params: ['0x61', address] })
    const second = h.sendLater('RPC_REQUEST', { method: 'personal_sign', params: ['0x62', address] })
    await vi.waitFor(() => expect(h.prompts).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(h.prompts).toHaveLength(1)
    await h.ok('RPC_ABORT')
    expect(signals[0]?.aborted).toBe(true)
    expect(await first.answer()).toMatchObject({ payload: { message: 'Request was aborted' } })
    expect(await second.answer()).toMatchObject({ payload: { message: 'Request was aborted' } })
    // The aborted second request never showed a sheet.
    expect(h.prompts).toHaveLength(1)
  })
})

/** Resolves once the frame asks the service `call` one more time than it had when this was called. */
function nextCall(service: { calls: readonly string[] }, call: string): Promise<void> {
  const count = () => service.calls.filter((made) => made === call).length
  const before = count()
  return vi.waitFor(() => expect(count()).toBeGreaterThan(before))
}

function localStorageStub() {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}
