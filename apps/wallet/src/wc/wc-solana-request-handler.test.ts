import { solanaDevSigner } from '@portico/devnet/solana'
import {
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { executeWcSolanaRequest, solanaMessageText } from './wc-solana-request-handler.js'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const signer = await solanaDevSigner(29)
const context = { signer, chainId: DEVNET, solanaRpcBase: 'http://127.0.0.1:1' }

/** An unsigned wire transaction (base64) whose fee payer is `payer`. */
function unsignedTransaction(payer = signer.address): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 100n },
        m,
      ),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

const signatureBytes = (base58: string) => new Uint8Array(getBase58Encoder().encode(base58)) as SignatureBytes

describe('the WalletConnect page on Solana', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('signs solana_signMessage (base58 message) and answers a base58 signature of those bytes', async () => {
    const text = 'Hello over WalletConnect'
    const bytes = new TextEncoder().encode(text)
    const params = { message: getBase58Decoder().decode(bytes), pubkey: signer.address }
    expect(solanaMessageText(params)).toBe(text)
    const result = (await executeWcSolanaRequest({ method: 'solana_signMessage', params }, context)) as {
      signature: string
    }
    await expect(
      verifySignature(signer.keyPair.publicKey, signatureBytes(result.signature), bytes),
    ).resolves.toBe(true)
  })

  it('refuses a message for another account and a transaction it is not asked to sign', async () => {
    const other = await solanaDevSigner(30)
    await expect(
      executeWcSolanaRequest(
        { method: 'solana_signMessage', params: { message: '2NEpo7TZRRrLZSi2U', pubkey: other.address } },
        context,
      ),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      executeWcSolanaRequest(
        { method: 'solana_signTransaction', params: { transaction: unsignedTransaction(other.address) } },
        context,
      ),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      executeWcSolanaRequest(
        { method: 'solana_signTransaction', params: { transaction: 'not base64!' } },
        context,
      ),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('signs solana_signTransaction and answers the signature and the signed transaction', async () => {
    const result = (await executeWcSolanaRequest(
      { method: 'solana_signTransaction', params: { transaction: unsignedTransaction() } },
      context,
    )) as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(result.transaction))
    expect(signed.signatures[signer.address]).toEqual(signatureBytes(result.signature))
    await expect(
      verifySignature(signer.keyPair.publicKey, signatureBytes(result.signature), signed.messageBytes),
    ).resolves.toBe(true)
  })

  it('sends solana_signAndSendTransaction to the local cluster of the request with its send options', async () => {
    const sent: { url: string; body: { method: string; params: [string, Record<string, unknown>] } }[] = []
    vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
      const body = JSON.parse(init.body)
      sent.push({ url, body })
      const wire = getTransactionDecoder().decode(getBase64Encoder().encode(body.params[0]))
      const signature = getBase58Decoder().decode(wire.signatures[signer.address] as Uint8Array)
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: signature }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const result = (await executeWcSolanaRequest(
      {
        method: 'solana_signAndSendTransaction',
        params: { transaction: unsignedTransaction(), sendOptions: { skipPreflight: true } },
      },
      context,
    )) as { signature: string }
    expect(sent).toHaveLength(1)
    expect(sent[0]?.url).toBe('http://127.0.0.1:1/devnet')
    expect(sent[0]?.body.method).toBe('sendTransaction')
    expect(sent[0]?.body.params[1]).toMatchObject({ encoding: 'base64', skipPreflight: true })
    expect(result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  })

  it('answers other methods as unsupported', async () => {
    await expect(
      executeWcSolanaRequest({ method: 'solana_signAllTransactions', params: {} }, context),
    ).rejects.toMatchObject({ code: 4200 })
  })
})
