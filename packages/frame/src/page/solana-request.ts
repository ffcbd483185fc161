import { getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'
import * as z from 'zod/mini'
import type { FetchLike } from './auth-client.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { type SolanaCluster, solanaClusterOf } from './solana-clusters.js'
import type { SolanaKey } from './solana-keys.js'
import {
  base58,
  decodeTransaction,
  encodeTransaction,
  type InspectedTransaction,
  inspectTransaction,
  needsSignatureOf,
  withSignature,
} from './solana-transaction.js'

/**
 * The Solana sign methods the embedded wallet carries out, each after the visitor's approval. Params and
 * answers follow the WalletConnect Solana RPC: base58 messages and signatures, base64 wire transactions.
 * `solana_signAllTransactions` is allowed by the list but refused before any sheet shows.
 */
export const SOLANA_SIGNING_METHODS: ReadonlySet<string> = new Set([
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
])

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
/** A Solana packet holds 1232 bytes: 1644 characters of base64. */
const MAX_TRANSACTION_BASE64 = 1644
/** Messages to sign are short texts; 8 KiB of base58 is about 5.8 KiB of bytes. */
const MAX_MESSAGE_BASE58 = 8192

const pubkeySchema = z.string().check(z.regex(BASE58), z.minLength(32), z.maxLength(44))
const transactionSchema = z
  .string()
  .check(z.regex(BASE64), z.minLength(4), z.maxLength(MAX_TRANSACTION_BASE64))
const chainSchema = z.string().check(z.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/))

/** signAndSend options (spec §5), exactly these: anything else is refused, not passed on to the cluster. */
export const solanaSendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
  maxRetries: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  minContextSlot: z.optional(z.int().check(z.minimum(0))),
})
export type SolanaSendOptions = z.infer<typeof solanaSendOptionsSchema>

const signMessageSchema = z.object({
  message: z.string().check(z.regex(BASE58), z.maxLength(MAX_MESSAGE_BASE58)),
  pubkey: pubkeySchema,
})
const signTransactionSchema = z.object({
  transaction: transactionSchema,
  chain: chainSchema,
  pubkey: z.optional(pubkeySchema),
})
const signAndSendSchema = z.object({
  ...signTransactionSchema.shape,
  sendOptions: z.optional(solanaSendOptionsSchema),
})

/** A checked request: what the sheet describes and, once approved, what is signed. */
export type SolanaRequest =
  | { method: 'solana_signMessage'; message: Uint8Array }
  | {
      method: 'solana_signTransaction' | 'solana_signAndSendTransaction'
      cluster: SolanaCluster
      inspected: InspectedTransaction
      sendOptions: SolanaSendOptions | undefined
    }

export interface SolanaContext {
  key: SolanaKey
  /** The cluster's RPC URL; undefined when the frame was given none. */
  rpcUrl: (cluster: SolanaCluster) => string | undefined
  fetch: FetchLike
  signal?: AbortSignal
}

const invalid = (what: string) => new RpcError(`Invalid ${what}`, -32602)

function parse<T>(schema: z.ZodMiniType<T>, params: unknown): T {
  const parsed = schema.safeParse(params)
  if (parsed.success) return parsed.data
  const field = parsed.error.issues[0]?.path.map(String).join('.')
  throw invalid(field ? `params.${field}` : 'params')
}

function assertOwnKey(key: SolanaKey, pubkey: string | undefined) {
  if (pubkey !== undefined && pubkey !== key.address) {
    throw new RpcError('Address does not match the connected account', 4100)
  }
}

/**
 * Checks a Solana sign request before anything is shown: params, the account, the cluster and the
 * transaction bytes. Throws the RPC error the dApp gets, so a request the wallet would refuse never
 * reaches the sheet.
 */
export function parseSolanaRequest(key: SolanaKey, method: string, params: unknown): SolanaRequest {
  switch (method) {
    case 'solana_signMessage': {
      const { message, pubkey } = parse(signMessageSchema, params)
      assertOwnKey(key, pubkey)
      return { method, message: new Uint8Array(getBase58Encoder().encode(message)) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const checked: z.infer<typeof signAndSendSchema> = parse(
        method === 'solana_signTransaction' ? signTransactionSchema : signAndSendSchema,
        params,
      )
      assertOwnKey(key, checked.pubkey)
      const cluster = solanaClusterOf(checked.chain)
      if (!cluster) throw new RpcError(`Unrecognized chain ID ${checked.chain}`, 4902)
      let inspected: InspectedTransaction
      try {
        const transaction = decodeTransaction(new Uint8Array(getBase64Encoder().encode(checked.transaction)))
        inspected = inspectTransaction(transaction, key.address)
      } catch {
        throw invalid('transaction')
      }
      if (!needsSignatureOf(inspected.transaction, key.address)) {
        throw new RpcError('The transaction needs no signature of the connected account', 4100)
      }
      return { method, cluster, inspected, sendOptions: checked.sendOptions }
    }
    default:
      throw new RpcError(`${method} is not supported by this wallet`, 4200)
  }
}

/** Carries out an approved request: signs in the frame and, for signAndSend, sends to the cluster. */
export async function handleSolanaRequest(context: SolanaContext, request: SolanaRequest): Promise<unknown> {
  const { key } = context
  if (request.method === 'solana_signMessage') return { signature: base58(key.sign(request.message)) }
  const { transaction } = request.inspected
  const signature = key.sign(new Uint8Array(transaction.messageBytes))
  const signed = encodeTransaction(withSignature(transaction, key.address, signature))
  const wire = getBase64Decoder().decode(signed)
  if (request.method === 'solana_signTransaction') return { signature: base58(signature), transaction: wire }
  const url = requireRpcUrl(context, request.cluster)
  const sent = await jsonRpc(
    context.fetch,
    url,
    'sendTransaction',
    [wire, { encoding: 'base64', ...request.sendOptions }],
    context.signal,
  )
  // The fee payer's signature names the transaction: for a transaction we pay, that is ours.
  return { signature: typeof sent === 'string' ? sent : base58(signature) }
}

export function requireRpcUrl(context: SolanaContext, cluster: SolanaCluster): string {
  const url = context.rpcUrl(cluster)
  if (!url) throw new RpcError(`${cluster.name} is not served by this wallet`, 4902)
  return url
}
