import { EventEmitter } from 'node:events'
import { sha256 } from '@noble/hashes/sha2'
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { LiteSVM } from 'litesvm'
import type { SolanaCluster } from './clusters.js'
import { JsonRpcError, RPC_ERROR } from './json-rpc-error.js'
import { readMintDecimals, readTokenAccount, uiTokenAmount } from './spl-token-accounts.js'
import {
  type RpcTransactionError,
  transactionErrorMessage,
  transactionErrorToRpc,
} from './transaction-error.js'
import {
  type Commitment,
  type CommitmentDelays,
  commitmentAt,
  type TokenBalance,
  type TransactionLog,
  type TransactionRecord,
} from './transaction-log.js'
import { decodeWireTransaction, messageFee, type WireTransaction } from './wire-transaction.js'

/** A blockhash stays valid for 150 blocks after the one it names, as on the real clusters. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150
export const SLOTS_PER_EPOCH = 432_000

export type RecentBlockhash = { blockhash: string; slot: number; lastValidBlockHeight: number }

export type ClusterAccount = {
  address: Address
  lamports: bigint
  data: Uint8Array
  owner: Address
  executable: boolean
}

export type SimulationResult = {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: number
  accounts: (ClusterAccount | null)[] | null
  returnData: { programId: string; data: [string, 'base64'] } | null
}

type Events = {
  slot: [slot: number]
  /** A transaction was processed (its accounts may have changed). */
  transaction: [record: TransactionRecord]
  /** A transaction reached a commitment level (emitted for confirmed and finalized). */
  commitment: [record: TransactionRecord, commitment: Commitment]
}

const base58 = getBase58Decoder()

/**
 * One local cluster: a LiteSVM instance with what a node adds around it. A slot timer advances the slot,
 * the clock and the blockhash; the facade keeps a window of recent blockhashes (litesvm accepts only its
 * latest one, so its own check is off, or a transaction waiting in a wallet's prompt would fail); every
 * processed transaction is logged; commitments progress processed → confirmed → finalized over time.
 */
export class LocalCluster extends EventEmitter<Events> {
  private readonly blockhashes: RecentBlockhash[]
  private timer: NodeJS.Timeout | undefined
  private readonly pendingTimers = new Set<NodeJS.Timeout>()
  /** Bumped by every transaction and account write (not by slots), so the saver knows when to write. */
  revision = 0
  /** getIdentity's answer: a fixed "validator" key per cluster. */
  readonly identity: string

  constructor(
    readonly cluster: SolanaCluster,
    private svm: LiteSVM,
    readonly log: TransactionLog,
    private current: { slot: number; blockhashes: RecentBlockhash[]; blockhashSeed: string },
    readonly delays: CommitmentDelays,
    private readonly faucet: KeyPairSigner,
  ) {
    super()
    // One listener per WebSocket subscription: there is no sensible cap.
    this.setMaxListeners(0)
    this.identity = base58.decode(
      sha256(new TextEncoder().encode(`portico solana validator ${cluster.name}`)),
    )
    this.svm.withBlockhashCheck(false).withSigverify(true)
    this.blockhashes = current.blockhashes
    if (this.blockhashes.length === 0) this.recordBlockhash()
  }

  get slot(): number {
    return this.current.slot
  }

  /** Block height equals the slot: no slot is ever skipped here. */
  get blockHeight(): number {
    return this.current.slot
  }

  /** The blockhash of `slot`'s block (getBlock names past blocks by it, as the window no longer holds them). */
  blockhashOf(slot: number): string {
    return base58.decode(sha256(new TextEncoder().encode(`${this.current.blockhashSeed}:${slot}`)))
  }

  get recentBlockhashes(): readonly RecentBlockhash[] {
    return this.blockhashes
  }

  startSlotTimer(slotMs: number): void {
    this.stopSlotTimer()
    this.timer = setInterval(() => this.advanceSlot(), slotMs)
    this.timer.unref()
  }

  stopSlotTimer(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    for (const timer of this.pendingTimers) clearTimeout(timer)
    this.pendingTimers.clear()
  }

  /** Moves to the next slot: new clock time, new blockhash, blockhashes older than 150 blocks dropped. */
  advanceSlot(): void {
    this.current.slot++
    this.svm.warpToSlot(BigInt(this.current.slot))
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
    this.recordBlockhash()
    while ((this.blockhashes[0]?.lastValidBlockHeight ?? Number.POSITIVE_INFINITY) < this.blockHeight) {
      this.blockhashes.shift()
    }
    this.emit('slot', this.current.slot)
  }

