import {
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { createAuthorizationStore } from '../authorization-store.js'
import { defaultStorage, type StorageLike } from '../storage-like.js'
import { TEST_WALLET_ICON } from '../wallet-icon.js'
import { TEST_WALLET_INFO } from '../wallet-info.js'
import type { SolanaApprovalRequest } from './solana-approval-request.js'

/** The clusters the wallet serves, by wallet-standard chain. */
export const SOLANA_TEST_WALLET_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const
type SolanaChain = (typeof SOLANA_TEST_WALLET_CHAINS)[number]

const CLUSTER_OF: Record<SolanaChain, string> = {
  'solana:mainnet': 'mainnet-beta',
  'solana:devnet': 'devnet',
  'solana:testnet': 'testnet',
}

export interface SolanaTestWalletOptions {
  /** The signer of the account the wallet holds (a dev key of the local clusters). */
  signer: KeyPairSigner
  /** The local clusters' base, e.g. http://127.0.0.1:8899: cluster `devnet` is served at `<base>/devnet`. */
  rpcBase: string
  /** The page's origin, shown in the prompt. */
  origin: string
  approve(request: SolanaApprovalRequest): Promise<boolean>
  /** Where the site's approval is remembered, so it reconnects silently after a reload. Default: localStorage. */
  storage?: StorageLike | undefined
}

/** EIP-1193's code for a request the user rejected; wallet-standard wallets use it too. */
export class UserRejectedError extends Error {
  readonly code = 4001
  constructor() {
    super('The user rejected the request.')
  }
}

const isSolanaChain = (chain: string): chain is SolanaChain =>
  (SOLANA_TEST_WALLET_CHAINS as readonly string[]).includes(chain)

/**
 * The Portico Test Wallet's Solana half, as a wallet-standard wallet: one dev-key account on the three local
 * clusters; connect, sign messages and transactions, and sign-and-send, each after the user approves (or
 * the test's auto-approval). Registered beside the EIP-1193 provider, it makes the test wallet multi-chain.
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions): Wallet {
  const { signer } = options
  const publicKey = new Uint8Array(getBase58Encoder().encode(signer.address))
  const listeners: StandardEventsListeners['change'][] = []
  // Kept apart from the EVM half's: each half of the wallet is approved (and disconnected) on its own.
  const remembered = createAuthorizationStore(options.storage ?? defaultStorage(), `solana:${options.origin}`)
  let authorized = false

  const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
  const account: WalletAccount = Object.freeze({
    address: signer.address,
    publicKey,
    chains: SOLANA_TEST_WALLET_CHAINS,
    features,
    label: 'Test account',
  })
  const accounts = () => (authorized ? [account] : [])
  const emit = () => {
    for (const listener of listeners) listener({ accounts: accounts() })
  }
  const ask = async (request: Omit<SolanaApprovalRequest, 'origin' | 'address'>) => {
    const approved = await options.approve({ ...request, origin: options.origin, address: signer.address })
    if (!approved) throw new UserRejectedError()
  }
  const ownAccount = (input: { account: WalletAccount }) => {
    if (!authorized || input.account.address !== signer.address)
      throw new Error('The account is not connected.')
  }
  const chainOf = (chain: string | undefined): SolanaChain => {
    const resolved = chain ?? 'solana:mainnet'
    if (!isSolanaChain(resolved)) throw new Error(`The wallet does not serve ${resolved}.`)
    return resolved
  }
  /** One line on what a wire transaction does: its instruction count and the programs it calls. */
  const summarize = (wire: Uint8Array) => {
    const transaction = getTransactionDecoder().decode(wire)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    if (!('instructions' in message)) return 'A transaction'
    const { instructions, staticAccounts } = message
    const programs = [...new Set(instructions.map((entry) => staticAccounts[entry.programAddressIndex]))]
    return `${instructions.length} instruction(s), calling ${programs.join(', ')}`
  }
  const sign = async (wire: Uint8Array) =>
    partiallySignTransaction([signer.keyPair], getTransactionDecoder().decode(wire))

  const connect: StandardConnectFeature['standard:connect']['connect'] = async (input) => {
    if (!authorized) {
      const approvedBefore = remembered.read(signer.address) !== undefined
      if (input?.silent && !approvedBefore) return { accounts: [] }
      if (!approvedBefore)
        await ask({
          kind: 'solana-connect',
          chain: undefined,
          summary: 'Connect this site to your Solana account',
        })
      authorized = true
      remembered.write({ address: signer.address, chainId: 0, grantedAt: Date.now() })
      emit()
    }
    return { accounts: accounts() }
  }
  const disconnect = async () => {
    authorized = false
    remembered.forget()
    emit()
  }
  const signMessage = async (...inputs: readonly SolanaSignMessageInput[]) => {
    const outputs = []
    for (const input of inputs) {
      ownAccount(input)
      const text = new TextDecoder().decode(input.message)
      await ask({ kind: 'solana-sign-message', chain: undefined, summary: text })
      const signature = await signBytes(signer.keyPair.privateKey, input.message)
      outputs.push({ signedMessage: input.message, signature: new Uint8Array(signature) })
    }
    return outputs
  }
  const signTransaction = async (...inputs: readonly SolanaSignTransactionInput[]) => {
    const outputs = []
    for (const input of inputs) {
      ownAccount(input)
      const chain = chainOf(input.chain)
      await ask({ kind: 'solana-sign-transaction', chain, summary: summarize(input.transaction) })
      const signed = await sign(input.transaction)
      outputs.push({ signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) })
    }
    return outputs
  }
  const signAndSendTransaction = async (...inputs: readonly SolanaSignAndSendTransactionInput[]) => {
    const outputs = []
    for (const input of inputs) {
      ownAccount(input)
      const chain = chainOf(input.chain)
      await ask({ kind: 'solana-send-transaction', chain, summary: summarize(input.transaction) })
      const signed = await sign(input.transaction)
      const rpc = createSolanaRpc(`${options.rpcBase.replace(/\/+$/, '')}/${CLUSTER_OF[chain]}`)
      const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = input.options ?? {}
      const signature = await rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          ...(skipPreflight === undefined ? {} : { skipPreflight }),
          ...(preflightCommitment === undefined ? {} : { preflightCommitment }),
          ...(maxRetries === undefined ? {} : { maxRetries: BigInt(maxRetries) }),
          ...(minContextSlot === undefined ? {} : { minContextSlot: BigInt(minContextSlot) }),
        })
        .send()
      outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
    }
    return outputs
  }

  const walletFeatures: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature = {
    'standard:connect': { version: '1.0.0', connect },
    'standard:disconnect': { version: '1.0.0', disconnect },
    'standard:events': {
      version: '1.0.0',
      on: (_event, listener) => {
        listeners.push(listener)
        return () => listeners.splice(listeners.indexOf(listener) >>> 0, 1)
      },
    },
    'solana:signMessage': { version: '1.0.0', signMessage },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction,
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction,
    },
  }

  return {
    version: '1.0.0',
    name: TEST_WALLET_INFO.name,
    icon: TEST_WALLET_ICON as Wallet['icon'],
    chains: SOLANA_TEST_WALLET_CHAINS,
    features: walletFeatures,
    get accounts() {
      return accounts()
    },
  }
}
