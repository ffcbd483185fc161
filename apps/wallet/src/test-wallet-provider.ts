import type { Address, Hex } from 'viem'
import { isHex } from 'viem'
import type { ApprovalRequest, ApproveFunction } from './approval-request.js'
import { type AuthorizationStore, createAuthorizationStore } from './authorization-store.js'
import { createCallsBatches } from './calls-batches.js'
import { CALLS_METHODS, type CallsMethodsContext, handleCallsMethod } from './calls-methods.js'
import { DEFAULT_WALLET_CHAINS, parseHexChainId, toHexChainId, type WalletChain } from './chains.js'
import type { FaultMode, SetFaultOptions } from './fault-mode.js'
import { FORWARDED_METHODS } from './forwarded-methods.js'
import { callJsonRpc } from './json-rpc-client.js'
import { decodeMessageText } from './message-text.js'
import { createProviderEvents, type ProviderListener } from './provider-events.js'
import {
  invalidParamsError,
  ProviderErrorCode,
  ProviderRpcError,
  unauthorizedError,
  unsupportedMethodError,
  userRejectedError,
} from './provider-rpc-error.js'
import { defaultStorage, type StorageLike } from './storage-like.js'
import { testWalletAccount } from './test-wallet-account.js'
import {
  completeTransaction,
  parseTransactionRequest,
  type TransactionRequest,
} from './transaction-request.js'
import { parseTypedDataRequest, toViemTypedData } from './typed-data-request.js'

export interface TestWalletProviderOptions {
  /** Where the node for a chain answers JSON-RPC. Default: the Portico devnet, http://127.0.0.1:8545/<chainId>. */
  readonly rpcUrl?: (chainId: number) => string
  /** Networks the wallet knows (switchable without adding). Default: the six devnet chains. */
  readonly chains?: readonly WalletChain[]
  /** Network at start when no remembered authorization says otherwise. Default 1. */
  readonly initialChainId?: number
  /** The user's answer to a request: the DOM prompt in a page, a function in tests. */
  readonly approve: ApproveFunction
  /** Where authorizations are remembered. Default: localStorage when usable, else memory. */
  readonly storage?: StorageLike
  /** BIP-44 address index into the mnemonic. Default 0. */
  readonly accountIndex?: number
  /** Default: the public 'test test … junk' dev mnemonic. */
  readonly mnemonic?: string
  /** The site this provider serves; keys remembered authorization. Default: location.origin. */
  readonly origin?: string
}

export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/** An EIP-1193 provider plus the wallet-side controls a person (or a test) would use inside the wallet. */
export interface TestWalletProvider {
  readonly isPorticoTestWallet: true
  readonly address: Address
  /** The current network, as a number. */
  readonly chainId: number
  readonly chains: readonly WalletChain[]
  /** True when this origin is connected (eth_accounts returns the address). */
  readonly isAuthorized: boolean
  readonly fault: FaultMode
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: ProviderListener): TestWalletProvider
  removeListener(event: string, listener: ProviderListener): TestWalletProvider
  off(event: string, listener: ProviderListener): TestWalletProvider
  /** Misbehave on the next eth_requestAccounts (or every one, with {persistent: true}). */
  setFault(mode: FaultMode, options?: SetFaultOptions): void
  /** The user picks another network inside the wallet: emits chainChanged, even for chains dApps lack. */
  switchChain(chainId: number): void
  /** The user disconnects the site inside the wallet: forgets the authorization, emits accountsChanged []. */
  disconnect(): void
}

const signingMethods = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])

function defaultOrigin(): string {
  const location = (globalThis as { location?: { origin?: string } }).location
  return location?.origin ?? 'local'
}

function paramsArray(args: RequestArguments): readonly unknown[] {
  if (args.params === undefined) return []
  if (Array.isArray(args.params)) return args.params
  throw invalidParamsError(`${args.method} expects params as an array`)
}

