import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ADDRESSES, SOLANA_DEV_KEY_BALANCE_SOL, solanaDevKeySeed } from './dev-keys.js'
import { type SolanaDevnet, startSolanaDevnet } from './start-solana-devnet.js'

const devKey = (index: number) => Keypair.fromSeed(solanaDevKeySeed(index))

async function rpc(
  url: string,
  body: unknown,
): // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON-RPC answers
Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}

describe('JSON-RPC errors, CORS and commitments', () => {
  let devnet: SolanaDevnet
  beforeAll(async () => {
    // Confirmation a second after landing: long enough that a busy machine still reads the processed state.
    devnet = await startSolanaDevnet({
      port: 0,
      slotMs: 20,
      confirmedAfterMs: 1_000,
      finalizedAfterMs: 1_500,
    })
  })
  afterAll(() => devnet?.stop())

  it('answers bad params, unknown methods and bad JSON with JSON-RPC errors and keeps serving', async () => {
    const url = devnet.rpcUrl('devnet')
    const badAddress = await rpc(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getBalance',
      params: ['not-an-address'],
    })
    expect(badAddress.json).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602 } })
    const badType = await rpc(url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'getMinimumBalanceForRentExemption',
      params: ['x'],
    })
    expect(badType.json.error.code).toBe(-32602)
    const badTransaction = await rpc(url, {
      jsonrpc: '2.0',
      id: 3,
      method: 'sendTransaction',
      params: ['zzzz', { encoding: 'base64' }],
    })
    expect(badTransaction.json.error.code).toBe(-32602)
    const unknown = await rpc(url, { jsonrpc: '2.0', id: 4, method: 'getEverything', params: [] })
    expect(unknown.json.error).toEqual({ code: -32601, message: 'Method not found' })
    expect((await rpc(url, '{oops')).json.error.code).toBe(-32700)
    expect((await rpc(url, { id: 5, method: 'getSlot' })).json.error.code).toBe(-32600)
    const future = await rpc(url, {
      jsonrpc: '2.0',
      id: 6,
      method: 'getSlot',
      params: [{ minContextSlot: 10 ** 9 }],
    })
    expect(future.json.error.code).toBe(-32016)
    const processed = await rpc(url, {
      jsonrpc: '2.0',
      id: 7,
      method: 'getSignaturesForAddress',
      params: [SOLANA_DEV_ADDRESSES[0], { commitment: 'processed' }],
    })
    expect(processed.json.error.code).toBe(-32602)

    const batch = await rpc(url, [
      { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
      { jsonrpc: '2.0', id: 'b', method: 'getBalance', params: [SOLANA_DEV_ADDRESSES[0]] },
    ])
    expect(batch.json.map((answer: { id: string }) => answer.id)).toEqual(['a', 'b'])
    expect(batch.json[1].result.value).toBe(SOLANA_DEV_KEY_BALANCE_SOL * LAMPORTS_PER_SOL)
  })

  it('allows browser calls (CORS preflight with the solana-client header)', async () => {
    const response = await fetch(devnet.rpcUrl('mainnet-beta'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toMatch(/solana-client/)
    expect(await (await fetch(`${devnet.rpcUrl('mainnet-beta')}/health`)).text()).toBe('ok')
    const listing = await (await fetch(devnet.url)).json()
    expect(listing.clusters.map((c: { caip2: string }) => c.caip2)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
  })

  it('moves a transaction from processed to confirmed to finalized', async () => {
    const connection = new Connection(devnet.rpcUrl('devnet'), { wsEndpoint: devnet.wsUrl('devnet') })
    const payer = devKey(2)
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: LAMPORTS_PER_SOL,
      }),
    )
    const { blockhash } = await connection.getLatestBlockhash()
    transaction.recentBlockhash = blockhash
    transaction.sign(payer)
    const signature = await connection.sendRawTransaction(transaction.serialize())
    const status = async () =>
      (await connection.getSignatureStatuses([signature])).value[0]?.confirmationStatus
    expect(await status()).toBe('processed')
    // History and getTransaction show only confirmed transactions (finalized by default), as a node does.
    expect(await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })).toBeNull()
    // The confirmed and finalized slots stay below the transaction's until it reaches them: a reader
    // that follows blocks up to getSlot(confirmed) cannot pass its block before the block holds it.
    const landedIn = (await connection.getSignatureStatuses([signature])).value[0]?.slot as number
    expect(await connection.getSlot('processed')).toBeGreaterThanOrEqual(landedIn)
    expect(await connection.getSlot('confirmed')).toBeLessThan(landedIn)
    expect(await connection.getSlot('finalized')).toBeLessThan(landedIn)
    await expect.poll(status, { timeout: 10_000 }).toBe('confirmed')
    expect(await connection.getSlot('confirmed')).toBeGreaterThanOrEqual(landedIn)
    expect(
      await connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      }),
    ).not.toBeNull()
    await expect.poll(status, { timeout: 10_000 }).toBe('finalized')
    expect((await connection.getSignatureStatuses([signature])).value[0]?.confirmations).toBeNull()
    expect(await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })).not.toBeNull()
  })

  it('lands a failing transaction sent with skipPreflight, with its error and its fee', async () => {
    const connection = new Connection(devnet.rpcUrl('devnet'), {
      commitment: 'confirmed',
      wsEndpoint: devnet.wsUrl('devnet'),
    })
    const payer = devKey(7)
    const before = await connection.getBalance(payer.publicKey)
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: before * 2,
      }),
    )
    transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    transaction.sign(payer)
    const signature = await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true })
    await expect
      .poll(async () => (await connection.getSignatureStatuses([signature])).value[0]?.confirmationStatus, {
        timeout: 10_000,
      })
      .toBe('confirmed')
    const status = (await connection.getSignatureStatuses([signature])).value[0]
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(payer.publicKey)).toBe(before - 5000)
    const history = await connection.getSignaturesForAddress(payer.publicKey, { limit: 1 }, 'confirmed')
    expect(history[0]).toMatchObject({ signature, err: { InstructionError: [0, { Custom: 1 }] } })
    // The same signed bytes again: a node refuses the duplicate.
    await expect(connection.sendRawTransaction(transaction.serialize())).rejects.toThrow(
      /already been processed/,
    )
  })

  it("refuses a blockhash the cluster never issued (another cluster's)", async () => {
    const mainnet = new Connection(devnet.rpcUrl('mainnet-beta'))
    const testnet = new Connection(devnet.rpcUrl('testnet'))
    const { blockhash } = await mainnet.getLatestBlockhash()
    expect((await testnet.isBlockhashValid(blockhash)).value).toBe(false)
    const payer = devKey(3)
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: LAMPORTS_PER_SOL,
      }),
    )
    transaction.recentBlockhash = blockhash
    transaction.sign(payer)
    await expect(testnet.sendRawTransaction(transaction.serialize())).rejects.toThrow(/Blockhash not found/)
  })
})

