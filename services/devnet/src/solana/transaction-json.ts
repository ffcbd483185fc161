import { getBase58Decoder, getTransactionDecoder } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { uiTokenAmount } from './spl-token-accounts.js'
import type { TransactionRecord } from './transaction-log.js'
import { type CompiledMessage, decodeWireTransaction, isWritableIndex } from './wire-transaction.js'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64'

const base58 = getBase58Decoder()
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** getTransaction's answer for a logged transaction, in the RPC's encodings. */
export function transactionJson(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined,
): Record<string, unknown> {
  const bytes = Buffer.from(record.wire, 'base64')
  const { message, transaction } = decodeWireTransaction(record.wire, 'base64')
  const signatures = Object.values(transaction.signatures).map((signature) =>
    signature ? base58.decode(signature) : '1111111111111111111111111111111111111111111111111111111111111111',
  )
  let encoded: unknown
  if (encoding === 'base64') encoded = [bytes.toString('base64'), 'base64']
  else if (encoding === 'base58') encoded = [base58.decode(bytes), 'base58']
  else encoded = { signatures, message: messageJson(message, encoding === 'jsonParsed') }
  const result: Record<string, unknown> = {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction: encoded,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: [],
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: { readonly: [], writable: [] },
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
  }
  if (maxSupportedTransactionVersion !== undefined) result.version = message.version
  return result
}

/** Transaction version of a logged transaction (getTransaction refuses v0 unless the client supports it). */
export function transactionVersion(record: TransactionRecord): 'legacy' | number {
  const transaction = getTransactionDecoder().decode(Buffer.from(record.wire, 'base64'))
  return transaction.messageBytes[0] !== undefined && transaction.messageBytes[0] & 0x80
    ? transaction.messageBytes[0] & 0x7f
    : 'legacy'
}

function messageJson(message: CompiledMessage, parsed: boolean): Record<string, unknown> {
  const keys = message.staticAccounts
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const json: Record<string, unknown> = {
    accountKeys: parsed
      ? keys.map((pubkey, index) => ({
          pubkey,
          signer: index < numSignerAccounts,
          writable: isWritableIndex(message, index),
          source: 'transaction',
        }))
      : keys,
    header: {
      numRequiredSignatures: numSignerAccounts,
      numReadonlySignedAccounts: numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: numReadonlyNonSignerAccounts,
    },
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) => {
      const data = Uint8Array.from(instruction.data ?? [])
      const accounts = instruction.accountIndices ?? []
      if (!parsed) {
        return {
          programIdIndex: instruction.programAddressIndex,
          accounts,
          data: base58.decode(data),
          stackHeight: null,
        }
      }
      const programId = keys[instruction.programAddressIndex] as string
      const accountAddresses = accounts.map((index) => keys[index] as string)
      return (
        parseInstruction(programId, accountAddresses, data) ?? {
          programId,
          accounts: accountAddresses,
          data: base58.decode(data),
          stackHeight: null,
        }
      )
    }),
  }
  if (message.version === 0) {
    json.addressTableLookups = (message.addressTableLookups ?? []).map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: lookup.writableIndexes,
      readonlyIndexes: lookup.readonlyIndexes,
    }))
  }
  return json
}

/** `jsonParsed` for what the modal sends: System transfers and SPL Token transfer / transferChecked. */
function parseInstruction(
  programId: string,
  accounts: string[],
  data: Uint8Array,
): Record<string, unknown> | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (programId === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
    return {
      program: 'system',
      programId,
      parsed: {
        type: 'transfer',
        info: { source: accounts[0], destination: accounts[1], lamports: Number(view.getBigUint64(4, true)) },
      },
      stackHeight: null,
    }
  }
  if (programId === TOKEN_PROGRAM_ADDRESS && data[0] === 3 && data.length === 9) {
    return {
      program: 'spl-token',
      programId,
      parsed: {
        type: 'transfer',
        info: {
          source: accounts[0],
          destination: accounts[1],
          authority: accounts[2],
          amount: view.getBigUint64(1, true).toString(),
        },
      },
      stackHeight: null,
    }
  }
  if (programId === TOKEN_PROGRAM_ADDRESS && data[0] === 12 && data.length === 10) {
    const decimals = data[9] as number
    return {
      program: 'spl-token',
      programId,
      parsed: {
        type: 'transferChecked',
        info: {
          source: accounts[0],
          mint: accounts[1],
          destination: accounts[2],
          authority: accounts[3],
          tokenAmount: uiTokenAmount(view.getBigUint64(1, true), decimals),
        },
      },
      stackHeight: null,
    }
  }
  return undefined
}
