import {
  AUTH_CONNECTOR_ID,
  type ChainId,
  type Connection,
  type Network,
  type TransactionRequest,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@portico/core'
import type { AdapterContext, AdapterEvent, ChainAdapter, FeeEstimate } from '@portico/core/internal'
import {
  type Address,
  address,
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  getBase64Decoder,
  getTransactionDecoder,
  type Signature,
  signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Wallet } from '@wallet-standard/base'
import { embeddedWalletRoute } from './frame-solana-signer.js'
import { createSolanaWalletSession, type SolanaWalletSession } from './solana-wallet-session.js'
import { transferTransaction } from './transfer-transaction.js'
import { walletConnectRoute } from './walletconnect-route.js'

/** How often and how long a sent transaction's status is polled (a local cluster confirms in under a second). */
const STATUS_POLL_MS = 400
const STATUS_WAIT_MS = 60_000
/** The bytes of an SPL token account, whose rent-exempt deposit a transfer to a new receiver pays. */
const TOKEN_ACCOUNT_SIZE = 165n

/**
 * How long a remembered wallet may take to register after the page starts (a wallet may derive its keys
 * first), and how often to look for it meanwhile.
 */
const REGISTER_WAIT_MS = 3_000
const REGISTER_POLL_MS = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The heavy half of `solana()`: the wallet-standard session, @solana/kit and the transfer builders. */
export function createSolanaAdapter(
  context: AdapterContext,
  rpcUrl: (network: Network) => string,
  getWallet: (connectorId: string) => Wallet | undefined,
): ChainAdapter {
  const clusters = context.networks.filter((network: Network) => network.namespace === 'solana')
  const listeners = new Set<(event: AdapterEvent) => void>()
  const rpcs = new Map<string, ReturnType<typeof createSolanaRpc>>()
  let session: SolanaWalletSession | undefined
  let stopWatching: (() => void) | undefined
  let current: { connectorId: string; chainId: string } | undefined

  const emit = (event: AdapterEvent) => {
    for (const listener of listeners) listener(event)
  }
  const rpc = (chainId: ChainId) => {
    const key = String(chainId)
    let client = rpcs.get(key)
    if (!client) {
      const network = cluster(chainId)
      if (!network) throw new Error(`${key} is not a configured Solana cluster`)
      client = createSolanaRpc(rpcUrl(network))
      rpcs.set(key, client)
    }
    return client
  }
  const cluster = (chainId: ChainId | undefined) =>
    clusters.find((network) => network.chainId === chainId || network.caipNetworkId === chainId)
  /** The cluster to connect on: the visitor's choice, else the dApp's first Solana network. */
  const clusterFor = (chainId: ChainId | undefined): string => {
    const chosen = cluster(chainId) ?? clusters[0]
    if (!chosen) throw new Error('No Solana network configured')
    return String(chosen.chainId)
  }
  const active = () => {
    if (!session || !current) throw new Error('No Solana wallet connected')
    return { session, ...current }
  }
  // A WalletConnect session's Solana accounts: the pairing holds the session, calls for them go through it.
  const walletConnect = walletConnectRoute(context, clusters, {
    send: async (wire, chainId, options) =>
      rpc(chainId)
        .sendTransaction(getBase64Decoder().decode(wire) as Base64EncodedWireTransaction, {
          encoding: 'base64',
          preflightCommitment: options.preflightCommitment ?? 'confirmed',
          ...(options.skipPreflight === undefined ? {} : { skipPreflight: options.skipPreflight }),
        })
        .send(),
    onEnd: () => emit({ type: 'disconnect' }),
  })
  // The embedded (e-mail and social) wallet's Solana account: the wallet frame signs its calls.
  const embedded = embeddedWalletRoute(context, clusters)

  async function open(
    connectorId: string,
    chainId: string,
    silent: boolean,
  ): Promise<Connection | undefined> {
    const wallet = getWallet(connectorId)
    if (!wallet) throw new Error(`The wallet ${connectorId} is not on this page`)
    const opened = session?.wallet === wallet ? session : createSolanaWalletSession(wallet)
    const accounts = await opened.connect({ silent })
    if (accounts.length === 0) return undefined
    session = opened
    current = { connectorId, chainId }
    stopWatching?.()
    stopWatching = opened.onAccountsChanged((next) =>
      emit(next.length === 0 ? { type: 'disconnect' } : { type: 'accountsChanged', accounts: next }),
    )
    return { namespace: 'solana', accounts, chainId, connectorId, connectorName: wallet.name }
  }

  /** The unsigned wire transaction of `request`, on a fresh blockhash of the active cluster. */
  async function build(request: TransactionRequest, from: string, chainId: ChainId) {
    const { value: lifetime } = await rpc(chainId).getLatestBlockhash({ commitment: 'confirmed' }).send()
    return transferTransaction({
      from: address(from),
      to: address(request.to),
      amount: request.value,
      token: request.token
        ? { mint: address(request.token.address) as Address, decimals: request.token.decimals }
        : undefined,
      lifetime,
    })
  }

  /** The rent-exempt deposit of the receiver's token account, when a token transfer has to create it. */
  async function tokenAccountRent(request: TransactionRequest, chainId: ChainId): Promise<bigint> {
    if (!request.token) return 0n
    const [ata] = await findAssociatedTokenPda({
      owner: address(request.to),
      mint: address(request.token.address),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { value: account } = await rpc(chainId)
      .getAccountInfo(ata, { encoding: 'base64', commitment: 'confirmed' })
      .send()
    if (account) return 0n
    return rpc(chainId).getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send()
  }

  return {
    async connect(connectorId, options) {
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID)
        return walletConnect.connect(clusterFor(options?.chainId))
      if (connectorId === AUTH_CONNECTOR_ID) return embedded.connect(clusterFor(options?.chainId))
      const connection = await open(connectorId, clusterFor(options?.chainId), false)
      if (!connection) throw new Error('The wallet shared no Solana account')
      return connection
    },
    async reconnect(connectorId, options) {
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID) return walletConnect.reconnect()
      if (connectorId === AUTH_CONNECTOR_ID) return embedded.reconnect(clusterFor(options?.chainId))
      for (let waited = 0; !getWallet(connectorId) && waited < REGISTER_WAIT_MS; waited += REGISTER_POLL_MS)
        await sleep(REGISTER_POLL_MS)
      // Back on the cluster it was on: a wallet-standard wallet keeps no cluster of its own.
      return open(connectorId, clusterFor(options?.chainId ?? current?.chainId), true).catch(() => undefined)
    },
    async disconnect() {
      await walletConnect.disconnect()
      embedded.disconnect()
      stopWatching?.()
      stopWatching = undefined
      await session?.disconnect()
      session = undefined
      current = undefined
    },
    async switchChain(chainId) {
      const target = cluster(chainId)
      if (!target) throw new Error(`${String(chainId)} is not a configured Solana cluster`)
      // A wallet-standard wallet signs for whichever cluster each request names: nothing to ask it.
      if (current) current = { ...current, chainId: String(target.chainId) }
      walletConnect.switchChain(String(target.chainId))
      embedded.switchChain(String(target.chainId))
    },
    async getBalance(owner, chainId) {
      const { value } = await rpc(chainId).getBalance(address(owner), { commitment: 'confirmed' }).send()
      const native = cluster(chainId)?.nativeCurrency ?? { symbol: 'SOL', decimals: 9 }
      return { value: value.toString(), decimals: native.decimals, symbol: native.symbol, chainId }
    },
    signMessage: async (message) =>
      walletConnect.signMessage(message) ??
      embedded.signMessage(message) ??
      active().session.signMessage(message),
    async sendTransaction(request) {
      const routed =
        walletConnect.sendTransaction((from, chainId) => build(request, from, chainId)) ??
        embedded.sendTransaction((from, chainId) => build(request, from, chainId))
      if (routed) return routed
      const { session: wallet, chainId } = active()
      const from = wallet.addresses()[0]
      if (!from) throw new Error('No Solana account connected')
      const transaction = await build(request, from, chainId)
      return wallet.signAndSendTransaction(transaction, `solana:${chainId}`)
    },
    async estimateFee(request, chainId): Promise<FeeEstimate> {
      const transaction = await build(request, request.from, chainId)
      const { messageBytes } = getTransactionDecoder().decode(transaction)
      const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
      const [{ value }, rent] = await Promise.all([
        rpc(chainId).getFeeForMessage(message, { commitment: 'confirmed' }).send(),
        tokenAccountRent(request, chainId),
      ])
      if (value === null) throw new Error('The cluster cannot price this transaction')
      // The sender also pays the deposit of the receiver's token account when the transfer creates it.
      return {
        fee: value + rent,
        maxFee: value + rent,
        terms: { fee: value, rent },
        ...(rent > 0n ? { deposit: rent } : {}),
      }
    },
    async waitForTransaction(hash, chainId) {
      const id: Signature = signature(hash)
      const until = Date.now() + STATUS_WAIT_MS
      while (Date.now() < until) {
        const { value } = await rpc(chainId).getSignatureStatuses([id]).send()
        const status = value[0]
        if (status?.err) return { status: 'reverted' }
        if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
          return { status: 'success' }
        await sleep(STATUS_POLL_MS)
      }
      throw new Error(`Transaction ${hash} was not confirmed in time`)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
