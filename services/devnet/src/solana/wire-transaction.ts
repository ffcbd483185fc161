import {
  type Address,
  type CompiledTransactionMessageWithLifetime,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { invalidParams, JsonRpcError, RPC_ERROR } from './json-rpc-error.js'

/** Legacy and v0 messages (v1 is refused at decoding). */
export type CompiledMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) &
  CompiledTransactionMessageWithLifetime

/** A transaction as received on the wire, with the facts the facade needs about its message. */
export type WireTransaction = {
  transaction: Transaction
  message: CompiledMessage
  /** First signature in base58 (the transaction id); undefined while unsigned. */
  signature: string | undefined
  bytes: Uint8Array
}

const base58 = getBase58Encoder()
const base64 = getBase64Encoder()
const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()

/** Decodes a transaction sent as base58 (the RPC default) or base64; malformed input is an invalid-params error. */
export function decodeWireTransaction(encoded: string, encoding: 'base58' | 'base64'): WireTransaction {
  let bytes: Uint8Array
  let transaction: Transaction
  let decoded: ReturnType<typeof messageDecoder.decode>
  try {
    bytes = Uint8Array.from(encoding === 'base58' ? base58.encode(encoded) : base64.encode(encoded))
    transaction = transactionDecoder.decode(bytes)
    decoded = messageDecoder.decode(transaction.messageBytes)
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction (${encoding}): ${(error as Error).message}`)
  }
  const message = supportedMessage(decoded)
  const first = Object.values(transaction.signatures)[0]
  return { transaction, message, signature: first ? getBase58Decoder().decode(first) : undefined, bytes }
}

/** Decodes a compiled message (getFeeForMessage sends one, base64). */
export function decodeWireMessage(encoded: string): CompiledMessage {
  let decoded: ReturnType<typeof messageDecoder.decode>
  try {
    decoded = messageDecoder.decode(base64.encode(encoded))
  } catch (error) {
    throw invalidParams(`failed to deserialize message: ${(error as Error).message}`)
  }
  return supportedMessage(decoded)
}

function supportedMessage(message: ReturnType<typeof messageDecoder.decode>): CompiledMessage {
  if (message.version !== 'legacy' && message.version !== 0) {
    throw new JsonRpcError(
      RPC_ERROR.INVALID_PARAMS,
      `Invalid params: transaction version ${message.version} is not supported`,
    )
  }
  return message as CompiledMessage
}

export const LAMPORTS_PER_SIGNATURE = 5_000
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000
const MAX_UNITS = 1_400_000

/**
 * The fee a message pays: 5000 lamports per signature plus its priority fee (compute unit price ×
 * compute unit limit, from its ComputeBudget instructions), as the runtime charges it.
 */
export function messageFee(message: CompiledMessage): number {
  let unitLimit: number | undefined
  let microLamportsPerUnit = 0n
  let otherInstructions = 0
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    if (program !== COMPUTE_BUDGET_PROGRAM || !data || data.length === 0) {
      otherInstructions++
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) unitLimit = view.getUint32(1, true)
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true)
  }
  const units = BigInt(Math.min(unitLimit ?? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS))
  const priorityFee = (microLamportsPerUnit * units + 999_999n) / 1_000_000n
  return message.header.numSignerAccounts * LAMPORTS_PER_SIGNATURE + Number(priorityFee)
}

/** Whether the account at `index` of the message's static keys is writable (from the header counts). */
export function isWritableIndex(message: CompiledMessage, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts
  return index < message.staticAccounts.length - numReadonlyNonSignerAccounts
}

export const accountKeysOf = (message: CompiledMessage): Address[] => [...message.staticAccounts]