  /**
   * The facade issues the blockhashes (litesvm's own check is off): a hash of the cluster's seed and the
   * slot. litesvm's blockhash chain is the same in every instance, so two clusters would otherwise accept
   * each other's transactions; the seed is random per fresh cluster, so neither can a clean restart.
   */
  private recordBlockhash(): void {
    this.blockhashes.push({
      blockhash: this.blockhashOf(this.current.slot),
      slot: this.current.slot,
      lastValidBlockHeight: this.blockHeight + BLOCKHASH_VALIDITY_BLOCKS,
    })
  }

  latestBlockhash(): RecentBlockhash {
    return this.blockhashes[this.blockhashes.length - 1] as RecentBlockhash
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.blockhashes.some((entry) => entry.blockhash === blockhash)
  }

  getAccount(address: Address): ClusterAccount | null {
    const account = this.svm.getAccount(address)
    // The RPC reports an account without lamports as absent.
    if (!account.exists || account.lamports === 0n) return null
    return {
      address,
      lamports: account.lamports,
      data: Uint8Array.from(account.data),
      owner: account.programAddress,
      executable: account.executable,
    }
  }

  /** Every account the Token program owns (classic SPL Token). */
  tokenProgramAccounts(program: Address): ClusterAccount[] {
    return this.svm.getProgramAccounts(program).map((account) => ({
      address: account.address,
      lamports: account.lamports,
      data: Uint8Array.from(account.data),
      owner: account.programAddress,
      executable: account.executable,
    }))
  }

