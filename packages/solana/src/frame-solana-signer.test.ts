import type { Connection } from '@portico/core'
import type { AdapterContext } from '@portico/core/internal'
import { SOLANA_DEV_ADDRESSES, SOLANA_USDC, type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSolanaAdapter } from './solana-adapter.js'
import { solanaNetworks } from './solana-networks.js'

const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const EMBEDDED = SOLANA_DEV_ADDRESSES[5] as string
const RECIPIENT = SOLANA_DEV_ADDRESSES[6] as string
const SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(3))

const embeddedConnection: Connection = {
  namespace: 'solana',
  accounts: [EMBEDDED],
  chainId: DEVNET,
  connectorId: 'auth',
  connectorName: 'a@b.co',
}

/** The wallet frame's provider as the auth feature lends it: records requests, answers as the frame does. */
function fakeFrame(answers: Partial<Record<string, unknown>> = {}) {
  const requests: { method: string; params?: unknown }[] = []
  const provider = {
    request: vi.fn(async (args: { method: string; params?: unknown }) => {
      requests.push(args)
      if (args.method in answers) return answers[args.method]
      if (args.method === 'solana_getAccounts') return [{ pubkey: EMBEDDED }]
      return { signature: SIGNATURE }
    }),
  }
  return { provider, requests }
}

describe('the Solana adapter routes the embedded wallet to the wallet frame', () => {
  let devnet: SolanaDevnet
  beforeAll(async () => {
    devnet = await startSolanaDevnet({ port: 0, clusters: ['devnet'], slotMs: 50 })
  })
  afterAll(() => devnet?.stop())

  function adapterWith(frame: ReturnType<typeof fakeFrame>, connection: Connection | undefined) {
    const context = {
      networks: solanaNetworks,
      authProvider: () => frame.provider,
      connectionOf: (namespace: string) => (namespace === 'solana' ? connection : undefined),
    } as unknown as AdapterContext
    return createSolanaAdapter(
      context,
      (network) => `${devnet.url}/${network.cluster}`,
      () => undefined,
    )
  }

  it('signs a message in the frame for the kept embedded connection', async () => {
    const frame = fakeFrame()
    const adapter = adapterWith(frame, embeddedConnection)
    expect(await adapter.signMessage('Hello Solana')).toBe(SIGNATURE)
    expect(frame.requests).toEqual([
      {
        method: 'solana_signMessage',
        params: {
          message: getBase58Decoder().decode(new TextEncoder().encode('Hello Solana')),
          pubkey: EMBEDDED,
        },
      },
    ])
  })

  it('builds a SOL or USDC transfer from the embedded account on its cluster and has the frame send it', async () => {
    const frame = fakeFrame()
    const adapter = adapterWith(frame, embeddedConnection)
    expect(await adapter.sendTransaction({ to: RECIPIENT, value: 1_500_000n })).toBe(SIGNATURE)
    await adapter.sendTransaction({
      to: RECIPIENT,
      value: 2_000_000n,
      token: { address: SOLANA_USDC.mint, decimals: 6 },
    })
    const [sol, usdc] = frame.requests as { method: string; params: Record<string, unknown> }[]
    for (const request of [sol, usdc]) {
      expect(request).toMatchObject({
        method: 'solana_signAndSendTransaction',
        params: { pubkey: EMBEDDED, chain: `solana:${DEVNET}`, sendOptions: {} },
      })
      const wire = getBase64Encoder().encode(String(request?.params.transaction))
      const transaction = getTransactionDecoder().decode(wire)
      // Unsigned, and the embedded account is the one signer (and fee payer).
      expect(Object.entries(transaction.signatures)).toEqual([[EMBEDDED, null]])
      const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
      expect(message.staticAccounts).toContain(RECIPIENT)
    }
  })

  it('confirms a remembered embedded connection after a reload, on its cluster; none once signed out', async () => {
    const frame = fakeFrame()
    const remembered = { ...embeddedConnection, chainId: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z' }
    expect(await adapterWith(frame, remembered).reconnect('auth')).toMatchObject({
      namespace: 'solana',
      accounts: [EMBEDDED],
      chainId: remembered.chainId,
      connectorId: 'auth',
    })
    const signedOut = fakeFrame()
    signedOut.provider.request.mockRejectedValueOnce(new Error('User is not connected'))
    expect(await adapterWith(signedOut, embeddedConnection).reconnect('auth')).toBeUndefined()
    // A frame that answers something else than a Solana account connects nothing.
    const odd = fakeFrame({ solana_getAccounts: [{ pubkey: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] })
    expect(await adapterWith(odd, embeddedConnection).reconnect('auth')).toBeUndefined()
  })

  it("leaves another wallet's connection alone and refuses a malformed frame answer", async () => {
    const frame = fakeFrame()
    const other = adapterWith(frame, { ...embeddedConnection, connectorId: 'wallet-standard:phantom' })
    await expect(other.signMessage('hi')).rejects.toThrow('No Solana wallet connected')
    expect(frame.requests).toEqual([])

    const wrong = fakeFrame({ solana_signMessage: { signature: '0xdeadbeef' } })
    await expect(adapterWith(wrong, embeddedConnection).signMessage('hi')).rejects.toMatchObject({
      code: 'INVALID_WALLET_RESPONSE',
    })
    // The frame's own refusal (the visitor rejected) reaches the dApp as it came.
    const rejecting = fakeFrame()
    rejecting.provider.request.mockRejectedValueOnce(
      Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    )
    await expect(adapterWith(rejecting, embeddedConnection).signMessage('hi')).rejects.toMatchObject({
      code: 4001,
    })
  })
})
