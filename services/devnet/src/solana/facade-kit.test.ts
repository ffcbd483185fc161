import {
  type Address,
  airdropFactory,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  compileTransactionMessage,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionMessageBytesBase64,
  testnet,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ADDRESSES, solanaDevSigner } from './dev-keys.js'
import { type SolanaDevnet, startSolanaDevnet } from './start-solana-devnet.js'
import { SOLANA_USDC } from './usdc.js'

// @solana/kit 8 against the facade, with its own RPC and subscription clients, unmodified.
let devnet: SolanaDevnet

function testnetClients(rpcUrl: string, wsUrl: string) {
  const rpc = createSolanaRpc(testnet(rpcUrl))
  const rpcSubscriptions = createSolanaRpcSubscriptions(testnet(wsUrl))
  return {
    rpc,
    rpcSubscriptions,
    sendAndConfirm: sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions }),
  }
}
let rpc: ReturnType<typeof testnetClients>['rpc']
let rpcSubscriptions: ReturnType<typeof testnetClients>['rpcSubscriptions']
let sendAndConfirm: ReturnType<typeof testnetClients>['sendAndConfirm']

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0, slotMs: 20, confirmedAfterMs: 60, finalizedAfterMs: 200 })
  ;({ rpc, rpcSubscriptions, sendAndConfirm } = testnetClients(
    devnet.rpcUrl('testnet'),
    devnet.wsUrl('testnet'),
  ))
})
afterAll(() => devnet?.stop())

async function transferMessage(from: KeyPairSigner, to: Address, amount: bigint) {
  const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
        m,
      ),
  )
}

/** Signs a message built with a blockhash lifetime (kit's signer result types the lifetime as either kind). */
async function signed(message: Parameters<typeof signTransactionMessageWithSigners>[0]) {
  const transaction = await signTransactionMessageWithSigners(message)
  assertIsTransactionWithBlockhashLifetime(transaction)
  return transaction
}