export function createTestWalletProvider(options: TestWalletProviderOptions): TestWalletProvider {
  const account = testWalletAccount(options.accountIndex ?? 0, options.mnemonic)
  const address = account.address
  const origin = options.origin ?? defaultOrigin()
  const rpcUrl = options.rpcUrl ?? ((chainId: number) => `http://127.0.0.1:8545/${chainId}`)
  const store: AuthorizationStore = createAuthorizationStore(options.storage ?? defaultStorage(), origin)
  const events = createProviderEvents()
  const chains = new Map<number, WalletChain>((options.chains ?? DEFAULT_WALLET_CHAINS).map((c) => [c.id, c]))

  const remembered = store.read(address)
  let authorization = remembered
  // A reload lands on the network the site was last connected on, like a real wallet's per-site network.
  let chainId =
    remembered && chains.has(remembered.chainId) ? remembered.chainId : (options.initialChainId ?? 1)
  ensureChain(chainId)

  let fault: FaultMode = 'none'
  let faultPersistent = false
  let pendingConnect: Promise<Address[]> | undefined
  // Signing and sending one transaction at a time keeps 'pending' nonces from colliding.
  let sendQueue: Promise<unknown> = Promise.resolve()

  function ensureChain(id: number): WalletChain {
    let chain = chains.get(id)
    if (!chain) {
      chain = { id, name: `Chain ${id}` }
      chains.set(id, chain)
    }
    return chain
  }

  function chainName(id: number): string {
    return chains.get(id)?.name ?? `Chain ${id}`
  }

  function urlFor(id: number): string {
    return chains.get(id)?.rpcUrl ?? rpcUrl(id)
  }

  function readChain(method: string, params: readonly unknown[] = []): Promise<unknown> {
    return callJsonRpc(urlFor(chainId), method, params)
  }

  function base() {
    return { origin, address, chainId, chainName: chainName(chainId) }
  }

  async function ask(request: ApprovalRequest): Promise<void> {
    let approved: boolean
    try {
      approved = await options.approve(request)
    } catch (error) {
      throw new ProviderRpcError(
        ProviderErrorCode.internal,
        `The wallet prompt failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    if (approved !== true) throw userRejectedError()
  }

  function authorize(): void {
    const wasAuthorized = authorization !== undefined
    authorization = { address, chainId, grantedAt: authorization?.grantedAt ?? Date.now() }
    store.write(authorization)
    if (!wasAuthorized) {
      events.emit('connect', { chainId: toHexChainId(chainId) })
      events.emit('accountsChanged', [address])
    }
  }

  function forget(): void {
    const wasAuthorized = authorization !== undefined
    authorization = undefined
    store.forget()
    if (wasAuthorized) events.emit('accountsChanged', [])
  }

  function changeChain(id: number): void {
    ensureChain(id)
    if (id === chainId) return
    chainId = id
    if (authorization) {
      authorization = { ...authorization, chainId }
      store.write(authorization)
    }
    events.emit('chainChanged', toHexChainId(chainId))
  }

  function requireAuthorized(method: string): void {
    if (!authorization) {
      throw unauthorizedError(`${method} needs an authorized account: call eth_requestAccounts first.`)
    }
  }

  function requireOwnAddress(value: unknown): void {
    if (typeof value !== 'string' || value.toLowerCase() !== address.toLowerCase()) {
      throw unauthorizedError(`The wallet does not hold the account ${String(value)}; it holds ${address}.`)
    }
  }

  function permissions() {
    if (!authorization) return []
    return [
      {
        id: `portico-test-wallet:${origin}:eth_accounts`,
        parentCapability: 'eth_accounts',
        invoker: origin,
        caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
        date: authorization.grantedAt,
      },
    ]
  }

  function requestAccounts(): Promise<unknown> {
    if (fault !== 'none') {
      const mode = fault
      if (!faultPersistent) fault = 'none'
      if (mode === 'throw') return Promise.reject(new Error('Test wallet crashed'))
      if (mode === 'hang') return new Promise(() => {})
      return Promise.resolve({ nonsense: true })
    }
    if (authorization) return Promise.resolve([address])
    // A second call while the prompt is open waits for the same answer instead of stacking prompts.
    pendingConnect ??= ask({ kind: 'connect', ...base() })
      .then(() => {
        authorize()
        return [address]
      })
      .finally(() => {
        pendingConnect = undefined
      })
    return pendingConnect
  }

  async function switchEthereumChain(params: readonly unknown[]): Promise<null> {
    const target = parseHexChainId((params[0] as { chainId?: unknown } | undefined)?.chainId)
    if (target === undefined)
      throw invalidParamsError('wallet_switchEthereumChain expects [{ chainId: hex }]')
    if (!chains.has(target)) {
      throw new ProviderRpcError(
        ProviderErrorCode.unrecognizedChain,
        `Unrecognized chain ID "${toHexChainId(target)}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    }
    changeChain(target)
    return null
  }

  async function addEthereumChain(params: readonly unknown[]): Promise<null> {
    const chain = params[0] as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown } | undefined
    const newChainId = parseHexChainId(chain?.chainId)
    if (!chain || newChainId === undefined) {
      throw invalidParamsError('wallet_addEthereumChain expects chainId as a 0x-prefixed hex string')
    }
    const rpcUrls = chain.rpcUrls
    if (
      !Array.isArray(rpcUrls) ||
      rpcUrls.length === 0 ||
      !rpcUrls.every((url) => typeof url === 'string' && /^https?:\/\//.test(url))
    ) {
      throw invalidParamsError('wallet_addEthereumChain expects rpcUrls as a non-empty array of http(s) URLs')
    }
    const newChainName =
      typeof chain.chainName === 'string' && chain.chainName ? chain.chainName : chainName(newChainId)
    await ask({ kind: 'add-chain', ...base(), newChainId, newChainName, rpcUrls })
    // A chain the wallet already knows keeps its configured node (the devnet), not the dApp's public URL.
    if (!chains.has(newChainId))
      chains.set(newChainId, { id: newChainId, name: newChainName, rpcUrl: rpcUrls[0] })
    // As in MetaMask, adding a network also switches to it.
    changeChain(newChainId)
    return null
  }

  async function personalSign(params: readonly unknown[]): Promise<Hex> {
    requireAuthorized('personal_sign')
    const [message, signer] = params
    if (typeof message !== 'string') throw invalidParamsError('personal_sign expects [message, address]')
    requireOwnAddress(signer)
    await ask({ kind: 'sign-message', ...base(), message: decodeMessageText(message), rawMessage: message })
    return account.signMessage({ message: isHex(message, { strict: true }) ? { raw: message } : message })
  }

  async function signTypedDataV4(params: readonly unknown[]): Promise<Hex> {
    requireAuthorized('eth_signTypedData_v4')
    const [signer, typedDataParam] = params
    requireOwnAddress(signer)
    const typedData = parseTypedDataRequest(typedDataParam)
    await ask({
      kind: 'sign-typed-data',
      ...base(),
      primaryType: typedData.primaryType,
      domain: typedData.domain,
      message: typedData.message,
    })
    return account.signTypedData(toViemTypedData(typedData))
  }

  async function sendTransaction(params: readonly unknown[]): Promise<Hex> {
    requireAuthorized('eth_sendTransaction')
    const request = parseTransactionRequest(params[0])
    if (request.from !== undefined) requireOwnAddress(request.from)
    // The transaction goes to the network that was current when the dApp asked, even if the user switches later.
    const targetChainId = chainId
    const targetUrl = urlFor(targetChainId)
    await ask({
      kind: 'send-transaction',
      ...base(),
      to: request.to,
      value: request.value,
      data: request.data,
    })
    return sendSigned(request, targetChainId, targetUrl)
  }

  function sendSigned(request: TransactionRequest, targetChainId: number, targetUrl: string): Promise<Hex> {
    const send = sendQueue.then(async () => {
      const read = (method: string, readParams: readonly unknown[] = []) =>
        callJsonRpc(targetUrl, method, readParams)
      const transaction = await completeTransaction(request, address, targetChainId, read)
      const signed = await account.signTransaction(transaction)
      return (await read('eth_sendRawTransaction', [signed])) as Hex
    })
    sendQueue = send.catch(() => undefined)
    return send
  }

  // EIP-5792 batches: each call is one more transaction through the same queue as eth_sendTransaction.
  const calls: CallsMethodsContext = {
    address,
    batches: createCallsBatches({
      read: (id, method, params = []) => callJsonRpc(urlFor(id), method, params),
      send: (call, id) => sendSigned(call, id, urlFor(id)),
    }),
    chainIds: () => [...chains.keys()],
    describe: (id) => ({ origin, address, chainId: id, chainName: chainName(id) }),
    ask,
    show: (request) => void options.approve(request).catch(() => undefined),
  }

  async function handle(args: RequestArguments): Promise<unknown> {
    const { method } = args
    switch (method) {
      case 'eth_requestAccounts':
        return requestAccounts()
      case 'eth_accounts':
        return authorization ? [address] : []
      case 'eth_chainId':
        return toHexChainId(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain':
        return switchEthereumChain(paramsArray(args))
      case 'wallet_addEthereumChain':
        return addEthereumChain(paramsArray(args))
      case 'personal_sign':
        return personalSign(paramsArray(args))
      case 'eth_signTypedData_v4':
        return signTypedDataV4(paramsArray(args))
      case 'eth_sendTransaction':
        return sendTransaction(paramsArray(args))
      case 'wallet_requestPermissions': {
        const [requested] = paramsArray(args)
        if (!requested || typeof requested !== 'object' || !('eth_accounts' in requested)) {
          throw invalidParamsError('wallet_requestPermissions supports [{ eth_accounts: {} }] only')
        }
        // Unlike eth_requestAccounts, this always prompts: it is how a dApp asks the user to re-confirm.
        await ask({ kind: 'connect', ...base() })
        authorize()
        return permissions()
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        forget()
        return null
    }
    if (CALLS_METHODS.has(method)) {
      requireAuthorized(method)
      return handleCallsMethod(calls, method, paramsArray(args))
    }
    if (signingMethods.has(method)) throw unauthorizedError()
    if (FORWARDED_METHODS.has(method)) return readChain(method, paramsArray(args))
    throw unsupportedMethodError(method)
  }

  const provider: TestWalletProvider = {
    isPorticoTestWallet: true,
    address,
    get chainId() {
      return chainId
    },
    get chains() {
      return [...chains.values()]
    },
    get isAuthorized() {
      return authorization !== undefined
    },
    get fault() {
      return fault
    },
    request(args: RequestArguments): Promise<unknown> {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
        return Promise.reject(
          new ProviderRpcError(
            ProviderErrorCode.invalidRequest,
            'Expected request({ method: string, params? })',
          ),
        )
      }
      try {
        return handle(args)
      } catch (error) {
        return Promise.reject(error)
      }
    },
    on(event, listener) {
      events.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      events.removeListener(event, listener)
      return provider
    },
    off(event, listener) {
      events.removeListener(event, listener)
      return provider
    },
    setFault(mode, faultOptions) {
      fault = mode
      faultPersistent = mode !== 'none' && faultOptions?.persistent === true
    },
    switchChain(id) {
      if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Not a chain id: ${id}`)
      changeChain(id)
    },
    disconnect() {
      forget()
    },
  }
  return provider
}
