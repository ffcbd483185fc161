import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SYSTEM_TRANSFER = 2
const TOKEN_TRANSFER_CHECKED = 12

/** One instruction with its accounts resolved (undefined: loaded from a lookup table, not known here). */
interface Instruction {
  program: string | undefined
  accounts: (string | undefined)[]
  data: Uint8Array
}

/** A transfer out of the signing account that the approval sheet can name. */
export type SolanaTransfer =
  | { kind: 'sol'; to: string; lamports: bigint }
  | { kind: 'token'; mint: string; amount: bigint; decimals: number; destination: string; owner?: string }

/** What a wire transaction asks of the signing account, read from its compiled message. */
export interface InspectedTransaction {
  transaction: Transaction
  /** The first signer pays the fee. */
  feePayer: string | undefined
  transfers: SolanaTransfer[]
  /** Instructions beyond transfers, account set-up and compute budget: the sheet says so. */
  otherInstructions: boolean
}

/** Decodes a wire transaction; throws on bytes that are not one. */
export function decodeTransaction(wire: Uint8Array): Transaction {
  const transaction = getTransactionDecoder().decode(wire)
  // The decoder reads what it needs: trailing bytes would mean the visitor sees one thing and signs another.
  if (getTransactionEncoder().encode(transaction).length !== wire.length) {
    throw new Error('Trailing bytes after the transaction')
  }
  return transaction
}

/** Whether `signer` is one of the accounts the transaction needs a signature of. */
export const needsSignatureOf = (transaction: Transaction, signer: string) =>
  Object.hasOwn(transaction.signatures, signer)

/** The transaction with `signer`'s signature set: its other signatures are kept as they came. */
export function withSignature(transaction: Transaction, signer: string, signature: Uint8Array): Transaction {
  return {
    ...transaction,
    signatures: { ...transaction.signatures, [signer as Address]: signature as SignatureBytes },
  }
}

export const encodeTransaction = (transaction: Transaction) =>
  new Uint8Array(getTransactionEncoder().encode(transaction))

/** Reads the transfers out of `owner`'s account and flags anything else the transaction does. */
export function inspectTransaction(transaction: Transaction, owner: string): InspectedTransaction {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  const accounts: readonly string[] = message.staticAccounts
  const instructions = instructionsOf(message, accounts)
  const transfers: SolanaTransfer[] = []
  const createdOwners = new Map<string, string>()
  let otherInstructions = false
  for (const instruction of instructions) {
    const { program, data } = instruction
    if (program === COMPUTE_BUDGET_PROGRAM) continue
    if (program === ASSOCIATED_TOKEN_PROGRAM && data.length <= 1 && (data[0] ?? 0) <= 1) {
      // Create (or create idempotent) the recipient's token account: [payer, ata, owner, mint, ...].
      const [, ata, ataOwner] = instruction.accounts
      if (ata && ataOwner) createdOwners.set(ata, ataOwner)
      continue
    }
    const transfer = readTransfer(instruction, owner)
    if (transfer) transfers.push(transfer)
    else otherInstructions = true
  }
  for (const transfer of transfers) {
    if (transfer.kind === 'token') {
      const known = createdOwners.get(transfer.destination)
      if (known) transfer.owner = known
    }
  }
  return { transaction, feePayer: accounts[0], transfers, otherInstructions }
}

function readTransfer(instruction: Instruction, owner: string): SolanaTransfer | undefined {
  const { program, accounts, data } = instruction
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === SYSTEM_TRANSFER) {
    const [from, to] = accounts
    if (from !== owner || !to) return undefined
    return { kind: 'sol', to, lamports: view.getBigUint64(4, true) }
  }
  if (program === TOKEN_PROGRAM && data.length === 10 && data[0] === TOKEN_TRANSFER_CHECKED) {
    const [, mint, destination, authority] = accounts
    if (authority !== owner || !mint || !destination) return undefined
    return {
      kind: 'token',
      mint,
      destination,
      amount: view.getBigUint64(1, true),
      decimals: data[9] as number,
    }
  }
  return undefined
}

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

function instructionsOf(message: CompiledMessage, accounts: readonly string[]): Instruction[] {
  const resolve = (indices: readonly number[] | undefined) => (indices ?? []).map((index) => accounts[index])
  if (message.version === 1) {
    return message.instructionHeaders.map((header, index) => {
      const payload = message.instructionPayloads[index]
      return {
        program: accounts[header.programAccountIndex],
        accounts: resolve(payload?.instructionAccountIndices),
        data: new Uint8Array(payload?.instructionData ?? []),
      }
    })
  }
  return message.instructions.map((instruction) => ({
    program: accounts[instruction.programAddressIndex],
    accounts: resolve(instruction.accountIndices),
    data: new Uint8Array(instruction.data ?? []),
  }))
}

/** The base58 text of a signature or key. */
export const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
