import type { CaipNetworkId, ChainId } from '@portico/core'
import type { AdapterContext, OneClickSignIn, WalletConnectSession } from '@portico/core/internal'
import { SignClient } from '@walletconnect/sign-client'
import { ProviderRpcError, type Transport } from 'viem'
import { chainTransport } from '../chain-transport.js'
import { evmNetworks } from '../to-viem-chain.js'
import { authenticateParams, readSignedCacao } from './one-click-auth.js'
import { proposedNamespaces, WALLET_CONNECT_METHODS } from './proposed-namespaces.js'

type Client = Awaited<ReturnType<typeof SignClient.init>>
type Session = ReturnType<Client['session']['getAll']>[number]
type Listener = (...args: unknown[]) => void

/** Storage prefix: never share the global Core of a host app's own WalletConnect. */
const STORAGE_PREFIX = 'portico'

export interface WalletConnectProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  /**
   * Pairs with a wallet: `onUri` gets the `wc:` URI, the promise settles with the wallet's answer. With
   * `signIn`, a wallet that supports one-click auth signs the dApp's sign-in message as it approves.
   */
  connect(onUri: (uri: string) => void, options?: WalletConnectConnectOptions): Promise<readonly string[]>
  /** Picks up the session kept in browser storage; false when there is none. */
  restore(): Promise<boolean>
  disconnect(): Promise<void>
  /** The same session for the adapters of its other namespaces (Solana). */
  session: WalletConnectSession
}

export interface WalletConnectConnectOptions {
  /** The network the visitor picked (an EVM chain or a Solana cluster): asked for first. */
  chainId?: ChainId | undefined
  signIn?: OneClickSignIn | undefined
}

/** viem's EIP-1193 error (viem is loaded with this provider); its short message is the wallet's words. */
const providerError = (code: number, message: string, cause?: unknown) =>
  new ProviderRpcError(cause instanceof Error ? cause : new Error(message), { code, shortMessage: message })

/** WalletConnect answers rejections with SDK codes (5000…); wallets expect EIP-1193's 4001. */
function toProviderError(error: unknown): ProviderRpcError {
  // A declined one-click auth arrives as the wallet's bare message.
  const { code, message } = (typeof error === 'string' ? { message: error } : (error ?? {})) as {
    code?: unknown
    message?: unknown
  }
  const text = typeof message === 'string' && message ? message : 'WalletConnect request failed'
  if (code === 4001 || code === 5000 || code === 5001 || code === 5002 || /reject/i.test(text)) {
    return providerError(4001, text, error)
  }
  return providerError(typeof code === 'number' ? code : -32603, text, error)
}

const parseChainId = (value: unknown): number =>
  typeof value === 'string' ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10) : Number(value)
const addressOf = (account: string) => account.split(':').at(-1) as string

/**
 * An EIP-1193 provider over `@walletconnect/sign-client`: signing goes to the paired wallet through the
 * session, reads go to the app's own RPC URL. Loaded only when the visitor picks WalletConnect.
 */
