import { type Connection, type Network, PorticoError } from '@portico/core'
import { sessionConnection, type WalletConnectSession } from '@portico/core/internal'
import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import * as z from 'zod/mini'
import type { SolanaSendOptions } from './send-options.js'

/** WalletConnect's Solana RPC methods, as the pairing proposes them. */
export const SOLANA_SIGN_MESSAGE = 'solana_signMessage'
export const SOLANA_SIGN_TRANSACTION = 'solana_signTransaction'
export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana_signAndSendTransaction'

const base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/))
/** `solana_signMessage` and `solana_signAndSendTransaction` answer `{ signature }` (base58). */
const signatureResult = z.object({ signature: base58 })
/** `solana_signTransaction` answers the signature, and newer wallets the signed transaction too (base64). */
const signedTransactionResult = z.object({ signature: base58, transaction: z.optional(base64) })

/** A wallet's answer that is not what the method returns. */
export class WalletConnectSolanaError extends PorticoError {
  override name = 'WalletConnectSolanaError'
  constructor(method: string) {
    super('INVALID_WALLET_RESPONSE', `The wallet's answer to ${method} is not valid`)
  }
}

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, method: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new WalletConnectSolanaError(method)
  return parsed.data
}

/** A 64-byte ed25519 signature, base58 as Solana tools print it. */
function signatureBytes(text: string, method: string): SignatureBytes {
  const bytes = getBase58Encoder().encode(text)
  if (bytes.length !== 64) throw new WalletConnectSolanaError(method)
  return new Uint8Array(bytes) as unknown as SignatureBytes
}

/**
 * The Solana accounts of a WalletConnect session: connect, sign and send through WalletConnect's Solana RPC
 * methods on the paired wallet. The session belongs to the pairing (the EVM adapter holds the client);
 * `send` broadcasts a signed wire transaction when the wallet signs without sending.
 */
export function createWalletConnectSolanaSigner(options: {
  session: () => Promise<WalletConnectSession>
  networks: readonly Network[]
  send(wire: Uint8Array, caipNetworkId: string, sendOptions: SolanaSendOptions): Promise<string>
}) {
  const { networks } = options

  return {
    /** The session's Solana connection (a restored one after a reload), on `chainId` when it holds it. */
    async connect(chainId: string | undefined): Promise<Connection | undefined> {
      const session = await options.session()
      if (!(await session.restore())) return undefined
      return sessionConnection(session, 'solana', networks, chainId)
    },
    async disconnect(): Promise<void> {
      await (await options.session()).disconnect()
    },
    /** Reports the end of the session from the wallet's side. */
    async onEnd(listener: () => void): Promise<() => void> {
      return (await options.session()).onEnd(listener)
    },
    /** Signs UTF-8 text with `address`; the signature is base58. */
    async signMessage(message: string, address: string, caipNetworkId: `solana:${string}`): Promise<string> {
      const session = await options.session()
      const result = await session.request({
        chainId: caipNetworkId,
        method: SOLANA_SIGN_MESSAGE,
        params: {
          message: getBase58Decoder().decode(new TextEncoder().encode(message)),
          pubkey: address,
        },
      })
      const { signature } = parse(signatureResult, result, SOLANA_SIGN_MESSAGE)
      signatureBytes(signature, SOLANA_SIGN_MESSAGE)
      return signature
    },
    /**
     * Signs and sends a wire transaction; returns its base58 signature. A wallet that approved only
     * `solana_signTransaction` signs, and the cluster's RPC sends.
     */
    async signAndSendTransaction(
      transaction: Uint8Array,
      from: string,
      caipNetworkId: `solana:${string}`,
      sendOptions: SolanaSendOptions = {},
    ): Promise<string> {
      const session = await options.session()
      const wire = getBase64Decoder().decode(transaction)
      if (session.methods('solana').includes(SOLANA_SIGN_AND_SEND_TRANSACTION)) {
        const result = await session.request({
          chainId: caipNetworkId,
          method: SOLANA_SIGN_AND_SEND_TRANSACTION,
          params: { transaction: wire, sendOptions },
        })
        const { signature } = parse(signatureResult, result, SOLANA_SIGN_AND_SEND_TRANSACTION)
        signatureBytes(signature, SOLANA_SIGN_AND_SEND_TRANSACTION)
        return signature
      }
      const result = await session.request({
        chainId: caipNetworkId,
        method: SOLANA_SIGN_TRANSACTION,
        params: { transaction: wire },
      })
      const answer = parse(signedTransactionResult, result, SOLANA_SIGN_TRANSACTION)
      const signed = answer.transaction
        ? new Uint8Array(getBase64Encoder().encode(answer.transaction))
        : withSignature(
            transaction,
            from as Address,
            signatureBytes(answer.signature, SOLANA_SIGN_TRANSACTION),
          )
      return options.send(signed, caipNetworkId, sendOptions)
    },
  }
}

/** The transaction with the fee payer's signature in its slot (a wallet that answered the signature alone). */
function withSignature(transaction: Uint8Array, signer: Address, signature: SignatureBytes): Uint8Array {
  const decoded = getTransactionDecoder().decode(transaction)
  if (!(signer in decoded.signatures)) throw new WalletConnectSolanaError(SOLANA_SIGN_TRANSACTION)
  const signed = { ...decoded, signatures: { ...decoded.signatures, [signer]: signature } }
  return new Uint8Array(getTransactionEncoder().encode(signed))
}

export type WalletConnectSolanaSigner = ReturnType<typeof createWalletConnectSolanaSigner>
