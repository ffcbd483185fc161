import { ed25519 } from '@noble/curves/ed25519'
import { isAllowedMethod, isSafeMethod, SOLANA_GET_ACCOUNTS } from '@portico/wire'
import {
  type Address,
  appendTransactionMessageInstructions,
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
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveSolanaKey } from './solana-keys.js'
import { SOLANA_BALANCE, SOLANA_FEE } from './testing/fake-auth-service.js'
import { createFrameHarness, DAPP_ORIGIN } from './testing/frame-harness.js'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const someAddress = (fill: number) => base58(new Uint8Array(32).fill(fill)) as Address
const RECIPIENT = someAddress(7)
const BLOCKHASH = someAddress(9) as string as Blockhash
const text = (value: string) => base58(new TextEncoder().encode(value))

/** An unsigned v0 wire transaction (base64) paid by `payer`, as the dApp side builds it. */
function wireTransaction(payer: Address, instructions: Instruction[]): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 99n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

const solTransfer = (from: Address, lamports: bigint, to: Address = RECIPIENT) =>
  wireTransaction(from, [
    getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: lamports }),
  ])

async function usdcTransfer(from: Address, amount: bigint, createAccount: boolean) {
  const sender = createNoopSigner(from)
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: from, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner: RECIPIENT, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ])
  const transfer = getTransferCheckedInstruction({
    source,
    mint: USDC,
    destination,
    authority: sender,
    amount,
    decimals: 6,
  })
  const create = getCreateAssociatedTokenIdempotentInstruction({
    payer: sender,
    ata: destination,
    owner: RECIPIENT,
    mint: USDC,
  })
  return { wire: wireTransaction(from, createAccount ? [create, transfer] : [transfer]), destination }
}

/** A signed-in frame; `solana` is its Solana address as the dApp learns it. */
async function signedIn(options: Parameters<typeof createFrameHarness>[0] = {}) {
  const h = createFrameHarness(options)
  await h.loginByEmail(`solana-${Math.random()}@example.test`)
  const accounts = (await h.ok('RPC_REQUEST', { method: SOLANA_GET_ACCOUNTS })) as { pubkey: string }[]
  const solana = accounts[0]?.pubkey as Address
  const rpc = (method: string, params?: unknown) => h.send('RPC_REQUEST', { method, params })
  return { ...h, solana, rpc }
}

const verifies = (signature: string, message: Uint8Array, address: string) =>
  ed25519.verify(
    new Uint8Array(getBase58Encoder().encode(signature)),
    message,
    new Uint8Array(getBase58Encoder().encode(address)),
  )

