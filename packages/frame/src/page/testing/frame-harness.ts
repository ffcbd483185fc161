import { vi } from 'vitest'
import type { ApprovalPrompt } from '../approval-sheet.js'
import type { FetchLike } from '../auth-client.js'
import { memoryDeviceShareKey } from '../device-share-key.js'
import { createFrameHandler, type FrameHandlerOptions, type FrameOutgoingMessage } from '../frame-handler.js'
import { createFrameVault, VAULT_KEYS } from '../frame-vault.js'
import { combineShares } from '../wallet-keys.js'
import {
  AUTH_URL,
  createFakeAuthService,
  createMemoryStorage,
  type FakeAuthService,
  RPC_URL_TEMPLATE,
  SOLANA_RPC_URL_TEMPLATE,
} from './fake-auth-service.js'
import { createFakeVisitor, type FakeVisitor } from './fake-visitor.js'

export const DAPP_ORIGIN = 'http://127.0.0.1:5173'

/**
 * A frame handler wired to a fake parent, a memory storage and the fake auth service. The visitor's
 * answer to each approval sheet is `answer` (approve by default); every prompt shown is in `prompts`.
 */
export function createFrameHarness(
  options: {
    service?: FakeAuthService
    fetch?: FetchLike
    handler?: Partial<FrameHandlerOptions>
    answer?: (prompt: ApprovalPrompt, signal: AbortSignal) => Promise<boolean>
    /** The visitor at the recovery sheets (saves the code shown, by default). */
    visitor?: FakeVisitor
  } = {},
) {
  const visitor = options.visitor ?? createFakeVisitor()
  const prompts: ApprovalPrompt[] = []
  const answer = options.answer ?? (async () => true)
  const service = options.service ?? createFakeAuthService()
  const storage = createMemoryStorage()
  const parent = { name: 'parent window' }
  const posts: FrameOutgoingMessage[] = []
  // The frame's wrapping key, as its IndexedDB would keep it: the test reads the shares with it too.
  const deviceShareKey = options.handler?.deviceShareKey ?? memoryDeviceShareKey()
  const handler = createFrameHandler({
    env: {
      authUrl: AUTH_URL,
      rpcUrlTemplate: RPC_URL_TEMPLATE,
      solanaRpcUrlTemplate: SOLANA_RPC_URL_TEMPLATE,
      allowedOrigins: [DAPP_ORIGIN],
    },
    parentOrigin: DAPP_ORIGIN,
    parent,
    post: (message) => posts.push(message),
    storage,
    deviceShareKey,
    fetch: options.fetch ?? service.fetch,
    pollDelayMs: 2,
    longPollMs: 3000,
    confirm: (prompt, signal) => {
      prompts.push(prompt)
      return answer(prompt, signal)
    },
    recovery: visitor.ui,
    ...options.handler,
  })
  let counter = 0

  /** Posts an app event from the parent and returns the frame's answer (success or error event). */
  async function send(name: string, payload?: unknown) {
    counter += 1
    const id = `req-${counter}`
    handler.receive({
      data: { type: `@portico-app/${name}`, id, payload },
      origin: DAPP_ORIGIN,
      source: parent,
    })
    return answerTo(id)
  }

  function sendLater(name: string, payload?: unknown) {
    counter += 1
    const id = `req-${counter}`
    handler.receive({
      data: { type: `@portico-app/${name}`, id, payload },
      origin: DAPP_ORIGIN,
      source: parent,
    })
    return { id, answer: () => answerTo(id) }
  }

  function answerTo(id: string) {
    return vi.waitFor(
      () => {
        const reply = posts.find((message) => message.id === id && /_(SUCCESS|ERROR)$/.test(message.type))
        if (!reply) throw new Error(`no answer to ${id} yet`)
        return reply
      },
      { timeout: 5000, interval: 2 },
    )
  }

  async function ok(name: string, payload?: unknown) {
    const reply = await send(name, payload)
    if (reply.type !== `@portico-frame/${name}_SUCCESS`) {
      throw new Error(`${name} failed: ${JSON.stringify(reply.payload)}`)
    }
    return reply.payload as never
  }

  async function loginByEmail(email: string) {
    const started = await ok('CONNECT_EMAIL', { email })
    await ok('CONNECT_OTP', { otp: '123456' })
    return started as { action: string }
  }

  /** The signed-in user's key, rebuilt from this device's share and the service's auth share. */
  async function privateKey(userId?: string) {
    const entries = JSON.parse(storage.map.get(VAULT_KEYS.deviceShares) ?? '[]') as [string, unknown][]
    const [id] = entries.find(([each]) => userId === undefined || each === userId) ?? []
    const vault = createFrameVault(
      storage,
      (size) => crypto.getRandomValues(new Uint8Array(size)),
      deviceShareKey,
    )
    const local = id ? await vault.deviceShare(id) : undefined
    const wallet = id ? service.wallets.get(id) : undefined
    if (!local || !wallet) throw new Error('no wallet on this device')
    return combineShares(local.share, wallet.authShare, wallet.address)
  }

  return {
    service,
    storage,
    deviceShareKey,
    parent,
    posts,
    prompts,
    handler,
    visitor,
    send,
    sendLater,
    ok,
    loginByEmail,
    privateKey,
  }
}
