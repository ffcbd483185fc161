import { solanaCluster } from '@portico/devnet/solana'
import {
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
  type Transaction,
} from '@solana/kit'
import { invalidParamsError, unauthorizedError, unsupportedMethodError } from '../provider-rpc-error.js'
import type { WcRequest } from './wc-request-handler.js'

/** WalletConnect's Solana RPC methods the wallet answers. */
export const WC_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const COMMITMENTS = ['processed', 'confirmed', 'finalized'] as const

const field = (params: unknown, name: string): unknown =>
  typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined

function encoded(params: unknown, name: string, pattern: RegExp, method: string): string {
  const value = field(params, name)
  if (typeof value !== 'string' || !pattern.test(value))
    throw invalidParamsError(`${method} expects { ${name} }`)
  return value
}

/** The transaction of a request, which the wallet's key must be asked to sign. */
function transactionOf(params: unknown, method: string, signer: KeyPairSigner): Transaction {
  const wire = getBase64Encoder().encode(encoded(params, 'transaction', BASE64, method))
  let transaction: Transaction
  try {
    transaction = getTransactionDecoder().decode(wire)
  } catch {
    throw invalidParamsError(`${method}: the transaction does not decode`)
  }
  if (!(signer.address in transaction.signatures))
    throw unauthorizedError('The transaction does not need this account.')
  return transaction
}

/** The message of a `solana_signMessage` request as text, for the approval card. */
export function solanaMessageText(params: unknown): string | undefined {
  const message = field(params, 'message')
  if (typeof message !== 'string' || !BASE58.test(message)) return undefined
  return new TextDecoder().decode(new Uint8Array(getBase58Encoder().encode(message)))
}

/**
 * Carries out one approved WalletConnect Solana request with the dev key: messages and transactions are
 * signed locally, sent transactions go to the local cluster of `chainId` (CAIP-2) at `<solanaRpcBase>/<name>`.
 */
export async function executeWcSolanaRequest(
  request: WcRequest,
  context: { signer: KeyPairSigner; chainId: string; solanaRpcBase: string },
): Promise<unknown> {
  const { signer } = context
  const { method, params } = request
  switch (method) {
    case 'solana_signMessage': {
      const message = encoded(params, 'message', BASE58, method)
      if (field(params, 'pubkey') !== signer.address)
        throw unauthorizedError('The message is not for this account.')
      const signature = await signBytes(signer.keyPair.privateKey, getBase58Encoder().encode(message))
      return { signature: getBase58Decoder().decode(signature) }
    }
    case 'solana_signTransaction': {
      const signed = await partiallySignTransaction([signer.keyPair], transactionOf(params, method, signer))
      return {
        signature: getBase58Decoder().decode(signed.signatures[signer.address] as Uint8Array),
        transaction: getBase64Decoder().decode(getTransactionEncoder().encode(signed)),
      }
    }
    case 'solana_signAndSendTransaction': {
      const cluster = solanaCluster(context.chainId)
      if (!cluster) throw invalidParamsError(`The wallet does not serve ${context.chainId}`)
      const signed = await partiallySignTransaction([signer.keyPair], transactionOf(params, method, signer))
      const options = field(params, 'sendOptions')
      const skipPreflight = field(options, 'skipPreflight')
      const commitment = field(options, 'preflightCommitment')
      const preflightCommitment = COMMITMENTS.find((each) => each === commitment)
      const rpc = createSolanaRpc(`${context.solanaRpcBase}/${cluster.name}`)
      const signature = await rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          ...(typeof skipPreflight === 'boolean' ? { skipPreflight } : {}),
          ...(preflightCommitment ? { preflightCommitment } : {}),
        })
        .send()
      return { signature }
    }
    default:
      throw unsupportedMethodError(method)
  }
}
