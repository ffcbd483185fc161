import { type Address, isAddress } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { z } from 'zod'
import { type AccountEncoding, encodeAccount } from './account-encoding.js'
import { invalidParams, JsonRpcError, RPC_ERROR } from './json-rpc-error.js'
import { BLOCKHASH_VALIDITY_BLOCKS, type LocalCluster, SLOTS_PER_EPOCH } from './local-cluster.js'
import { readTokenAccount, uiTokenAmount } from './spl-token-accounts.js'
import { transactionJson, transactionVersion } from './transaction-json.js'
import { COMMITMENT_RANK, type Commitment, type TransactionRecord } from './transaction-log.js'
import { decodeWireMessage, messageFee } from './wire-transaction.js'

/** The JSON-RPC methods a local cluster answers, each with its params checked by a zod schema. */

/** What getVersion reports: the Agave line litesvm 1.5 runs. */
export const SOLANA_CORE_VERSION = '2.3.0'

const address = z
  .string()
  .refine((value) => isAddress(value), 'not a valid base58 public key') as unknown as z.ZodType<Address>
const signature = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a valid base58 signature')
const commitment = z.enum(['processed', 'confirmed', 'finalized'])
const minContextSlot = z.number().int().nonnegative().optional()
const commitmentConfig = z.looseObject({ commitment: commitment.optional(), minContextSlot }).optional()
const accountEncoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed'])
const dataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
const accountConfig = z
  .looseObject({
    commitment: commitment.optional(),
    minContextSlot,
    encoding: accountEncoding.optional(),
    dataSlice: dataSlice.optional(),
  })
  .optional()
const u64 = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

type Handler = (cluster: LocalCluster, params: unknown[]) => unknown

function method<const Params extends [z.ZodType, ...z.ZodType[]] | []>(
  params: Params,
  handler: (cluster: LocalCluster, params: z.output<z.ZodTuple<Params, null>>) => unknown,
): Handler {
  const schema = z.tuple(params as never)
  return (cluster, raw) => {
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw invalidParams(`${issue?.path.length ? `param ${issue.path.join('.')}: ` : ''}${issue?.message}`)
    }
    return handler(cluster, parsed.data as never)
  }
}

function context(cluster: LocalCluster, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: cluster.slot }, value }
}

function checkMinContextSlot(
  cluster: LocalCluster,
  config: { minContextSlot?: number | undefined } | undefined,
) {
  if (config?.minContextSlot !== undefined && config.minContextSlot > cluster.slot) {
    throw new JsonRpcError(
      RPC_ERROR.MIN_CONTEXT_SLOT_NOT_REACHED,
      'Minimum context slot has not been reached',
      {
        contextSlot: cluster.slot,
      },
    )
  }
}

/** getTransaction and getSignaturesForAddress see only confirmed (or finalized, the default) transactions. */
function historyCommitment(value: Commitment | undefined): Commitment {
  if (value === 'processed') throw invalidParams('Method does not support commitment below `confirmed`')
  return value ?? 'finalized'
}

function reaches(cluster: LocalCluster, record: TransactionRecord, wanted: Commitment): boolean {
  return COMMITMENT_RANK[cluster.commitmentOf(record)] >= COMMITMENT_RANK[wanted]
}

function signatureStatus(cluster: LocalCluster, record: TransactionRecord) {
  const status = cluster.commitmentOf(record)
  return {
    slot: record.slot,
    confirmations: status === 'finalized' ? null : cluster.slot - record.slot,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: status,
  }
}

function tokenAccountsFilter(cluster: LocalCluster, filter: { mint?: Address; programId?: Address }) {
  if (filter.programId !== undefined && filter.programId !== TOKEN_PROGRAM_ADDRESS) return undefined
  if (filter.mint !== undefined && cluster.mintDecimals(filter.mint) === undefined) {
    throw invalidParams('Invalid param: could not find mint')
  }
  return filter.mint
}

