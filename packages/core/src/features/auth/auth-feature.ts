import { type AuthController, createAuthController } from '../../auth-controller.js'
import type { ChainId } from '../../caip.js'
import { defaultEvmChainId } from '../../config.js'
import type { Connection } from '../../connection-controller.js'
import { AUTH_CONNECTOR_ID } from '../../connector.js'
import type { Kernel } from '../../kernel/kernel.js'
import { t } from '../../messages.js'

/** The embedded wallet connects as an EVM account held by the wallet frame... */
const EMBEDDED_WALLET_NAMESPACE = 'eip155'
/** ...with a Solana account beside it, derived in the frame from the same key. */
const SOLANA_NAMESPACE = 'solana'

/**
 * E-mail and social sign-in: once the wallet frame has a session, its wallet connects through the
 * kernel's connect path as the AUTH connector, shown under the signed-in e-mail or user name.
 */
export function installAuth(kernel: Kernel): AuthController {
  const { config, storage, router, modal, toast } = kernel
  const auth = createAuthController({
    backendOptions: {
      authUrl: config.authUrl,
      projectId: config.projectId,
      // The embedded wallet is an EVM account: it starts on the dApp's default EVM chain.
      chainId: defaultEvmChainId(config),
      themeMode: () => kernel.theme.store.getState().themeMode,
      metadata: config.metadata,
      storage,
    },
    load: (backendOptions) =>
      import('../../frame-auth-backend.js').then((module) => module.createFrameAuthBackend(backendOptions)),
    router,
    modal,
    toast,
    onLoggedIn: () =>
      kernel.connectWith({
        target: { connectorId: AUTH_CONNECTOR_ID, name: t('emailLabel') },
        namespace: EMBEDDED_WALLET_NAMESPACE,
        // The sign-in views show what went wrong in their own forms.
        toastErrors: false,
        async run(adapter, chainId) {
          const approved = await kernel.withWalletTimeout(
            adapter.connect(AUTH_CONNECTOR_ID, { chainId }),
            'eth_requestAccounts',
          )
          const [user, also] = await Promise.all([loadUser(approved.chainId), solanaHalf(chainId)])
          return {
            connection: { ...approved, also },
            label: user.email ?? user.userName ?? t('emailLabel'),
          }
        },
      }),
  })

  const loadUser = async (chainId: ChainId) => {
    const user = await (await auth.backend()).getUser(
      typeof chainId === 'number' ? chainId : defaultEvmChainId(config),
    )
    auth.setUser({ email: user.email, userName: user.userName, socialProvider: user.socialProvider })
    return user
  }

  /**
   * The embedded wallet's Solana account, when the dApp has Solana networks, on the cluster the visitor
   * chose (else the first): the kernel keeps it beside the EVM account, so switching to Solana needs no
   * Connect view. Without it the sign-in still succeeds, on EVM alone.
   */
  const solanaHalf = async (chosen: ChainId | undefined): Promise<Connection[]> => {
    const clusters = config.networks.filter((network) => network.namespace === SOLANA_NAMESPACE)
    const cluster = clusters.find((network) => network.chainId === chosen) ?? clusters[0]
    if (!cluster || !kernel.adapters.namespaces.includes(SOLANA_NAMESPACE)) return []
    const address = await (await auth.backend()).solanaAddress().catch(() => undefined)
    if (!address) return []
    return [
      {
        namespace: SOLANA_NAMESPACE,
        accounts: [address],
        chainId: cluster.chainId,
        connectorId: AUTH_CONNECTOR_ID,
        connectorName: '',
      },
    ]
  }

  kernel.adapters.extendContext({ authProvider: () => auth.provider() })
  kernel.setConnectorHooks(AUTH_CONNECTOR_ID, {
    // A remembered embedded-wallet session needs its frame (only then is the frame loaded at start).
    beforeReconnect: () => auth.backend().then(() => {}),
    afterReconnect: (connection) => loadUser(connection.chainId).then(() => {}),
    beforeDisconnect: () => auth.signOut(),
  })
  return auth
}
