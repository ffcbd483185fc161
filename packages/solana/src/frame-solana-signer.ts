import {
  AUTH_CONNECTOR_ID,
  type Connection,
  InvalidWalletResponseError,
  type Network,
  PorticoError,
} from '@portico/core'
import type { AdapterContext } from '@portico/core/internal'
import { getBase58Decoder, getBase64Decoder, isAddress } from '@solana/kit'
import * as z from 'zod/mini'
import { sendThroughRoute } from './route-send.js'
import type { SolanaSendOptions } from './send-options.js'

/** The embedded wallet's provider as the auth feature lends it: EIP-1193's `request`. */
interface FrameProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

const base58Schema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/))
const accountsSchema = z.array(z.object({ pubkey: z.string() }))
const signatureSchema = z.object({ signature: base58Schema })

/**
 * The embedded wallet's Solana account, held by the wallet frame: every call is a `solana_*` request to
 * the frame's provider, whose approval sheet the visitor answers in the frame. Answers are checked here:
 * the key never leaves the frame, only addresses and signatures come back.
 */
export function createFrameSolanaSigner(provider: () => FrameProvider | undefined) {
  const frame = () => {
    const current = provider()
    if (!current || typeof current.request !== 'function') {
      throw new PorticoError('NOT_CONNECTED', 'The embedded wallet is not loaded.')
    }
    return current
  }
  const answer = <T>(schema: z.ZodMiniType<T>, value: unknown, method: string): T => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new InvalidWalletResponseError(method)
    return parsed.data
  }

  return {
    /** The account's address; undefined when the frame has no session. */
    async address(): Promise<string | undefined> {
      const accounts = answer(
        accountsSchema,
        await frame().request({ method: 'solana_getAccounts' }),
        'solana_getAccounts',
      )
      const pubkey = accounts[0]?.pubkey
      // kit's check, not the light half's: importing solana.ts here would tie this chunk to the first paint's.
      return pubkey !== undefined && isAddress(pubkey) ? pubkey : undefined
    },
    /** Signs UTF-8 text; the signature is base58, as the wallet-standard session returns it. */
    async signMessage(message: string, pubkey: string): Promise<string> {
      const bytes = new TextEncoder().encode(message)
      const params = { message: getBase58Decoder().decode(bytes), pubkey }
      const signed = await frame().request({ method: 'solana_signMessage', params })
      return answer(signatureSchema, signed, 'solana_signMessage').signature
    },
    /** Has the frame sign and send a wire transaction on `chain` (CAIP-2); returns the base58 signature. */
    async signAndSendTransaction(
      transaction: Uint8Array,
      pubkey: string,
      chain: string,
      sendOptions: SolanaSendOptions = {},
    ): Promise<string> {
      const params = { transaction: getBase64Decoder().decode(transaction), pubkey, chain, sendOptions }
      const sent = await frame().request({ method: 'solana_signAndSendTransaction', params })
      return answer(signatureSchema, sent, 'solana_signAndSendTransaction').signature
    },
  }
}

/**
 * Which of the Solana adapter's calls go to the wallet frame: those for a Solana connection of the AUTH
 * connector (an e-mail or social sign-in), kept by the kernel beside the embedded wallet's EVM account or
 * restored by this adapter. Each call returns undefined for another wallet's connection.
 */
export function embeddedWalletRoute(context: AdapterContext, clusters: readonly Network[]) {
  const signer = createFrameSolanaSigner(() => context.authProvider?.() as FrameProvider | undefined)
  /** The connection this adapter last made or restored for the frame. */
  let own: Connection | undefined

  const served = (): Connection | undefined => {
    const connection = context.connectionOf?.('solana') ?? own
    return connection?.connectorId === AUTH_CONNECTOR_ID ? connection : undefined
  }
  const open = async (chainId: string): Promise<Connection | undefined> => {
    const address = await signer.address()
    own = address
      ? {
          namespace: 'solana',
          accounts: [address],
          chainId,
          connectorId: AUTH_CONNECTOR_ID,
          connectorName: '',
        }
      : undefined
    return own
  }

  return {
    async connect(chainId: string): Promise<Connection> {
      const connection = await open(chainId)
      if (!connection) throw new PorticoError('NOT_CONNECTED', 'Sign in first.')
      return connection
    },
    /** After a reload: the frame's session, on the remembered cluster; undefined once signed out. */
    async reconnect(fallbackChainId: string): Promise<Connection | undefined> {
      const remembered = context.connectionOf?.('solana')
      const chainId =
        remembered?.connectorId === AUTH_CONNECTOR_ID &&
        clusters.some((c) => c.chainId === remembered.chainId)
          ? String(remembered.chainId)
          : fallbackChainId
      return open(chainId).catch(() => undefined)
    },
    disconnect() {
      own = undefined
    },
    switchChain(chainId: string) {
      if (own) own = { ...own, chainId }
    },
    signMessage(message: string): Promise<string> | undefined {
      const connection = served()
      if (!connection) return undefined
      return signer.signMessage(message, connection.accounts[0] as string)
    },
    /** Builds the transaction for the embedded account and cluster; the frame signs and sends it. */
    sendTransaction(
      build: (from: string, chainId: string) => Promise<Uint8Array>,
    ): Promise<string> | undefined {
      return sendThroughRoute(served(), signer, build)
    },
  }
}