describe('frame handler: the embedded wallet on Solana', () => {
  it('allows the Solana sign methods only as not-safe (approval) methods, and its address read as safe', () => {
    for (const method of [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
      'solana_signAllTransactions',
    ]) {
      expect(isAllowedMethod(method)).toBe(true)
      expect(isSafeMethod(method)).toBe(false)
    }
    expect(isAllowedMethod(SOLANA_GET_ACCOUNTS) && isSafeMethod(SOLANA_GET_ACCOUNTS)).toBe(true)
    for (const method of ['solana_signIn', 'solana_requestAirdrop', 'solana_sendTransaction']) {
      expect(isAllowedMethod(method)).toBe(false)
    }
  })

  it('tells the dApp the Solana address derived from the wallet key, and only once signed in', async () => {
    const h = createFrameHarness()
    expect(await h.send('RPC_REQUEST', { method: SOLANA_GET_ACCOUNTS })).toMatchObject({
      payload: { message: 'User is not connected' },
    })
    await h.loginByEmail('address@example.test')
    const [{ pubkey }] = (await h.ok('RPC_REQUEST', { method: SOLANA_GET_ACCOUNTS })) as [{ pubkey: string }]
    const secret = await h.privateKey()
    expect(pubkey).toBe(deriveSolanaKey(hexToBytes(secret)).address)
    // Nothing of the key leaves the frame: only the public address is ever posted.
    const secretBase58 = base58(hexToBytes(secret))
    expect(JSON.stringify(h.posts)).not.toContain(secretBase58)
    expect(JSON.stringify(h.posts)).not.toContain(secret.slice(2))
  })

  it('signs a message only after the visitor approves it in the sheet; the signature verifies', async () => {
    const answers = [false, true]
    const h = await signedIn({ answer: async () => answers.shift() ?? false })
    const params = { message: text('Hello Solana'), pubkey: h.solana }
    expect(await h.rpc('solana_signMessage', params)).toMatchObject({
      type: '@portico-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request.', code: 4001 },
    })
    const approved = await h.rpc('solana_signMessage', params)
    const { signature } = approved.payload as { signature: string }
    expect(verifies(signature, new TextEncoder().encode('Hello Solana'), h.solana)).toBe(true)
    expect(h.prompts.map((prompt) => prompt.details)).toEqual([
      { kind: 'message', text: 'Hello Solana' },
      { kind: 'message', text: 'Hello Solana' },
    ])
    const around = h.posts
      .filter((message) => message.id === approved.id)
      .map((message) => message.type.replace('@portico-frame/', ''))
    expect(around).toEqual(['APPROVAL_SHOW', 'APPROVAL_HIDE', 'RPC_REQUEST_SUCCESS'])
  })

  it('signs nothing without a confirm step: the parent alone cannot get a Solana signature', async () => {
    const h = await signedIn({ handler: { confirm: undefined } })
    expect(await h.rpc('solana_signMessage', { message: text('hi'), pubkey: h.solana })).toMatchObject({
      payload: { code: 4001 },
    })
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
      const sent = await h.rpc(method, { transaction: solTransfer(h.solana, 1_000_000n), chain: DEVNET })
      expect(sent).toMatchObject({ payload: { code: 4001 } })
    }
    expect(h.service.sentSolanaTransactions).toHaveLength(0)
    expect(JSON.stringify(h.posts)).not.toMatch(/"signature"/)
  })

  it('ignores a Solana sign request from another origin or another window', async () => {
    const h = await signedIn()
    const posted = h.posts.length
    const data = {
      type: '@portico-app/RPC_REQUEST',
      id: 'evil-1',
      payload: { method: 'solana_signMessage', params: { message: text('Send all'), pubkey: h.solana } },
    }
    h.handler.receive({ data, origin: 'https://evil.test', source: h.parent })
    h.handler.receive({ data, origin: DAPP_ORIGIN, source: { impostor: true } })
    await h.handler.idle()
    expect(h.posts).toHaveLength(posted)
    expect(h.prompts).toHaveLength(0)
  })

  it('shows a SOL transfer, then signs it and sends it to the cluster named, with the send options', async () => {
    const h = await signedIn()
    const sendOptions = {
      skipPreflight: false,
      preflightCommitment: 'confirmed',
      maxRetries: 3,
      minContextSlot: 1,
    }
    const transaction = solTransfer(h.solana, 250_000_000n)
    const answer = await h.rpc('solana_signAndSendTransaction', { transaction, chain: DEVNET, sendOptions })
    expect(answer.payload).toEqual({ signature: 'fake-signature-from-the-cluster' })
    expect(h.prompts.map((prompt) => prompt.details)).toEqual([
      {
        kind: 'solanaTransaction',
        network: 'Solana Devnet',
        send: true,
        transfers: [{ to: RECIPIENT, amount: 250_000_000n, decimals: 9, symbol: 'SOL' }],
        otherInstructions: false,
        fee: BigInt(SOLANA_FEE),
        balance: BigInt(SOLANA_BALANCE),
        insufficientFunds: false,
      },
    ])
    const [sent] = h.service.sentSolanaTransactions
    expect(sent?.cluster).toBe('devnet')
    expect(sent?.config).toEqual({ encoding: 'base64', ...sendOptions })
    // The bytes sent are the very message shown, signed by the embedded account.
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(sent?.transaction ?? ''))
    const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    expect(signed.messageBytes).toEqual(unsigned.messageBytes)
    const signature = signed.signatures[h.solana]
    expect(
      signature &&
        ed25519.verify(
          signature,
          new Uint8Array(signed.messageBytes),
          new Uint8Array(getBase58Encoder().encode(h.solana)),
        ),
    ).toBe(true)
  })

  it('signTransaction hands the signed transaction back and sends nothing', async () => {
    const h = await signedIn()
    const answer = await h.rpc('solana_signTransaction', {
      transaction: solTransfer(h.solana, 1n),
      chain: DEVNET,
    })
    const { signature, transaction } = answer.payload as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    expect(base58(new Uint8Array(signed.signatures[h.solana] ?? []))).toBe(signature)
    expect(verifies(signature, new Uint8Array(signed.messageBytes), h.solana)).toBe(true)
    expect(h.prompts[0]?.details).toMatchObject({ kind: 'solanaTransaction', send: false })
    expect(h.service.sentSolanaTransactions).toHaveLength(0)
  })

  it('names a token transfer by the wallet it goes to, the token and its amount', async () => {
    const h = await signedIn()
    const created = await usdcTransfer(h.solana, 12_500_000n, true)
    await h.rpc('solana_signAndSendTransaction', { transaction: created.wire, chain: DEVNET })
    // Without the account creation, the recipient's wallet is read from the token account.
    const existing = await usdcTransfer(h.solana, 1n, false)
    h.service.solanaTokenOwners.set(existing.destination, RECIPIENT)
    await h.rpc('solana_signAndSendTransaction', { transaction: existing.wire, chain: DEVNET })
    expect(h.prompts.map((prompt) => prompt.details)).toMatchObject([
      {
        transfers: [{ to: RECIPIENT, amount: 12_500_000n, decimals: 6, symbol: 'USDC' }],
        otherInstructions: false,
      },
      { transfers: [{ to: RECIPIENT, amount: 1n, decimals: 6, symbol: 'USDC' }] },
    ])
  })

  it('flags a transfer the account cannot pay; the sheet that can only close ends as insufficient funds', async () => {
    const h = await signedIn({ answer: async () => false })
    const tooMuch = BigInt(SOLANA_BALANCE) - BigInt(SOLANA_FEE) + 1n
    const answer = await h.rpc('solana_signAndSendTransaction', {
      transaction: solTransfer(h.solana, tooMuch),
      chain: DEVNET,
    })
    expect(h.prompts[0]?.details).toMatchObject({ kind: 'solanaTransaction', insufficientFunds: true })
    expect(answer.payload).toMatchObject({ code: -32003, message: 'Insufficient funds for this transaction' })
  })

  it('refuses bad params, options, accounts and clusters before any sheet shows', async () => {
    const h = await signedIn()
    const other = someAddress(3)
    const transaction = solTransfer(h.solana, 1n)
    const refused: [string, unknown, number][] = [
      ['solana_signMessage', { message: 'not base58 0OIl', pubkey: h.solana }, -32602],
      ['solana_signMessage', { message: text('hi') }, -32602],
      ['solana_signMessage', { message: text('hi'), pubkey: other }, 4100],
      ['solana_signMessage', [text('hi'), h.solana], -32602],
      ['solana_signTransaction', { transaction }, -32602],
      ['solana_signTransaction', { transaction, chain: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K' }, 4902],
      ['solana_signTransaction', { transaction: 'AAAA', chain: DEVNET }, -32602],
      ['solana_signTransaction', { transaction: `${transaction}AAAA`, chain: DEVNET }, -32602],
      ['solana_signTransaction', { transaction: solTransfer(other, 1n, h.solana), chain: DEVNET }, 4100],
      ['solana_signTransaction', { transaction, chain: DEVNET, pubkey: other }, 4100],
      ['solana_signAllTransactions', { transactions: [transaction] }, 4200],
    ]
    for (const sendOptions of [
      { skipPreflight: 'yes' },
      { preflightCommitment: 'max' },
      { maxRetries: -1 },
      { maxRetries: 101 },
      { maxRetries: 1.5 },
      { minContextSlot: -1 },
      { encoding: 'base58' },
      { skipPreflight: true, __proto__: { polluted: true } },
    ]) {
      refused.push(['solana_signAndSendTransaction', { transaction, chain: DEVNET, sendOptions }, -32602])
    }
    for (const [method, params, code] of refused) {
      const answer = await h.rpc(method, params)
      expect({ method, params, payload: answer.payload }).toMatchObject({ payload: { code } })
    }
    expect(await h.rpc('solana_signIn', {})).toMatchObject({
      payload: { message: 'Requested RPC call is not allowed', reason: 'NOT_ALLOWED' },
    })
    expect(h.prompts).toHaveLength(0)
    expect(h.service.sentSolanaTransactions).toHaveLength(0)
  })

  it('sends nothing on a cluster the frame has no RPC for', async () => {
    const h = await signedIn()
    const env = {
      authUrl: 'http://auth.test',
      rpcUrlTemplate: 'http://rpc.test/{chainId}',
      allowedOrigins: [DAPP_ORIGIN],
    }
    const bare = await signedIn({ handler: { env } })
    const answer = await bare.rpc('solana_signAndSendTransaction', {
      transaction: solTransfer(bare.solana, 1n),
      chain: DEVNET,
    })
    expect(answer.payload).toMatchObject({
      code: 4902,
      message: 'Solana Devnet is not served by this wallet',
    })
    expect(bare.prompts).toHaveLength(0)
    // Messages need no cluster.
    expect((await bare.rpc('solana_signMessage', { message: text('hi'), pubkey: bare.solana })).type).toBe(
      '@portico-frame/RPC_REQUEST_SUCCESS',
    )
    expect(h.service.sentSolanaTransactions).toHaveLength(0)
  })

  it('closes an open Solana sheet when the dApp cancels', async () => {
    const h = await signedIn({
      answer: (_prompt, signal) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve(false))),
    })
    const pending = h.sendLater('RPC_REQUEST', {
      method: 'solana_signAndSendTransaction',
      params: { transaction: solTransfer(h.solana, 1n), chain: DEVNET },
    })
    await expect.poll(() => h.prompts.length).toBe(1)
    await h.ok('RPC_ABORT')
    expect(await pending.answer()).toMatchObject({ payload: { reason: 'ABORTED' } })
    expect(h.service.sentSolanaTransactions).toHaveLength(0)
  })
})