describe('@solana/kit 8 against the local clusters', () => {
  it('answers the cluster identity methods', async () => {
    expect(await rpc.getGenesisHash().send()).toBe('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY')
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getIdentity().send()).identity).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.slotsInEpoch).toBe(432_000n)
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
    expect(Array.isArray(await rpc.getRecentPrioritizationFees().send())).toBe(true)
  })

  it('airdrops with airdropFactory (confirmed over rpcSubscriptions)', async () => {
    const fresh = await generateKeyPairSigner()
    await airdropFactory({ rpc, rpcSubscriptions })({
      recipientAddress: fresh.address,
      lamports: lamports(3_000_000_000n),
      commitment: 'confirmed',
    })
    expect((await rpc.getBalance(fresh.address).send()).value).toBe(3_000_000_000n)
  })

  it('sends SOL with sendAndConfirmTransactionFactory and reads it back with getTransaction', async () => {
    const payer = await solanaDevSigner(0)
    const receiver = (await generateKeyPairSigner()).address
    const transaction = await signed(await transferMessage(payer, receiver, 1_500_000_000n))
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(transaction)
    expect((await rpc.getBalance(receiver).send()).value).toBe(1_500_000_000n)

    const history = await rpc.getSignaturesForAddress(receiver, { commitment: 'confirmed' }).send()
    expect(history.map((entry) => entry.signature)).toEqual([signature])
    const landed = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send()
    expect(landed?.meta?.fee).toBe(5000n)
    expect(landed?.version).toBe(0)
    expect(landed?.transaction.message.accountKeys).toContain(receiver)
    const base64 = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'base64',
      })
      .send()
    expect(base64?.transaction[1]).toBe('base64')
  })

  it('prices a message with getFeeForMessage', async () => {
    const payer = await solanaDevSigner(0)
    const message = await transferMessage(payer, (await generateKeyPairSigner()).address, 1n)
    const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
    const encoded = getBase64Decoder().decode(bytes) as TransactionMessageBytesBase64
    expect((await rpc.getFeeForMessage(encoded).send()).value).toBe(5000n)
  })

  it('charges the fee getFeeForMessage quotes, priority fee included, and reports it in getTransaction', async () => {
    const payer = await solanaDevSigner(6)
    const receiver = (await generateKeyPairSigner()).address
    const computeBudget = 'ComputeBudget111111111111111111111111111111' as Address
    const unitLimit = new Uint8Array(5)
    unitLimit[0] = 2 // SetComputeUnitLimit(300_000)
    new DataView(unitLimit.buffer).setUint32(1, 300_000, true)
    const unitPrice = new Uint8Array(9)
    unitPrice[0] = 3 // SetComputeUnitPrice(10_000 micro-lamports)
    new DataView(unitPrice.buffer).setBigUint64(1, 10_000n, true)
    const message = pipe(
      await transferMessage(payer, receiver, 1_000_000_000n),
      (m) => appendTransactionMessageInstruction({ programAddress: computeBudget, data: unitLimit }, m),
      (m) => appendTransactionMessageInstruction({ programAddress: computeBudget, data: unitPrice }, m),
    )
    const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
    const quoted = await rpc
      .getFeeForMessage(getBase64Decoder().decode(bytes) as TransactionMessageBytesBase64)
      .send()
    expect(quoted.value).toBe(5000n + 3000n)

    const before = (await rpc.getBalance(payer.address).send()).value
    const transaction = await signed(message)
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    const after = (await rpc.getBalance(payer.address).send()).value
    expect(before - after).toBe(1_000_000_000n + 8000n)
    const landed = await rpc
      .getTransaction(getSignatureFromTransaction(transaction), {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
    expect(landed?.meta?.fee).toBe(8000n)
  })

  it('transfers USDC (transferChecked) and reports token balances', async () => {
    const owner = await solanaDevSigner(7)
    const receiver = SOLANA_DEV_ADDRESSES[8] as Address
    const ata = async (who: Address) =>
      (
        await findAssociatedTokenPda({
          owner: who,
          mint: SOLANA_USDC.mint,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        })
      )[0]
    const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(owner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
      async (m) =>
        appendTransactionMessageInstruction(
          getTransferCheckedInstruction({
            source: await ata(owner.address),
            mint: SOLANA_USDC.mint,
            destination: await ata(receiver),
            authority: owner,
            amount: 2_000_000n,
            decimals: SOLANA_USDC.decimals,
          }),
          m,
        ),
    )
    await sendAndConfirm(await signed(await message), { commitment: 'confirmed' })

    const balance = await rpc.getTokenAccountBalance(await ata(receiver)).send()
    expect(balance.value).toMatchObject({ amount: '1000002000000', decimals: 6, uiAmountString: '1000002' })
    const accounts = await rpc
      .getTokenAccountsByOwner(owner.address, { mint: SOLANA_USDC.mint }, { encoding: 'jsonParsed' })
      .send()
    expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('999998')
  })

  it('notifies account changes (accountSubscribe) and slots (slotSubscribe)', async () => {
    const watched = (await generateKeyPairSigner()).address
    const abort = new AbortController()
    const accountNotifications = await rpcSubscriptions
      .accountNotifications(watched, { commitment: 'confirmed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    const slots = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
    // kit hands an iterator only what arrives after iteration began: start reading before sending.
    const firstOf = async <T>(iterable: AsyncIterable<T>) => {
      for await (const item of iterable) return item
    }
    const nextAccount = firstOf(accountNotifications)
    const nextSlot = firstOf(slots)
    const payer = await solanaDevSigner(0)
    await sendAndConfirm(await signed(await transferMessage(payer, watched, 1_000_000_000n)), {
      commitment: 'confirmed',
    })
    expect((await nextAccount)?.value.lamports).toBe(1_000_000_000n)
    expect((await nextSlot)?.slot).toBeGreaterThan(0n)
    abort.abort()
  })
})