describe('state across restarts', () => {
  let dataDir: string
  let devnet: SolanaDevnet | undefined
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portico-solana-'))
  })
  afterEach(() => devnet?.stop())
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('keeps balances, history and the slot, in owner-only files', async () => {
    const options = {
      port: 0,
      dataDir: join(dataDir, 'solana'),
      slotMs: 20,
      confirmedAfterMs: 0,
      finalizedAfterMs: 0,
    }
    devnet = await startSolanaDevnet(options)
    let connection = new Connection(devnet.rpcUrl('devnet'), {
      commitment: 'confirmed',
      wsEndpoint: devnet.wsUrl('devnet'),
    })
    const receiver = Keypair.generate().publicKey
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: devKey(4).publicKey,
          toPubkey: receiver,
          lamports: 2 * LAMPORTS_PER_SOL,
        }),
      ),
      [devKey(4)],
    )
    const slotBefore = await connection.getSlot()
    await devnet.stop()

    expect((await stat(options.dataDir)).mode & 0o777).toBe(0o700)
    for (const file of await readdir(options.dataDir)) {
      expect((await stat(join(options.dataDir, file))).mode & 0o777).toBe(0o600)
    }

    devnet = await startSolanaDevnet(options)
    connection = new Connection(devnet.rpcUrl('devnet'), {
      commitment: 'confirmed',
      wsEndpoint: devnet.wsUrl('devnet'),
    })
    expect(await connection.getBalance(receiver)).toBe(2 * LAMPORTS_PER_SOL)
    expect(await connection.getSlot()).toBeGreaterThanOrEqual(slotBefore)
    expect((await connection.getSignaturesForAddress(receiver)).map((entry) => entry.signature)).toEqual([
      signature,
    ])
    expect(
      (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta?.fee,
    ).toBe(5000)
    // The restored cluster keeps working: the receiver spends what it got.
    await devnet.stop()
    devnet = await startSolanaDevnet({ ...options, clean: true })
    connection = new Connection(devnet.rpcUrl('devnet'))
    expect(await connection.getBalance(receiver)).toBe(0)
  })
})