export const RPC_METHODS: Record<string, Handler> = {
  getHealth: method([], () => 'ok'),
  getVersion: method([], () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 })),
  getGenesisHash: method([], (cluster) => cluster.cluster.genesisHash),
  getIdentity: method([], (cluster) => ({ identity: cluster.identity })),
  getSlot: method([commitmentConfig], (cluster, [config]) => {
    checkMinContextSlot(cluster, config)
    // As a node: at `confirmed` or `finalized`, the last slot whose block has reached it, so a reader that
    // follows the chain up to that slot (the chain API's indexer) never passes a block still filling.
    const wanted = config?.commitment
    return wanted === 'confirmed' || wanted === 'finalized' ? lastBlockAt(cluster, wanted) : cluster.slot
  }),
  getBlockHeight: method([commitmentConfig], (cluster, [config]) => {
    checkMinContextSlot(cluster, config)
    return cluster.blockHeight
  }),
  getEpochInfo: method([commitmentConfig], (cluster, [config]) => {
    checkMinContextSlot(cluster, config)
    return {
      absoluteSlot: cluster.slot,
      blockHeight: cluster.blockHeight,
      epoch: Math.floor(cluster.slot / SLOTS_PER_EPOCH),
      slotIndex: cluster.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: cluster.log.size,
    }
  }),
  getTransactionCount: method([commitmentConfig], (cluster) => cluster.log.size),
  getBalance: method([address, commitmentConfig], (cluster, [owner, config]) => {
    checkMinContextSlot(cluster, config)
    return context(cluster, Number(cluster.getAccount(owner)?.lamports ?? 0n))
  }),
  getAccountInfo: method([address, accountConfig], (cluster, [key, config]) => {
    checkMinContextSlot(cluster, config)
    return context(
      cluster,
      encodeAccount(cluster.getAccount(key), config?.encoding ?? 'base58', cluster, config?.dataSlice),
    )
  }),
  getMultipleAccounts: method([z.array(address).max(100), accountConfig], (cluster, [keys, config]) => {
    checkMinContextSlot(cluster, config)
    return context(
      cluster,
      keys.map((key) =>
        encodeAccount(cluster.getAccount(key), config?.encoding ?? 'base64', cluster, config?.dataSlice),
      ),
    )
  }),
  getLatestBlockhash: method([commitmentConfig], (cluster, [config]) => {
    checkMinContextSlot(cluster, config)
    const { blockhash, lastValidBlockHeight } = cluster.latestBlockhash()
    return context(cluster, { blockhash, lastValidBlockHeight })
  }),
  isBlockhashValid: method([z.string().min(1), commitmentConfig], (cluster, [blockhash, config]) => {
    checkMinContextSlot(cluster, config)
    return context(cluster, cluster.isBlockhashValid(blockhash))
  }),
  getMinimumBalanceForRentExemption: method(
    [
      z
        .number()
        .int()
        .nonnegative()
        .max(10 * 1024 * 1024),
      commitmentConfig,
    ],
    (cluster, [length]) => Number(cluster.minimumBalanceForRentExemption(length)),
  ),
  getFeeForMessage: method([z.string().min(1), commitmentConfig], (cluster, [encoded, config]) => {
    checkMinContextSlot(cluster, config)
    const message = decodeWireMessage(encoded)
    // As on a node: no fee for a message whose blockhash has expired (or never existed here).
    return context(cluster, cluster.isBlockhashValid(message.lifetimeToken) ? messageFee(message) : null)
  }),
  getRecentPrioritizationFees: method([z.array(address).max(128).optional()], (cluster) => {
    const from = Math.max(0, cluster.slot - BLOCKHASH_VALIDITY_BLOCKS + 1)
    return Array.from({ length: cluster.slot - from + 1 }, (_, i) => ({
      slot: from + i,
      prioritizationFee: 0,
    }))
  }),
  sendTransaction: method(
    [
      z.string().min(1),
      z
        .looseObject({
          encoding: z.enum(['base58', 'base64']).optional(),
          skipPreflight: z.boolean().optional(),
          preflightCommitment: commitment.optional(),
          maxRetries: z.number().int().nonnegative().optional(),
          minContextSlot,
        })
        .optional(),
    ],
    (cluster, [encoded, config]) => {
      checkMinContextSlot(cluster, config)
      return cluster.send(encoded, config?.encoding ?? 'base58', {
        skipPreflight: config?.skipPreflight ?? false,
      })
    },
  ),
  simulateTransaction: method(
    [
      z.string().min(1),
      z
        .looseObject({
          encoding: z.enum(['base58', 'base64']).optional(),
          sigVerify: z.boolean().optional(),
          replaceRecentBlockhash: z.boolean().optional(),
          commitment: commitment.optional(),
          minContextSlot,
          innerInstructions: z.boolean().optional(),
          accounts: z
            .object({ addresses: z.array(address).max(100), encoding: accountEncoding.optional() })
            .optional(),
        })
        .optional(),
    ],
    (cluster, [encoded, config]) => {
      checkMinContextSlot(cluster, config)
      if (config?.sigVerify && config.replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      const result = cluster.simulate(encoded, config?.encoding ?? 'base58', {
        sigVerify: config?.sigVerify ?? false,
        replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
        accounts: config?.accounts?.addresses,
      })
      const accountsEncoding: AccountEncoding = config?.accounts?.encoding ?? 'base64'
      const value: Record<string, unknown> = {
        err: result.err,
        logs: result.logs,
        accounts:
          result.accounts?.map((account) => encodeAccount(account, accountsEncoding, cluster)) ?? null,
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData,
        innerInstructions: config?.innerInstructions ? [] : null,
      }
      if (config?.replaceRecentBlockhash) value.replacementBlockhash = cluster.latestBlockhash()
      return context(cluster, value)
    },
  ),
  requestAirdrop: method([address, u64.min(1), commitmentConfig], (cluster, [to, amount]) =>
    cluster.airdrop(to, BigInt(amount)),
  ),
  getSignatureStatuses: method(
    [
      z.array(signature).max(256),
      z.looseObject({ searchTransactionHistory: z.boolean().optional() }).optional(),
    ],
    (cluster, [signatures]) =>
      context(
        cluster,
        signatures.map((sig) => {
          const record = cluster.log.get(sig)
          return record ? signatureStatus(cluster, record) : null
        }),
      ),
  ),
  getSignaturesForAddress: method(
    [
      address,
      z
        .looseObject({
          limit: z.number().int().min(1).max(1000).optional(),
          before: signature.optional(),
          until: signature.optional(),
          commitment: commitment.optional(),
          minContextSlot,
        })
        .optional(),
    ],
    (cluster, [key, config]) => {
      checkMinContextSlot(cluster, config)
      const wanted = historyCommitment(config?.commitment)
      let records = cluster.log.forAddress(key).filter((record) => reaches(cluster, record, wanted))
      if (config?.before) {
        const index = records.findIndex((record) => record.signature === config.before)
        records = index === -1 ? [] : records.slice(index + 1)
      }
      if (config?.until) {
        const index = records.findIndex((record) => record.signature === config.until)
        if (index !== -1) records = records.slice(0, index)
      }
      return records.slice(0, config?.limit ?? 1000).map((record) => ({
        signature: record.signature,
        slot: record.slot,
        err: record.err,
        memo: null,
        blockTime: record.blockTime,
        confirmationStatus: cluster.commitmentOf(record),
      }))
    },
  ),
  getTransaction: method(
    [
      signature,
      z
        .union([
          z.enum(['json', 'jsonParsed', 'base58', 'base64']),
          z.looseObject({
            encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
            commitment: commitment.optional(),
            maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
          }),
        ])
        .optional(),
    ],
    (cluster, [sig, rawConfig]) => {
      const config = typeof rawConfig === 'string' ? { encoding: rawConfig } : rawConfig
      const wanted = historyCommitment(config && 'commitment' in config ? config.commitment : undefined)
      const record = cluster.log.get(sig)
      if (!record || !reaches(cluster, record, wanted)) return null
      const maxVersion =
        config && 'maxSupportedTransactionVersion' in config
          ? config.maxSupportedTransactionVersion
          : undefined
      const version = transactionVersion(record)
      if (version !== 'legacy' && (maxVersion === undefined || version > maxVersion)) {
        throw new JsonRpcError(
          RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
          `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
        )
      }
      return transactionJson(record, config?.encoding ?? 'json', maxVersion)
    },
  ),
  getTokenAccountsByOwner: method(
    [address, z.union([z.object({ mint: address }), z.object({ programId: address })]), accountConfig],
    (cluster, [owner, filter, config]) => {
      checkMinContextSlot(cluster, config)
      const mint = tokenAccountsFilter(cluster, filter)
      if (mint === undefined && 'programId' in filter && filter.programId !== TOKEN_PROGRAM_ADDRESS) {
        return context(cluster, [])
      }
      const accounts = cluster.tokenProgramAccounts(TOKEN_PROGRAM_ADDRESS).filter((account) => {
        const token = readTokenAccount(account.owner, account.data)
        return token !== undefined && token.owner === owner && (mint === undefined || token.mint === mint)
      })
      return context(
        cluster,
        accounts.map((account) => ({
          pubkey: account.address,
          account: encodeAccount(account, config?.encoding ?? 'base64', cluster, config?.dataSlice),
        })),
      )
    },
  ),
  getTokenAccountBalance: method([address, commitmentConfig], (cluster, [key, config]) => {
    checkMinContextSlot(cluster, config)
    const account = cluster.getAccount(key)
    const token = account && readTokenAccount(account.owner, account.data)
    const decimals = token ? cluster.mintDecimals(token.mint) : undefined
    if (!token || decimals === undefined) throw invalidParams('Invalid param: not a Token account')
    return context(cluster, uiTokenAmount(token.amount, decimals))
  }),
  getTokenSupply: method([address, commitmentConfig], (cluster, [mint]) => {
    const account = cluster.getAccount(mint)
    const decimals = cluster.mintDecimals(mint)
    if (!account || decimals === undefined) throw invalidParams('Invalid param: not a Token mint')
    const supply = new DataView(account.data.buffer, account.data.byteOffset).getBigUint64(36, true)
    return context(cluster, uiTokenAmount(supply, decimals))
  }),
}

/**
 * The newest slot whose block is complete and whose transactions all reach `wanted`: the open slot may
 * still take transactions, and a block is only as committed as its least committed transaction.
 */
function lastBlockAt(cluster: LocalCluster, wanted: Commitment): number {
  let last = cluster.slot - 1
  const records = cluster.log.all()
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i] as TransactionRecord
    if (reaches(cluster, record, wanted)) break
    last = Math.min(last, record.slot - 1)
  }
  return last
}

const MAX_BLOCK_RANGE = 500_000
const blockConfig = z
  .looseObject({
    commitment: commitment.optional(),
    encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
    transactionDetails: z.enum(['full', 'accounts', 'signatures', 'none']).optional(),
    rewards: z.boolean().optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
  })
  .optional()

/** getBlocks and getBlock: every slot here holds a block (no leader skips one), most of them empty. */
const BLOCK_METHODS: Record<string, Handler> = {
  getBlocks: method(
    [u64, z.union([u64, commitmentConfig]).optional(), commitmentConfig],
    (cluster, [start, endOrConfig, config]) => {
      const options = typeof endOrConfig === 'object' ? endOrConfig : config
      const end = Math.min(
        typeof endOrConfig === 'number' ? endOrConfig : Number.POSITIVE_INFINITY,
        lastBlockAt(cluster, historyCommitment(options?.commitment)),
      )
      if (end - start > MAX_BLOCK_RANGE) throw invalidParams(`Slot range too large; max ${MAX_BLOCK_RANGE}`)
      return end < start ? [] : Array.from({ length: end - start + 1 }, (_, i) => start + i)
    },
  ),
  getBlock: method([u64, blockConfig], (cluster, [slot, config]) => {
    if (slot > lastBlockAt(cluster, historyCommitment(config?.commitment))) {
      throw new JsonRpcError(RPC_ERROR.BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`)
    }
    const records = cluster.log.inSlot(slot)
    const maxVersion = config?.maxSupportedTransactionVersion
    for (const record of records) {
      const version = transactionVersion(record)
      if (version !== 'legacy' && (maxVersion === undefined || version > maxVersion)) {
        throw new JsonRpcError(
          RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
          `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
        )
      }
    }
    const details = config?.transactionDetails ?? 'full'
    return {
      blockhash: cluster.blockhashOf(slot),
      previousBlockhash: slot === 0 ? cluster.cluster.genesisHash : cluster.blockhashOf(slot - 1),
      parentSlot: Math.max(0, slot - 1),
      blockHeight: slot,
      blockTime: records[0]?.blockTime ?? null,
      ...(details === 'full'
        ? {
            transactions: records.map((record) => {
              const { transaction, meta, version } = transactionJson(
                record,
                config?.encoding ?? 'json',
                maxVersion,
              )
              return { transaction, meta, ...(version === undefined ? {} : { version }) }
            }),
          }
        : {}),
      ...(details === 'signatures' ? { signatures: records.map((record) => record.signature) } : {}),
      ...(config?.rewards === false ? {} : { rewards: [] }),
    }
  }),
}

export function rpcMethod(name: string): Handler | undefined {
  if (Object.hasOwn(RPC_METHODS, name)) return RPC_METHODS[name]
  return Object.hasOwn(BLOCK_METHODS, name) ? BLOCK_METHODS[name] : undefined
}