export async function createWalletConnectProvider(context: AdapterContext): Promise<WalletConnectProvider> {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin
  const client = await SignClient.init({
    relayUrl: context.relayUrl,
    projectId: context.projectId,
    telemetryEnabled: false,
    logger: 'error',
    customStoragePrefix: STORAGE_PREFIX,
    metadata: {
      name: context.metadata?.name ?? 'Portico',
      description: context.metadata?.description ?? '',
      url: context.metadata?.url ?? origin,
      icons: context.metadata?.icons ?? [],
    },
  })
  // Offline (our own relay) the Verify iframe can only time out: 5 s on every connect and request.
  client.core.verify.register = async () => ''

  const chainIds = evmNetworks(context.networks).map((network) => network.chainId)
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const endListeners = new Set<() => void>()
  let session: Session | undefined
  let chainId = chainIds[0] as number

  const sessionAccounts = (): string[] => {
    const accounts = session?.namespaces.eip155?.accounts ?? []
    const onChain = accounts.filter((account) => account.startsWith(`eip155:${chainId}:`))
    return [...new Set((onChain.length > 0 ? onChain : accounts).map(addressOf))]
  }
  const sessionChains = (): number[] => [
    ...new Set((session?.namespaces.eip155?.accounts ?? []).map((account) => Number(account.split(':')[1]))),
  ]
  const use = (next: Session) => {
    session = next
    const chains = sessionChains()
    if (!chains.includes(chainId)) chainId = chains[0] ?? chainId
  }
  const end = () => {
    if (!session) return
    session = undefined
    emit('accountsChanged', [])
    emit('disconnect', providerError(4900, 'WalletConnect session ended'))
    for (const listener of endListeners) listener()
  }

  client.on('session_delete', ({ topic }) => topic === session?.topic && end())
  client.on('session_expire', ({ topic }) => topic === session?.topic && end())
  client.on('session_update', ({ topic, params }) => {
    if (topic !== session?.topic) return
    use({ ...session, namespaces: params.namespaces })
    emit('accountsChanged', sessionAccounts())
  })
  client.on('session_event', ({ topic, params }) => {
    if (topic !== session?.topic) return
    const { name, data } = params.event
    if (name === 'chainChanged') {
      chainId = parseChainId(data)
      emit('chainChanged', `0x${chainId.toString(16)}`)
    } else if (name === 'accountsChanged' && Array.isArray(data)) {
      emit('accountsChanged', (data as string[]).map(addressOf))
    }
  })

  const requireSession = (): Session => {
    if (!session) throw providerError(4100, 'No WalletConnect session')
    return session
  }

  /** A request to the wallet on a session chain (`eip155:1`, `solana:…`); an unapproved method is 4200. */
  const requestOn = async (chain: CaipNetworkId, method: string, params: unknown) => {
    const { topic, namespaces } = requireSession()
    if (namespaces[chain.split(':')[0] as string]?.methods?.includes(method) === false)
      throw providerError(4200, `The wallet does not support ${method} in this session`)
    try {
      return await client.request({ topic, chainId: chain, request: { method, params } })
    } catch (error) {
      throw toProviderError(error)
    }
  }
  const sendToWallet = (method: string, params: unknown) => requestOn(`eip155:${chainId}`, method, params)

  // Reads go where the dApp's own reads go: the RPC gateway, then the chain's RPC URL (chainTransport).
  const readers = new Map<number, ReturnType<Transport>>()
  const read = async (method: string, params: unknown) => {
    let reader = readers.get(chainId)
    if (!reader) {
      reader = chainTransport(context, chainId)({})
      readers.set(chainId, reader)
    }
    try {
      return await reader.request({ method, params: (params ?? []) as unknown[] })
    } catch (error) {
      const { code, shortMessage } = error as { code?: unknown; shortMessage?: unknown }
      throw providerError(
        typeof code === 'number' ? code : -32603,
        typeof shortMessage === 'string' ? shortMessage : String(error),
        error,
      )
    }
  }

  async function connect(
    onUri: (uri: string) => void,
    options: WalletConnectConnectOptions = {},
  ): Promise<readonly string[]> {
    const picked = typeof options.chainId === 'number' ? options.chainId : undefined
    const chains =
      picked !== undefined && chainIds.includes(picked)
        ? [picked, ...chainIds.filter((id) => id !== picked)]
        : chainIds
    // No nonce from the dApp's backend: pair without signing in; the sign-in step follows as usual.
    const request = await options.signIn?.request().catch(() => undefined)
    if (options.signIn && request) return authenticate(onUri, chains, options.signIn, request)
    // Optional namespaces only: a wallet may approve EVM, Solana or both.
    const { uri, approval } = await client.connect({
      optionalNamespaces: proposedNamespaces(context.networks, options.chainId),
    })
    if (uri) onUri(uri)
    try {
      use(await approval())
    } catch (error) {
      throw toProviderError(error)
    }
    if (sessionAccounts().length > 0) emit('connect', { chainId: `0x${chainId.toString(16)}` })
    return sessionAccounts()
  }

  /**
   * One-click auth (wc_sessionAuthenticate): the wallet signs the sign-in message and gets a session in
   * one approval. A wallet without it answers the session proposal sent alongside, and nothing is signed.
   */
  async function authenticate(
    onUri: (uri: string) => void,
    chains: readonly number[],
    signIn: OneClickSignIn,
    request: Awaited<ReturnType<OneClickSignIn['request']>>,
  ): Promise<readonly string[]> {
    const { uri, response } = await client.authenticate(
      authenticateParams(request, chains, WALLET_CONNECT_METHODS),
    )
    onUri(uri)
    let result: Awaited<ReturnType<typeof response>>
    try {
      result = await response()
    } catch (error) {
      throw toProviderError(error)
    }
    if (!result.session) throw providerError(-32603, 'The wallet signed in without a session')
    const cacao = result.auths?.[0]
    const signed = cacao ? readSignedCacao(cacao) : undefined
    // The session starts on the chain the wallet signed in on: the sign-in is for that chain.
    if (signed) chainId = signed.chainId
    use(result.session)
    if (signed) await signIn.complete(signed)
    emit('connect', { chainId: `0x${chainId.toString(16)}` })
    return sessionAccounts()
  }

  async function disconnect() {
    const current = session
    if (!current) return
    session = undefined
    await client
      .disconnect({ topic: current.topic, reason: { code: 6000, message: 'User disconnected.' } })
      .catch(() => {})
  }

  async function restore() {
    if (session) return true
    const now = Date.now() / 1000
    const kept = client.session
      .getAll()
      .filter(
        (candidate) => (candidate.namespaces.eip155 || candidate.namespaces.solana) && candidate.expiry > now,
      )
      .at(-1)
    if (kept) use(kept)
    return kept !== undefined
  }

  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
          return sessionAccounts()
        case 'eth_requestAccounts':
          return session ? sessionAccounts() : Promise.reject(providerError(4100, 'Not paired'))
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
          return [{ parentCapability: 'eth_accounts' }]
        case 'wallet_revokePermissions':
          await disconnect()
          return null
        case 'wallet_switchEthereumChain': {
          const [{ chainId: hex }] = params as [{ chainId: string }]
          const target = parseChainId(hex)
          // A chain the session already holds needs no prompt; others are the wallet's call.
          if (!sessionChains().includes(target)) await sendToWallet(method, params)
          chainId = target
          emit('chainChanged', `0x${target.toString(16)}`)
          return null
        }
        default:
          if ([...WALLET_CONNECT_METHODS, 'eth_sign'].includes(method)) return sendToWallet(method, params)
          return read(method, params)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    connect,
    restore,
    disconnect,
    session: {
      accounts: (namespace) => session?.namespaces[namespace]?.accounts ?? [],
      methods: (namespace) => session?.namespaces[namespace]?.methods ?? [],
      request: ({ chainId: chain, method, params }) => requestOn(chain, method, params),
      restore,
      disconnect,
      onEnd(listener) {
        endListeners.add(listener)
        return () => endListeners.delete(listener)
      },
    },
  }
}
