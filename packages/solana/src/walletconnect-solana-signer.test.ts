import type { Connection } from '@portico/core'
import type { AdapterContext, WalletConnectSession } from '@portico/core/internal'
import { solanaDevSigner } from '@portico/devnet/solana'
import {
  type Blockhash,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
  type SignatureBytes,
  signBytes,
  verifySignature,
} from '@solana/kit'
import { describe, expect, it, vi } from 'vitest'
import { solanaDevnet, solanaMainnet } from './solana-networks.js'
import { transferTransaction } from './transfer-transaction.js'
import { walletConnectRoute } from './walletconnect-route.js'
import { createWalletConnectSolanaSigner } from './walletconnect-solana-signer.js'

const signer = await solanaDevSigner(29)
const DEVNET = solanaDevnet.caipNetworkId as `solana:${string}`
const clusters = [solanaMainnet, solanaDevnet]
const recipient = (await solanaDevSigner(30)).address

/** A paired wallet holding dev key 29 on both clusters, answering what `answer` says. */
function fakeSession(
  answer: (request: { chainId: string; method: string; params: unknown }) => Promise<unknown>,
  methods = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
) {
  const request = vi.fn(answer)
  const session: WalletConnectSession = {
    accounts: (namespace) =>
      namespace === 'solana' ? clusters.map((cluster) => `${cluster.caipNetworkId}:${signer.address}`) : [],
    methods: (namespace) => (namespace === 'solana' ? methods : []),
    request,
    restore: async () => true,
    disconnect: vi.fn(async () => {}),
    onEnd: () => () => {},
  }
  return { session, request }
}

const transfer = () =>
  transferTransaction({
    from: signer.address,
    to: recipient,
    amount: 1_000n,
    lifetime: { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n },
  })

describe('Solana over a WalletConnect session', () => {
  it('signs a message: base58 bytes and the pubkey go to the wallet, its base58 signature comes back', async () => {
    const { session, request } = fakeSession(async ({ params }) => {
      const { message } = params as { message: string }
      const signature = await signBytes(signer.keyPair.privateKey, getBase58Encoder().encode(message))
      return { signature: getBase58Decoder().decode(signature) }
    })
    const wc = createWalletConnectSolanaSigner({
      session: async () => session,
      networks: clusters,
      send: vi.fn(),
    })
    const signature = await wc.signMessage('Hello Solana', signer.address, DEVNET)
    expect(request).toHaveBeenCalledWith({
      chainId: DEVNET,
      method: 'solana_signMessage',
      params: {
        message: getBase58Decoder().decode(new TextEncoder().encode('Hello Solana')),
        pubkey: signer.address,
      },
    })
    const bytes = new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes
    await expect(
      verifySignature(signer.keyPair.publicKey, bytes, new TextEncoder().encode('Hello Solana')),
    ).resolves.toBe(true)
  })

  it("rejects a wallet's answer that is no signature", async () => {
    for (const answer of [{}, { signature: '0xabc' }, { signature: '2NEpo7TZRRrLZSi2U' }]) {
      const { session } = fakeSession(async () => answer)
      const wc = createWalletConnectSolanaSigner({
        session: async () => session,
        networks: clusters,
        send: vi.fn(),
      })
      await expect(wc.signMessage('x', signer.address, DEVNET)).rejects.toThrow(
        /solana_signMessage is not valid/,
      )
    }
  })

  it('sends a transaction with solana_signAndSendTransaction when the wallet approved it', async () => {
    const { session, request } = fakeSession(async () => ({
      signature: getBase58Decoder().decode(new Uint8Array(64).fill(7)),
    }))
    const send = vi.fn()
    const wc = createWalletConnectSolanaSigner({ session: async () => session, networks: clusters, send })
    const transaction = await transfer()
    await wc.signAndSendTransaction(transaction, signer.address, DEVNET, { skipPreflight: true })
    const [{ method, params }] = request.mock.calls[0] as [
      { method: string; params: Record<string, unknown> },
    ]
    expect(method).toBe('solana_signAndSendTransaction')
    expect(new Uint8Array(getBase64Encoder().encode(params.transaction as string))).toEqual(transaction)
    expect(params.sendOptions).toEqual({ skipPreflight: true })
    expect(send).not.toHaveBeenCalled()
  })

  it('signs with solana_signTransaction and sends itself when the wallet approved signing only', async () => {
    const { session, request } = fakeSession(
      async ({ params }) => {
        const { messageBytes } = getTransactionDecoder().decode(
          getBase64Encoder().encode((params as { transaction: string }).transaction),
        )
        // An older wallet: the signature alone, no signed transaction.
        return {
          signature: getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, messageBytes)),
        }
      },
      ['solana_signMessage', 'solana_signTransaction'],
    )
    const send = vi.fn(async () => 'sent')
    const wc = createWalletConnectSolanaSigner({ session: async () => session, networks: clusters, send })
    await expect(wc.signAndSendTransaction(await transfer(), signer.address, DEVNET)).resolves.toBe('sent')
    expect(request.mock.calls[0]?.[0].method).toBe('solana_signTransaction')
    const [wire, chain] = send.mock.calls[0] as unknown as [Uint8Array, string]
    expect(chain).toBe(DEVNET)
    const signed = getTransactionDecoder().decode(wire)
    const signature = signed.signatures[signer.address] as SignatureBytes
    await expect(verifySignature(signer.keyPair.publicKey, signature, signed.messageBytes)).resolves.toBe(
      true,
    )
  })
})

describe('the Solana adapter’s WalletConnect route', () => {
  const connection = (connectorId: string): Connection => ({
    namespace: 'solana',
    accounts: [signer.address],
    chainId: solanaDevnet.chainId,
    connectorId,
    connectorName: 'WalletConnect',
  })
  const contextWith = (kept: Connection | undefined, session: WalletConnectSession) =>
    ({
      networks: clusters,
      connectionOf: (namespace: string) => (namespace === 'solana' ? kept : undefined),
      walletConnect: async () => session,
    }) as unknown as AdapterContext

  it("serves only the kernel's Solana connection of the WalletConnect connector, on its cluster", async () => {
    const { session, request } = fakeSession(async () => ({
      signature: getBase58Decoder().decode(new Uint8Array(64).fill(1)),
    }))
    const hooks = { send: vi.fn(), onEnd: vi.fn() }
    expect(
      walletConnectRoute(contextWith(connection('phantom'), session), clusters, hooks).signMessage('x'),
    ).toBe(undefined)
    const route = walletConnectRoute(contextWith(connection('walletconnect'), session), clusters, hooks)
    await expect(route.signMessage('x')).resolves.toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
    expect(request.mock.calls[0]?.[0].chainId).toBe(DEVNET)
  })

  it('restores the session after a reload on the remembered cluster', async () => {
    const { session } = fakeSession(async () => ({}))
    const route = walletConnectRoute(contextWith(connection('walletconnect'), session), clusters, {
      send: vi.fn(),
      onEnd: vi.fn(),
    })
    await expect(route.reconnect()).resolves.toEqual({
      namespace: 'solana',
      accounts: [signer.address],
      chainId: solanaDevnet.chainId,
      connectorId: 'walletconnect',
      connectorName: 'WalletConnect',
    })
  })
})