  mintDecimals(mint: Address): number | undefined {
    const account = this.getAccount(mint)
    return account ? readMintDecimals(account.owner, account.data) : undefined
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  commitmentOf(record: TransactionRecord, now = Date.now()): Commitment {
    return commitmentAt(record, now, this.delays)
  }

  /**
   * sendTransaction: preflight (unless skipped) simulates first and refuses a failing transaction with the
   * node's -32002 error, without charging it; a transaction that fails on chain after skipPreflight lands
   * with its error and pays its fee, as on a real cluster.
   */
  send(encoded: string, encoding: 'base58' | 'base64', options: { skipPreflight: boolean }): string {
    const wire = decodeWireTransaction(encoded, encoding)
    const signature = requireSigned(wire)
    if (!this.isBlockhashValid(wire.message.lifetimeToken)) {
      throw preflightFailure('BlockhashNotFound', [], 0)
    }
    if (!options.skipPreflight) {
      const simulated = this.svm.simulateTransaction(wire.transaction)
      if ('err' in simulated) {
        const err = transactionErrorToRpc(simulated.err())
        const meta = simulated.meta()
        throwIfSignatureFailure(err)
        throw preflightFailure(err, meta.logs(), Number(meta.computeUnitsConsumed()))
      }
    }
    const keys = [...wire.message.staticAccounts]
    const before = this.balancesOf(keys)
    const result = this.svm.sendTransaction(wire.transaction)
    const failed = 'err' in result
    const err = failed ? transactionErrorToRpc(result.err()) : null
    const meta = failed ? result.meta() : result
    const after = this.balancesOf(keys)
    // An error raised before execution (bad signature, duplicate, no fee payer …) never lands.
    if (err !== null && !landsWithError(err)) {
      throwIfSignatureFailure(err)
      throw preflightFailure(err, meta.logs(), Number(meta.computeUnitsConsumed()))
    }
    this.record({
      signature,
      slot: this.current.slot,
      blockTime: Math.floor(Date.now() / 1000),
      processedAt: Date.now(),
      err,
      fee: messageFee(wire.message),
      accountKeys: keys,
      preBalances: before.lamports,
      postBalances: after.lamports,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
      logs: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
      wire: Buffer.from(wire.bytes).toString('base64'),
    })
    return signature
  }

  simulate(
    encoded: string,
    encoding: 'base58' | 'base64',
    options: {
      sigVerify: boolean
      replaceRecentBlockhash: boolean
      accounts: readonly Address[] | undefined
    },
  ): SimulationResult {
    const wire = decodeWireTransaction(encoded, encoding)
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(wire.message.lifetimeToken)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0, accounts: null, returnData: null }
    }
    if (options.sigVerify) requireSigned(wire)
    // The RPC simulates unsigned transactions (sigVerify defaults to false); litesvm's wrapper refuses them
    // while its own sigverify is on.
    this.svm.withSigverify(options.sigVerify)
    let simulated: ReturnType<LiteSVM['simulateTransaction']>
    try {
      simulated = this.svm.simulateTransaction(wire.transaction)
    } finally {
      this.svm.withSigverify(true)
    }
    if ('err' in simulated) {
      const meta = simulated.meta()
      return {
        err: transactionErrorToRpc(simulated.err()),
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        accounts: options.accounts ? options.accounts.map(() => null) : null,
        returnData: null,
      }
    }
    const meta = simulated.meta()
    const post = new Map(simulated.postAccounts().map((account) => [account.address, account]))
    const returned = meta.returnData()
    const returnBytes = returned.data()
    return {
      err: null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      accounts: options.accounts
        ? options.accounts.map((address) => {
            const account = post.get(address)
            if (!account) return this.getAccount(address)
            if (account.lamports === 0n) return null
            return {
              address,
              lamports: account.lamports,
              data: Uint8Array.from(account.data),
              owner: account.programAddress,
              executable: account.executable,
            }
          })
        : null,
      returnData:
        returnBytes.length > 0
          ? {
              programId: base58.decode(returned.programId()),
              data: [Buffer.from(returnBytes).toString('base64'), 'base64'],
            }
          : null,
    }
  }

  /** requestAirdrop: a System transfer from the faucet, signed and sent like any transaction. */
  async airdrop(to: Address, amount: bigint): Promise<string> {
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash()
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: this.faucet, destination: to, amount: lamports(amount) }),
          m,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return this.send(getBase64EncodedWireTransaction(signed), 'base64', { skipPreflight: false })
  }

  /** Raw account write (seeding, tests). */
  setAccount(account: ClusterAccount): void {
    this.svm.setAccount({
      address: account.address,
      lamports: lamports(account.lamports),
      data: account.data,
      programAddress: account.owner,
      executable: account.executable,
      space: BigInt(account.data.length),
    })
    this.revision++
  }

  /** The cluster's whole state: litesvm's snapshot plus the slot, blockhash window and transaction log. */
  snapshot(): {
    svm: Uint8Array
    slot: number
    blockhashSeed: string
    blockhashes: RecentBlockhash[]
    transactions: readonly TransactionRecord[]
  } {
    return {
      svm: this.svm.toBytes(),
      slot: this.current.slot,
      blockhashSeed: this.current.blockhashSeed,
      blockhashes: [...this.blockhashes],
      transactions: this.log.toJSON(),
    }
  }

  private record(record: TransactionRecord): void {
    this.log.add(record)
    this.revision++
    this.emit('transaction', record)
    const later = (ms: number, commitment: Commitment) => {
      const timer = setTimeout(() => {
        this.pendingTimers.delete(timer)
        this.emit('commitment', record, commitment)
      }, ms)
      timer.unref()
      this.pendingTimers.add(timer)
    }
    later(this.delays.confirmedAfterMs, 'confirmed')
    later(this.delays.finalizedAfterMs, 'finalized')
  }

  private balancesOf(keys: readonly Address[]): { lamports: number[]; tokens: TokenBalance[] } {
    const tokens: TokenBalance[] = []
    const balances = keys.map((address, accountIndex) => {
      const account = this.getAccount(address)
      if (!account) return 0
      const token = readTokenAccount(account.owner, account.data)
      const decimals = token && this.mintDecimals(token.mint)
      if (token && decimals !== undefined) {
        tokens.push({
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: account.owner,
          uiTokenAmount: uiTokenAmount(token.amount, decimals),
        })
      }
      return Number(account.lamports)
    })
    return { lamports: balances, tokens }
  }
}

function requireSigned(wire: WireTransaction): string {
  const signatures = Object.values(wire.transaction.signatures)
  if (!wire.signature || signatures.some((signature) => signature === null)) {
    throw new JsonRpcError(
      RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      'Transaction signature verification failure',
    )
  }
  return wire.signature
}

function throwIfSignatureFailure(err: RpcTransactionError): void {
  if (err === 'SignatureFailure') {
    throw new JsonRpcError(
      RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      'Transaction signature verification failure',
    )
  }
}

/** Errors of a transaction that executed (and paid its fee); every other error keeps it off the chain. */
function landsWithError(err: RpcTransactionError): boolean {
  return typeof err === 'object' && ('InstructionError' in err || 'InsufficientFundsForRent' in err)
}

function preflightFailure(err: RpcTransactionError, logs: string[], unitsConsumed: number): JsonRpcError {
  return new JsonRpcError(
    RPC_ERROR.SEND_TRANSACTION_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${transactionErrorMessage(err)}`,
    { accounts: null, err, innerInstructions: null, logs, returnData: null, unitsConsumed },
  )
}
