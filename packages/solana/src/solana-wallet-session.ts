import { PorticoError } from '@portico/core'
import { getBase58Decoder } from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { type SolanaSendOptions, sendOptionsSchema } from './send-options.js'
import { isSolanaAddress, walletStandardChainOf } from './solana-chains.js'

type Features = Partial<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature
>

export type SolanaWalletErrorCode = 'UNSUPPORTED' | 'NO_ACCOUNT' | 'UNKNOWN_CLUSTER' | 'BAD_OPTIONS'

/** What the wallet did not do, in words a visitor can act on; `code` follows EIP-1193's where one fits. */
export class SolanaWalletError extends PorticoError<SolanaWalletErrorCode> {
  override name = 'SolanaWalletError'
  constructor(code: SolanaWalletErrorCode, message: string) {
    super(code, message)
  }

  // Its codes are Solana's own: their entries in the docs carry the prefix.
  override get docsPath(): string {
    return `/docs/errors#solana-${this.code.toLowerCase()}`
  }
}

const solanaAccounts = (accounts: readonly WalletAccount[]) =>
  accounts.filter(
    (account) => isSolanaAddress(account.address) && account.chains.some((c) => c.startsWith('solana:')),
  )

/**
 * One connected wallet-standard wallet on Solana: its accounts, signing and sending. Every call goes to the
 * wallet's own features; the session only checks inputs and picks the account.
 */
export function createSolanaWalletSession(wallet: Wallet) {
  const features = wallet.features as Features
  let accounts: readonly WalletAccount[] = solanaAccounts(wallet.accounts)

  const feature = <K extends keyof Features>(name: K): NonNullable<Features[K]> => {
    const found = features[name]
    if (!found) throw new SolanaWalletError('UNSUPPORTED', `${wallet.name} does not support ${String(name)}`)
    return found as NonNullable<Features[K]>
  }
  const account = (): WalletAccount => {
    const active = accounts[0]
    if (!active) throw new SolanaWalletError('NO_ACCOUNT', `${wallet.name} has no Solana account connected`)
    return active
  }
  const chainOf = (caipNetworkId: string) => {
    const chain = walletStandardChainOf(caipNetworkId)
    if (!chain) throw new SolanaWalletError('UNKNOWN_CLUSTER', `${caipNetworkId} is not a Solana cluster`)
    return chain
  }

  return {
    wallet,
    /** The connected Solana addresses, the active one first. */
    addresses: () => accounts.map((entry) => entry.address),
    /** Asks the wallet for its accounts; `silent` only restores an earlier authorization. */
    async connect(options: { silent?: boolean } = {}): Promise<readonly string[]> {
      const result = await feature('standard:connect').connect(options.silent ? { silent: true } : undefined)
      accounts = solanaAccounts(result.accounts)
      return accounts.map((entry) => entry.address)
    },
    async disconnect(): Promise<void> {
      accounts = []
      await features['standard:disconnect']?.disconnect()
    },
    /** Reports account changes (an empty list: the wallet disconnected). */
    onAccountsChanged(listener: (addresses: readonly string[]) => void): () => void {
      const events = features['standard:events']
      if (!events) return () => {}
      return events.on('change', (change) => {
        if (!change.accounts) return
        accounts = solanaAccounts(change.accounts)
        listener(accounts.map((entry) => entry.address))
      })
    },
    /** Signs UTF-8 text; the signature is base58, as Solana tools print it. */
    async signMessage(message: string): Promise<string> {
      const [output] = await feature('solana:signMessage').signMessage({
        account: account(),
        message: new TextEncoder().encode(message),
      })
      if (!output) throw new SolanaWalletError('UNSUPPORTED', `${wallet.name} returned no signature`)
      return getBase58Decoder().decode(output.signature)
    },
    /** Signs a wire transaction without sending it; returns the signed wire bytes. */
    async signTransaction(transaction: Uint8Array, caipNetworkId: string): Promise<Uint8Array> {
      const [output] = await feature('solana:signTransaction').signTransaction({
        account: account(),
        transaction,
        chain: chainOf(caipNetworkId),
      })
      if (!output) throw new SolanaWalletError('UNSUPPORTED', `${wallet.name} returned no transaction`)
      return output.signedTransaction
    },
    /** Signs and sends a wire transaction on a cluster with the §5 options; returns the base58 signature. */
    async signAndSendTransaction(
      transaction: Uint8Array,
      caipNetworkId: string,
      options: SolanaSendOptions = {},
    ): Promise<string> {
      const parsed = sendOptionsSchema.safeParse(options)
      if (!parsed.success)
        throw new SolanaWalletError('BAD_OPTIONS', parsed.error.issues[0]?.message ?? 'invalid options')
      const [output] = await feature('solana:signAndSendTransaction').signAndSendTransaction({
        account: account(),
        transaction,
        chain: chainOf(caipNetworkId),
        options: parsed.data,
      })
      if (!output) throw new SolanaWalletError('UNSUPPORTED', `${wallet.name} returned no signature`)
      return getBase58Decoder().decode(output.signature)
    },
  }
}

/** A connected wallet-standard Solana wallet: its accounts, and signing and sending through it. */
export type SolanaWalletSession = ReturnType<typeof createSolanaWalletSession>
