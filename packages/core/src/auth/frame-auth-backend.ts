import {
  type EmbeddedUser,
  FrameError,
  NOT_SAFE_METHODS,
  RPC_NOT_ALLOWED,
  SOLANA_GET_ACCOUNTS,
} from '@portico/wire'
import type { Connection } from '../connection/connection-controller.js'
import { AUTH_CONNECTOR_ID } from '../connection/connector.js'
import { PorticoError } from '../errors/errors.js'
import { isInsufficientFunds } from '../errors/normalize-error.js'
import { ProviderErrorCode } from '../errors/provider-error-code.js'
import { getLocale, localeStore } from '../i18n/locale.js'
import { errorMessages } from '../i18n/messages.js'
import type { AuthBackend, AuthBackendOptions, AuthUserInfo } from './auth-backend.js'
import { createFrameClient, LONG_POLL_TIMEOUT_MS } from './frame-client.js'
import { rethrowFrameFailure } from './frame-failure.js'
import { whenFrameReady } from './frame-load-check.js'
import { createFrameStorage } from './frame-storage.js'

const SDK_VERSION = 'portico-0.1.0'
/**
 * EIP-1474's "transaction rejected": the request was fine, the account cannot pay. (Not -32000, "invalid
 * input": viem answers that by retrying as wallet_sendTransaction.)
 */
const INSUFFICIENT_FUNDS_RPC_CODE = -32003

/**
 * A sign-in step's frame request: a failure rejects as the PorticoError the controller shows (the
 * frame's reason, the auth service's code among them, picks its code; the controller never imports
 * the frame).
 */
const coded = <T>(request: Promise<T>): Promise<T> => request.catch(rethrowFrameFailure)

type Listener = (...args: unknown[]) => void

/**
 * The error an EIP-1193 provider rejects with: a numeric `code` viem and wallets switch on. Not viem's
 * ProviderRpcError: this chunk loads with the sign-in, before viem, on a size budget.
 */
class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const toUserInfo = (user: EmbeddedUser & { socialProvider?: unknown }): AuthUserInfo => ({
  address: user.address,
  chainId: user.chainId,
  email: user.email,
  userName: user.userName,
  socialProvider: (typeof user.socialProvider === 'string'
    ? user.socialProvider
    : null) as AuthUserInfo['socialProvider'],
  smartAccountDeployed: user.smartAccountDeployed,
  preferredAccountType: user.preferredAccountType,
})

/**
 * The embedded wallet over the hidden wallet frame: mounts the frame, keeps the dApp-side login cache
 * (spec §3, §4), and exposes an EIP-1193 provider for the chain adapter. Loaded on demand only.
 */
