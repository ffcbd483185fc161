import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_TIMEOUT_MS, type FrameClient, LONG_POLL_TIMEOUT_MS } from './frame-client.js'
import { createFrameProvider } from './frame-provider.js'
import { createFrameStorage } from './frame-storage.js'

/** A frame that answers every request at once, noting what it was asked and with which time-out. */
function fakeFrame() {
  const asked: { name: string; payload: unknown; options: unknown }[] = []
  const client = {
    frameOrigin: 'https://auth.test',
    whenReady: async () => {},
    request: vi.fn(async (name: string, payload?: unknown, options?: unknown) => {
      asked.push({ name, payload, options })
      return { id: '0x01' }
    }),
    onEvent: () => () => {},
    destroy: () => {},
  } as unknown as FrameClient
  return { client, asked }
}

/** The provider on a fake frame, with the modal's approval wait as a spy. */
function providerOn(client: Parameters<typeof createFrameProvider>[0]['client']) {
  const onSigningRequest = vi.fn(() => () => {})
  const provider = createFrameProvider({
    client,
    storage: createFrameStorage(undefined),
    chainId: 1,
    onSigningRequest,
    onNotAllowed: () => {},
    syncTheme: () => {},
  })
  return { provider, onSigningRequest }
}

describe('the embedded wallet provider: calls under an ERC-7715 permission', () => {
  const calls = [{ to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }]

  it('does not open the modal’s approval wait for calls the wallet sends without a sheet', async () => {
    const { client, asked } = fakeFrame()
    const { provider, onSigningRequest } = providerOn(client)
    const context = `0x${'ab'.repeat(32)}`
    await provider.request({
      method: 'wallet_sendCalls',
      params: [{ chainId: '0x1', calls, capabilities: { permissions: { context } } }],
    })
    expect(onSigningRequest).not.toHaveBeenCalled()
    // Still a request that may take the chain's time.
    expect(asked[0]).toMatchObject({ name: 'RPC_REQUEST', options: { timeoutMs: expect.any(Number) } })

    await provider.request({ method: 'wallet_sendCalls', params: [{ chainId: '0x1', calls }] })
    expect(onSigningRequest).toHaveBeenCalledTimes(1)
    await provider.request({ method: 'wallet_grantPermissions', params: [{ expiry: 1, permissions: [] }] })
    expect(onSigningRequest).toHaveBeenCalledTimes(2)
  })
})

describe('the embedded wallet provider: wallet_showCallsStatus', () => {
  it('waits as long as the visitor keeps the wallet window open, without the modal’s approval wait', async () => {
    const { client, asked } = fakeFrame()
    const { provider, onSigningRequest } = providerOn(client)
    await provider.request({ method: 'wallet_showCallsStatus', params: [`0x${'ab'.repeat(68)}`] })
    expect(onSigningRequest).not.toHaveBeenCalled()
    expect(LONG_POLL_TIMEOUT_MS).toBeGreaterThan(DEFAULT_TIMEOUT_MS)
    expect(asked[0]).toMatchObject({
      name: 'RPC_REQUEST',
      payload: { method: 'wallet_showCallsStatus' },
      options: { timeoutMs: LONG_POLL_TIMEOUT_MS },
    })
  })
})
