import { z } from 'zod'

/**
 * The facade's own record of every transaction a cluster processed. litesvm keeps neither the transaction
 * nor an address → signature index, so getTransaction, getSignaturesForAddress and getSignatureStatuses
 * (and the chain API's indexer, through them) read this log; it is saved with the cluster's state.
 */

const rpcTransactionErrorSchema = z.union([z.string(), z.record(z.string(), z.unknown())])

const tokenBalanceSchema = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string(),
  programId: z.string(),
  uiTokenAmount: z.object({
    amount: z.string(),
    decimals: z.number().int(),
    uiAmount: z.number().nullable(),
    uiAmountString: z.string(),
  }),
})

export const transactionRecordSchema = z.object({
  signature: z.string(),
  slot: z.number().int(),
  /** Unix seconds of the slot it landed in. */
  blockTime: z.number().int(),
  /** Wall-clock ms when it was processed: its commitment (processed → confirmed → finalized) follows from it. */
  processedAt: z.number(),
  err: rpcTransactionErrorSchema.nullable(),
  fee: z.number().int(),
  accountKeys: z.array(z.string()),
  preBalances: z.array(z.number()),
  postBalances: z.array(z.number()),
  preTokenBalances: z.array(tokenBalanceSchema),
  postTokenBalances: z.array(tokenBalanceSchema),
  logs: z.array(z.string()),
  computeUnitsConsumed: z.number().int(),
  /** The whole signed transaction as sent (base64). */
  wire: z.string(),
})

export type TransactionRecord = z.infer<typeof transactionRecordSchema>
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

export type Commitment = 'processed' | 'confirmed' | 'finalized'
export const COMMITMENT_RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

export type CommitmentDelays = { confirmedAfterMs: number; finalizedAfterMs: number }

export function commitmentAt(record: TransactionRecord, now: number, delays: CommitmentDelays): Commitment {
  const age = now - record.processedAt
  if (age >= delays.finalizedAfterMs) return 'finalized'
  if (age >= delays.confirmedAfterMs) return 'confirmed'
  return 'processed'
}

export class TransactionLog {
  private readonly records: TransactionRecord[] = []
  private readonly bySignature = new Map<string, TransactionRecord>()
  private readonly byAddress = new Map<string, TransactionRecord[]>()
  private readonly bySlot = new Map<number, TransactionRecord[]>()

  constructor(records: readonly TransactionRecord[] = []) {
    for (const record of records) this.add(record)
  }

  add(record: TransactionRecord): void {
    this.records.push(record)
    this.bySignature.set(record.signature, record)
    const slot = this.bySlot.get(record.slot)
    if (slot) slot.push(record)
    else this.bySlot.set(record.slot, [record])
    for (const key of new Set(record.accountKeys)) {
      const list = this.byAddress.get(key)
      if (list) list.push(record)
      else this.byAddress.set(key, [record])
    }
  }

  get(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature)
  }

  /** Transactions that touched `address`, newest first. */
  forAddress(address: string): readonly TransactionRecord[] {
    return [...(this.byAddress.get(address) ?? [])].reverse()
  }

  /** The transactions of one slot, in the order they landed: its block. */
  inSlot(slot: number): readonly TransactionRecord[] {
    return this.bySlot.get(slot) ?? []
  }

  /** Every transaction, oldest first. */
  all(): readonly TransactionRecord[] {
    return this.records
  }

  get size(): number {
    return this.records.length
  }

  toJSON(): readonly TransactionRecord[] {
    return this.records
  }
}