export async function createFrameAuthBackend(options: AuthBackendOptions): Promise<AuthBackend> {
  const storage = createFrameStorage(options.storage)
  const client = createFrameClient({
    frameUrl: `${options.authUrl}/frame`,
    projectId: options.projectId,
    chainId: `eip155:${storage.getLastUsedChainId() ?? options.chainId}`,
  })
  try {
    await whenFrameReady(client, {
      authUrl: options.authUrl,
      projectId: options.projectId,
      pageOrigin: globalThis.location?.origin,
    })
  } catch (error) {
    client.destroy()
    throw error
  }
  // The frame's approval sheet and the auth service's mails follow the modal's locale, and its changes.
  const syncTheme = () =>
    void client.request('SYNC_THEME', { themeMode: options.themeMode(), locale: getLocale() }).catch(() => {})
  syncTheme()
  localeStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) syncTheme()
  })
  if (options.metadata) {
    const { name, description, url, icons } = options.metadata
    void client
      .request('SYNC_DAPP_DATA', {
        metadata: { name, description: description ?? '', url, icons: icons ?? [] },
        sdkVersion: SDK_VERSION,
        projectId: options.projectId,
      })
      .catch(() => {})
  }

  let email: string | undefined
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }

  /** Asks the frame for its session; a missing one clears the dApp-side login cache (spec §4). */
  const checkConnected = async () => {
    const { isConnected } = await client.request('IS_CONNECTED')
    storage.onConnectionCheck(isConnected)
    return isConnected
  }

  const accounts = async (): Promise<string[]> => {
    if (!(await checkConnected())) return []
    const user = await client.request('GET_USER', {
      chainId: storage.getLastUsedChainId() ?? options.chainId,
    })
    return [user.address]
  }

  /**
   * Before a transaction's approval sheet: the visitor hears at once that the account cannot pay its
   * value (or that the chain refuses it for want of funds) instead of opening a sheet that can only be
   * rejected. Anything else the chain says is left to the sheet, which also weighs the network fee.
   */
  const assertCanPay = async (params: unknown) => {
    const [tx] = Array.isArray(params) ? params : []
    const { from, value } = (tx ?? {}) as { from?: unknown; value?: unknown }
    if (typeof from !== 'string') return
    const read = (method: string, args: unknown[]) =>
      client.request('RPC_REQUEST', { method, params: args }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      )
    const [balance, estimate] = await Promise.all([
      read('eth_getBalance', [from, 'latest']),
      read('eth_estimateGas', [tx]),
    ])
    const owned =
      'result' in balance && typeof balance.result === 'string' ? BigInt(balance.result) : undefined
    const asked = typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : 0n
    if (
      (owned !== undefined && owned < asked) ||
      ('error' in estimate && isInsufficientFunds(estimate.error))
    ) {
      throw new ProviderRpcError(INSUFFICIENT_FUNDS_RPC_CODE, errorMessages.t('INSUFFICIENT_FUNDS'))
    }
  }

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_accounts':
          return accounts()
        case 'eth_requestAccounts': {
          const list = await accounts()
          if (list.length === 0) throw new ProviderRpcError(ProviderErrorCode.Unauthorized, 'Sign in first')
          return list
        }
        case 'eth_chainId': {
          const { chainId } = await client.request('GET_CHAIN_ID')
          return `0x${chainId.toString(16)}`
        }
        case 'wallet_switchEthereumChain': {
          const [target] = (params ?? []) as [{ chainId?: string }]
          const { chainId } = await client.request('SWITCH_NETWORK', { chainId: String(target?.chainId) })
          storage.setLastUsedChainId(chainId)
          emit('chainChanged', `0x${chainId.toString(16)}`)
          return null
        }
        // viem retries a refused eth_sendTransaction as this; unknown here, so the first refusal stands
        // (and no "not allowed" is shown for a request the dApp never made).
        case 'wallet_sendTransaction':
          throw new ProviderRpcError(ProviderErrorCode.MethodNotFound, `${method} is not supported`)
        // Permissions belong to injected wallets; the embedded wallet's session is its sign-in.
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
        case 'wallet_revokePermissions':
          return []
      }
      // A signing request waits for the visitor's answer in the frame's own approval sheet.
      const signing = NOT_SAFE_METHODS.has(method)
      if (method === 'eth_sendTransaction') await assertCanPay(params)
      // The frame handles messages in order: the sheet shows in the theme the modal has now.
      if (signing) syncTheme()
      const endWait = signing ? options.onSigningRequest({ method, params }) : undefined
      try {
        return await client.request(
          'RPC_REQUEST',
          { method, params: params as unknown[] | Record<string, unknown> | undefined },
          signing ? { timeoutMs: LONG_POLL_TIMEOUT_MS } : {},
        )
      } catch (error) {
        if (!(error instanceof FrameError)) throw error
        if (error.reason === 'NOT_ALLOWED') {
          options.onNotAllowed(method)
          throw new ProviderRpcError(ProviderErrorCode.Unauthorized, RPC_NOT_ALLOWED)
        }
        // Cancelled from the modal: to the dApp that is the visitor saying no.
        if (signing && (error.reason === 'ABORTED' || error.code === 'FRAME_ABORTED')) {
          throw new ProviderRpcError(ProviderErrorCode.UserRejectedRequest, 'User rejected the request.')
        }
        if (error.rpcCode !== undefined) throw new ProviderRpcError(error.rpcCode, error.message)
        throw error
      } finally {
        endWait?.()
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  return {
    async connectEmail(address) {
      const seconds = storage.emailCooldownSeconds(address)
      if (seconds > 0) {
        throw new PorticoError('AUTH_COOLDOWN', `A code went to this address less than ${seconds} s ago.`, {
          params: { n: seconds },
        })
      }
      const { action } = await coded(client.request('CONNECT_EMAIL', { email: address }))
      email = address
      storage.setLastEmailLoginTime(address)
      return action
    },
    async connectDevice() {
      await coded(client.request('CONNECT_DEVICE'))
    },
    async connectOtp(otp) {
      await coded(client.request('CONNECT_OTP', { otp }))
      if (email) storage.setLoginSuccess(email)
    },
    async socialRedirectUri(socialProvider) {
      return (await coded(client.request('GET_SOCIAL_REDIRECT_URI', { provider: socialProvider }))).uri
    },
    async connectSocial(uri) {
      const user = await coded(client.request('CONNECT_SOCIAL', { uri }))
      if (user.userName) storage.setSocialUsername(user.userName)
    },
    socialWindowClosed() {
      void client.request('SOCIAL_WINDOW_CLOSED').catch(() => {})
    },
    async farcasterUri() {
      const { uri, code } = await coded(client.request('GET_FARCASTER_URI'))
      return { uri, code }
    },
    async connectFarcaster() {
      const user = await coded(client.request('CONNECT_FARCASTER'))
      if (user.userName) storage.setSocialUsername(user.userName)
    },
    async connectPasskey() {
      // The visitor takes their time in the frame's sheet and the browser's prompt.
      await coded(client.request('CONNECT_PASSKEY', undefined, { timeoutMs: LONG_POLL_TIMEOUT_MS }))
    },
    async requestStepUp() {
      return (await coded(client.request('REQUEST_STEP_UP'))).email
    },
    async connectStepUpOtp(otp) {
      await coded(client.request('CONNECT_STEP_UP_OTP', { otp }))
    },
    isConnected: () => coded(checkConnected()),
    async getUser(chainId) {
      return toUserInfo(await coded(client.request('GET_USER', { chainId })))
    },
    async otherConnections(networks, chosen) {
      const clusters = networks.filter((network) => network.namespace === 'solana')
      const cluster = clusters.find((network) => network.chainId === chosen) ?? clusters[0]
      if (!cluster) return []
      const accounts = await client.request('RPC_REQUEST', { method: SOLANA_GET_ACCOUNTS }).catch(() => [])
      const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined
      const pubkey = first && typeof first === 'object' ? (first as { pubkey?: unknown }).pubkey : undefined
      // The kernel checks it is a Solana address (and that the dApp has the Solana adapter) before keeping it.
      if (typeof pubkey !== 'string') return []
      const connection: Connection = {
        namespace: 'solana',
        accounts: [pubkey],
        chainId: cluster.chainId,
        connectorId: AUTH_CONNECTOR_ID,
        connectorName: '',
      }
      return [connection]
    },
    async signOut() {
      await coded(client.request('SIGN_OUT'))
      storage.clearAll()
      emit('accountsChanged', [])
    },
    async updateEmail(address) {
      return (await coded(client.request('UPDATE_EMAIL', { email: address }))).action
    },
    async updateEmailPrimaryOtp(otp) {
      await coded(client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp }))
    },
    async resendUpdateEmailSecondaryOtp() {
      await coded(client.request('RESEND_UPDATE_EMAIL_SECONDARY_OTP'))
    },
    async updateEmailSecondaryOtp(otp) {
      const { newEmail } = await coded(client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp }))
      storage.setLoginSuccess(newEmail)
      return newEmail
    },
    async exportKey() {
      // The visitor takes their time in the wallet window: the wait is a sign-in's, not a quick call's.
      syncTheme()
      const { status } = await coded(
        client.request('EXPORT_KEY', undefined, { timeoutMs: LONG_POLL_TIMEOUT_MS }),
      )
      return status
    },
    async setPreferredAccount(type) {
      // An upgrade shows the wallet's sheet (in the modal's theme) and waits for the visitor and the chain.
      syncTheme()
      const answer = await coded(
        client.request('SET_PREFERRED_ACCOUNT', { type }, { timeoutMs: LONG_POLL_TIMEOUT_MS }),
      )
      return answer.type
    },
    async smartAccountNetworks() {
      try {
        const { smartAccountEnabledNetworks } = await client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
        storage.setSmartAccountEnabledNetworks(smartAccountEnabledNetworks)
        return smartAccountEnabledNetworks
      } catch {
        return []
      }
    },
    abortPending() {
      void client.request('RPC_ABORT').catch(() => {})
    },
    provider,
  }
}
