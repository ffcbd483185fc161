import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:net'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_CLUSTERS } from './clusters.js'
import { SOLANA_DEV_ADDRESSES, solanaDevKeySeed } from './dev-keys.js'
import { usdcTokenAccount } from './seed-cluster.js'
import { type SolanaDevnet, startSolanaDevnet } from './start-solana-devnet.js'
import { SOLANA_USDC } from './usdc.js'

// @solana/web3.js 1.98 against the facade, unmodified (only the WebSocket URL is passed: it would otherwise
// derive it as HTTP port + 1).
let devnet: SolanaDevnet
let connection: Connection
const devKey = (index: number) => Keypair.fromSeed(solanaDevKeySeed(index))

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0, slotMs: 20, confirmedAfterMs: 60, finalizedAfterMs: 200 })
  connection = new Connection(devnet.rpcUrl('devnet'), {
    commitment: 'confirmed',
    wsEndpoint: devnet.wsUrl('devnet'),
  })
})
afterAll(() => devnet?.stop())

describe('@solana/web3.js 1.98 against the local clusters', () => {
  it('identifies each cluster by its real genesis hash', async () => {
    for (const cluster of SOLANA_CLUSTERS) {
      const other = new Connection(devnet.rpcUrl(cluster.name))
      expect(await other.getGenesisHash()).toBe(cluster.genesisHash)
    }
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('advances slots, block height and blockhashes', async () => {
    const first = await connection.getLatestBlockhash()
    const firstSlot = await connection.getSlot()
    await expect.poll(() => connection.getSlot()).toBeGreaterThan(firstSlot)
    const next = await connection.getLatestBlockhash()
    expect(next.blockhash).not.toBe(first.blockhash)
    expect(next.lastValidBlockHeight).toBeGreaterThan(first.lastValidBlockHeight)
    // The older blockhash stays valid for 150 blocks.
    expect((await connection.isBlockhashValid(first.blockhash)).value).toBe(true)
    const epoch = await connection.getEpochInfo()
    expect(epoch.absoluteSlot).toBeGreaterThan(firstSlot)
    expect(await connection.getBlockHeight()).toBeGreaterThan(firstSlot)
  })

  it('airdrops to a new key and confirms over WebSocket', async () => {
    const fresh = Keypair.generate()
    const signature = await connection.requestAirdrop(fresh.publicKey, 2 * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    const confirmation = await connection.confirmTransaction({ signature, ...latest }, 'confirmed')
    expect(confirmation.value.err).toBeNull()
    expect(await connection.getBalance(fresh.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
  })

  it('sends SOL with sendAndConfirmTransaction, then finds it in history with its fee and balances', async () => {
    const payer = devKey(1)
    const receiver = Keypair.generate().publicKey
    const before = await connection.getBalance(payer.publicKey)
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: receiver,
        lamports: 0.5 * LAMPORTS_PER_SOL,
      }),
    )
    const signature = await sendAndConfirmTransaction(connection, transaction, [payer])
    expect(await connection.getBalance(receiver)).toBe(0.5 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(payer.publicKey)).toBe(before - 0.5 * LAMPORTS_PER_SOL - 5000)

    const history = await connection.getSignaturesForAddress(receiver, undefined, 'confirmed')
    expect(history.map((entry) => entry.signature)).toEqual([signature])
    const landed = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    expect(landed?.meta?.fee).toBe(5000)
    expect(landed?.meta?.err).toBeNull()
    expect(landed?.meta?.postBalances[1]).toBe(0.5 * LAMPORTS_PER_SOL)
    expect(landed?.transaction.message.staticAccountKeys.map(String)).toContain(receiver.toBase58())

    const parsed = await connection.getParsedTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { destination: receiver.toBase58(), lamports: 0.5 * LAMPORTS_PER_SOL },
      },
    })
  })

  it('sends a v0 transaction and answers getFeeForMessage', async () => {
    const payer = devKey(2)
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: LAMPORTS_PER_SOL,
        }),
      ],
    }).compileToV0Message()
    expect((await connection.getFeeForMessage(message)).value).toBe(5000)
    const transaction = new VersionedTransaction(message)
    transaction.sign([payer])
    const signature = await connection.sendTransaction(transaction)
    const confirmation = await connection.confirmTransaction({
      signature,
      ...(await connection.getLatestBlockhash()),
    })
    expect(confirmation.value.err).toBeNull()
    // A client that does not declare v0 support is refused, as by a node.
    await expect(connection.getTransaction(signature, { commitment: 'confirmed' } as never)).rejects.toThrow(
      /maxSupportedTransactionVersion/,
    )
  })

  it('moves USDC and reports token balances', async () => {
    const owner = devKey(3)
    const receiver = new PublicKey(SOLANA_DEV_ADDRESSES[4] as string)
    const source = new PublicKey(await usdcTokenAccount(owner.publicKey.toBase58() as never))
    const destination = new PublicKey(await usdcTokenAccount(receiver.toBase58() as never))
    const mint = new PublicKey(SOLANA_USDC.mint)
    const amount = 12_500_000n // 12.5 USDC
    const data = Buffer.alloc(10)
    data[0] = 12 // TransferChecked
    data.writeBigUInt64LE(amount, 1)
    data[9] = SOLANA_USDC.decimals
    const transfer = new TransactionInstruction({
      programId: new PublicKey(SOLANA_USDC.tokenProgram),
      keys: [
        { pubkey: source, isSigner: false, isWritable: true },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: destination, isSigner: false, isWritable: true },
        { pubkey: owner.publicKey, isSigner: true, isWritable: false },
      ],
      data,
    })
    const signature = await sendAndConfirmTransaction(connection, new Transaction().add(transfer), [owner])

    expect((await connection.getTokenAccountBalance(source)).value).toEqual({
      amount: '999987500000',
      decimals: 6,
      uiAmount: 999_987.5,
      uiAmountString: '999987.5',
    })
    const accounts = await connection.getParsedTokenAccountsByOwner(receiver, { mint })
    expect(accounts.value).toHaveLength(1)
    expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('1000012.5')
    const byProgram = await connection.getTokenAccountsByOwner(receiver, {
      programId: new PublicKey(SOLANA_USDC.tokenProgram),
    })
    expect(byProgram.value.map((entry) => entry.pubkey.toBase58())).toEqual([destination.toBase58()])

    const landed = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    const post = landed?.meta?.postTokenBalances?.find((balance) => balance.owner === receiver.toBase58())
    expect(post).toMatchObject({ mint: SOLANA_USDC.mint, uiTokenAmount: { amount: '1000012500000' } })
  })

  it('refuses an overspend in preflight with SendTransactionError and its logs, charging nothing', async () => {
    const payer = devKey(5)
    const before = await connection.getBalance(payer.publicKey)
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: before * 2,
      }),
    )
    const error = await sendAndConfirmTransaction(connection, transaction, [payer]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).message).toMatch(/Simulation failed/)
    expect((error as SendTransactionError).message).toMatch(/custom program error: 0x1/)
    expect((error as SendTransactionError).logs?.join('\n')).toMatch(/insufficient lamports/)
    expect(await connection.getBalance(payer.publicKey)).toBe(before)

    const simulated = await connection.simulateTransaction(transaction)
    expect(simulated.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
  })

  it('simulates an unsigned transaction (sigVerify off, as wallets do)', async () => {
    const payer = devKey(6)
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: 1_000_000_000,
        }),
      ],
    }).compileToV0Message()
    const simulated = await connection.simulateTransaction(new VersionedTransaction(message), {
      sigVerify: false,
    })
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.unitsConsumed).toBeGreaterThan(0)
    expect(simulated.value.logs?.[0]).toMatch(/invoke \[1\]/)
  })
})

describe('a fixed port', () => {
  it("also serves web3.js's derived WebSocket URL (HTTP port + 1), as solana-test-validator does", async () => {
    const port = await freePortPair()
    const fixed = await startSolanaDevnet({ port, clusters: ['devnet'], slotMs: 20 })
    try {
      // No wsEndpoint: web3.js connects to ws://127.0.0.1:<port + 1>/devnet by itself.
      const plain = new Connection(fixed.rpcUrl('devnet'), 'confirmed')
      const slot = await new Promise<number>((resolve) => {
        const id = plain.onSlotChange((info) => {
          void plain.removeSlotChangeListener(id)
          resolve(info.slot)
        })
      })
      expect(slot).toBeGreaterThan(0)
    } finally {
      await fixed.stop()
    }
  })
})

/** A free port whose successor is free too. */
async function freePortPair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<Server | undefined>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(undefined))
      server.listen(port, '127.0.0.1', () => resolve(server))
    })
  for (;;) {
    const first = await listen(0)
    if (!first) throw new Error('no free port')
    const port = (first.address() as AddressInfo).port
    const second = await listen(port + 1)
    await new Promise((resolve) => first.close(resolve))
    if (second) {
      await new Promise((resolve) => second.close(resolve))
      return port
    }
  }
}
