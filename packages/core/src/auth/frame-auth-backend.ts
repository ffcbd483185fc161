import { type EmbeddedUser, SOLANA_GET_ACCOUNTS } from '@portico/wire'
import type { Connection } from '../connection/connection-controller.js'
import { AUTH_CONNECTOR_ID } from '../connection/connector.js'
import { getLocale, localeStore } from '../i18n/locale.js'
import type { AuthBackend, AuthBackendOptions, AuthUserInfo } from './auth-backend.js'
import { frameAccountSteps } from './frame-account-steps.js'
import { createFrameClient, type FrameClient } from './frame-client.js'
import { whenFrameReady } from './frame-load-check.js'
import { checkConnected, createFrameProvider } from './frame-provider.js'
import { coded, frameSignInSteps } from './frame-sign-in-steps.js'
import { createFrameStorage } from './frame-storage.js'

const SDK_VERSION = 'portico-0.1.0'

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
  // A counterfactual smart account is listed beside its owner EOA; an upgraded EOA is the one account.
  upgradedInPlace:
    user.preferredAccountType === 'smartAccount' &&
    user.accounts.every((account) => account.address.toLowerCase() === user.address.toLowerCase()),
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
  const syncTheme = syncFrameWithModal(client, options)
  const provider = createFrameProvider({ ...options, client, storage, syncTheme })
  return {
    ...frameSignInSteps(client, storage),
    ...frameAccountSteps(client, storage, syncTheme, (address) =>
      provider.emit('accountsChanged', [address]),
    ),
    isConnected: () => coded(checkConnected({ client, storage })),
    async getUser(chainId) {
      return toUserInfo(await coded(client.request('GET_USER', { chainId })))
    },
    otherConnections: (networks, chosen) => solanaConnections(client, networks, chosen),
    async signOut() {
      await coded(client.request('SIGN_OUT'))
      storage.clearAll()
      provider.emit('accountsChanged', [])
    },
    abortPending() {
      void client.request('RPC_ABORT').catch(() => {})
    },
    provider,
  }
}

/**
 * Tells the frame the dApp's metadata, and the modal's theme and locale now and on every locale change:
 * its approval sheet and the auth service's mails follow them. Returns the theme sync for later sheets.
 */
function syncFrameWithModal(client: FrameClient, options: AuthBackendOptions) {
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
  return syncTheme
}

/** The embedded wallet's Solana account, where the dApp has a Solana network (the chosen one, or the first). */
async function solanaConnections(
  client: FrameClient,
  networks: Parameters<AuthBackend['otherConnections']>[0],
  chosen: Parameters<AuthBackend['otherConnections']>[1],
): Promise<Connection[]> {
  const clusters = networks.filter((network) => network.namespace === 'solana')
  const cluster = clusters.find((network) => network.chainId === chosen) ?? clusters[0]
  if (!cluster) return []
  const accounts = await client.request('RPC_REQUEST', { method: SOLANA_GET_ACCOUNTS }).catch(() => [])
  const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined
  const pubkey = first && typeof first === 'object' ? (first as { pubkey?: unknown }).pubkey : undefined
  // The kernel checks it is a Solana address (and that the dApp has the Solana adapter) before keeping it.
  if (typeof pubkey !== 'string') return []
  return [
    {
      namespace: 'solana',
      accounts: [pubkey],
      chainId: cluster.chainId,
      connectorId: AUTH_CONNECTOR_ID,
      connectorName: '',
    },
  ]
}
