import type { AuthUserInfo } from '../../auth/auth-backend.js'
import { type AuthController, createAuthController } from '../../auth/auth-controller.js'
import { defaultEvmChainId } from '../../config/config.js'
import type { ChainId } from '../../connection/caip.js'
import { AUTH_CONNECTOR_ID } from '../../connection/connector.js'
import { t } from '../../i18n/messages.js'
import type { FeatureContext } from '../feature-context.js'

/** Long enough to read a sentence that explains a sign-out the visitor did not ask for. */
const SESSION_LOST_TOAST_MS = 10_000

/** The embedded wallet connects as an EVM account held by the wallet frame (a Solana one beside it). */
const EMBEDDED_WALLET_NAMESPACE = 'eip155'

/**
 * E-mail and social sign-in: once the wallet frame has a session, its wallet connects through the
 * kernel's connect path as the AUTH connector, shown under the signed-in e-mail or user name.
 */
export function installAuth(
  context: Pick<
    FeatureContext,
    | 'config'
    | 'storage'
    | 'router'
    | 'modal'
    | 'toast'
    | 'theme'
    | 'connection'
    | 'events'
    | 'adapters'
    | 'afterConnectView'
    | 'connectWith'
    | 'setConnectorHooks'
    | 'withWalletTimeout'
  >,
): AuthController {
  const { config, storage, router, modal, toast } = context
  const auth = createAuthController({
    backendOptions: {
      authUrl: config.authUrl,
      projectId: config.projectId,
      // The embedded wallet is an EVM account: it starts on the dApp's default EVM chain.
      chainId: defaultEvmChainId(config),
      themeMode: () => context.theme.store.getState().themeMode,
      metadata: config.metadata,
      storage,
    },
    load: (backendOptions) =>
      import('../../auth/frame-auth-backend.js').then((module) =>
        module.createFrameAuthBackend(backendOptions),
      ),
    router,
    modal,
    toast,
    // Signing in with the wallet comes next when the dApp asks for it (spec §6), as after a connection.
    afterAccountType: () => {
      const current = context.connection.store.getState().connection
      return current ? context.afterConnectView(current) : undefined
    },
    onLoggedIn: () => connectEmbeddedWallet(context, auth, loadUser),
  })

  const loadUser = async (chainId: ChainId) => {
    const user = await (await auth.backend()).getUser(
      typeof chainId === 'number' ? chainId : defaultEvmChainId(config),
    )
    const { email, userName, socialProvider, address: _address, chainId: _chainId, ...accountType } = user
    auth.setUser({ email, userName, socialProvider })
    auth.setAccountType(accountType)
    // Where the account could become a smart account: read beside, never holding up the connection.
    void auth.loadSmartAccountNetworks()
    return user
  }

  // The account type is per chain (an EIP-7702 delegation is): read again on another EVM network.
  context.events.on('chainChanged', ({ connection }) => {
    if (connection.connectorId !== AUTH_CONNECTOR_ID || connection.namespace !== EMBEDDED_WALLET_NAMESPACE)
      return
    void loadUser(connection.chainId).catch(() => {})
  })
  context.adapters.extendContext({ authProvider: () => auth.provider() })
  context.setConnectorHooks(AUTH_CONNECTOR_ID, {
    // A remembered embedded-wallet session needs its frame (only then is the frame loaded at start).
    beforeReconnect: () => auth.backend().then(() => {}),
    afterReconnect: (connection) => loadUser(connection.chainId).then(() => {}),
    // The wallet frame held no session after a reload (a browser that does not keep a cross-site frame's
    // storage): the visitor saw the address a moment ago, so say what happened and open the sign-in.
    reconnectLost: (remembered) => {
      modal.open({ view: 'Connect' })
      toast.show('error', t('sessionNotRestored', { who: remembered.connectorName }), {
        durationMs: SESSION_LOST_TOAST_MS,
      })
    },
    beforeDisconnect: () => auth.signOut(),
  })
  return auth
}

/**
 * Connects the signed-in frame's wallet through the kernel's connect path as the AUTH connector, labelled
 * with the visitor's e-mail or user name, its Solana account kept beside it.
 */
function connectEmbeddedWallet(
  context: Pick<FeatureContext, 'config' | 'connectWith' | 'withWalletTimeout'>,
  auth: AuthController,
  loadUser: (chainId: ChainId) => Promise<AuthUserInfo>,
) {
  return context.connectWith({
    target: { connectorId: AUTH_CONNECTOR_ID, name: t('emailLabel') },
    namespace: EMBEDDED_WALLET_NAMESPACE,
    // The sign-in views show what went wrong in their own forms.
    reportsOwnErrors: true,
    async run(adapter, chainId) {
      const approved = await context.withWalletTimeout(
        adapter.connect(AUTH_CONNECTOR_ID, { chainId }),
        'eth_requestAccounts',
      )
      // Its Solana account too, kept beside it: switching to Solana then needs no Connect view.
      const [user, also] = await Promise.all([
        loadUser(approved.chainId),
        auth.backend().then((backend) => backend.otherConnections(context.config.networks, chainId)),
      ])
      return {
        connection: { ...approved, also },
        label: user.email ?? user.userName ?? t('emailLabel'),
      }
    },
  })
}
