import type { Connection } from '../../connection/connection-controller.js'
import type { FeatureContext } from '../feature-context.js'
import type { SiweConfig } from './siwe-config.js'
import {
  createSiweController,
  SIWE_NAMESPACE,
  type SiweController,
  sessionMatches,
} from './siwe-controller.js'

type SiweFeatureContext = Pick<
  FeatureContext,
  | 'connection'
  | 'router'
  | 'modal'
  | 'events'
  | 'adapters'
  | 'addAfterConnectStep'
  | 'disconnect'
  | 'signMessage'
>

const isEvm = (candidate: Connection) => candidate.namespace === SIWE_NAMESPACE

/**
 * Sign-In With Ethereum: after a new EVM connection the modal shows ConnectingSiwe instead of closing,
 * unless the backend already has a session for that account and chain. A reload keeps the session; a
 * disconnect ends it; another account or network ends it and asks again (each as configured).
 * WalletConnect wallets with one-click auth sign in while pairing, and ConnectingSiwe is skipped.
 */
// The runtime checks the dApp's SIWE config with it before installing (zod's check may come later).
export { isSiweConfig } from './siwe-config.js'

export function installSiwe(context: SiweFeatureContext, config: SiweConfig): SiweController {
  const siwe = createSiweController(context, config)
  const { store } = siwe
  const known = loadKnownSession(context, config, siwe)
  // A wallet that supports it signs in as it pairs; the after-connect step then finds the session.
  // Its code loads with the pairing, not with the modal.
  const oneClick = () =>
    import('./one-click-sign-in.js').then((module) => module.createOneClickSignIn(config, store, known))
  context.adapters.extendContext({
    oneClickSignIn: {
      request: async () => (await oneClick()).request(),
      complete: async (signed) => (await oneClick()).complete(signed),
    },
  })
  context.addAfterConnectStep((next) => {
    if (!isEvm(next) || sessionMatches(store.getState().session, next)) return undefined
    store.setState({ status: 'ready' })
    return 'ConnectingSiwe'
  })
  followConnection(context, config, siwe, known)
  cancelOnClose(context, siwe)
  return siwe
}

/** The backend's session as the page loads: a returning visitor is signed in already. */
function loadKnownSession(
  { connection, router, modal }: SiweFeatureContext,
  config: SiweConfig,
  { store }: SiweController,
): Promise<void> {
  return config.getSession().then(
    (session) => {
      store.setState({ session: session ?? undefined, status: session ? 'success' : 'ready' })
      // A connection made before the answer came asked for a signature the session makes moot.
      const current = connection.store.getState().connection
      if (
        current &&
        sessionMatches(store.getState().session, current) &&
        router.current()?.view === 'ConnectingSiwe'
      ) {
        router.reset('Account')
        modal.close()
      }
    },
    () => {},
  )
}

/** Keeps the session with the connection: a reload, a disconnect, another account or network. */
function followConnection(
  { connection, modal, events }: SiweFeatureContext,
  config: SiweConfig,
  siwe: SiweController,
  known: Promise<void>,
) {
  const { store } = siwe
  const askAgain = () => {
    store.setState({ status: 'ready' })
    modal.open({ view: 'ConnectingSiwe' })
  }

  // A remembered connection (a reload): keep a matching session, otherwise ask for a signature.
  events.on('connected', ({ connection: confirmed, target }) => {
    if (target || !isEvm(confirmed)) return
    void known.then(async () => {
      const current = connection.store.getState().connection
      if (!current || current.accounts[0] !== confirmed.accounts[0]) return
      const { session } = store.getState()
      if (sessionMatches(session, current)) return
      if (session) await siwe.signOut().catch(() => {})
      askAgain()
    })
  })

  events.on('disconnected', () => {
    if (config.signOutOnDisconnect === false || !store.getState().session) {
      store.setState({ status: 'ready' })
      return
    }
    void siwe.signOut().catch(() => {})
  })

  const onSwitch =
    (signOutOnChange: boolean | undefined) =>
    async ({ connection: changed }: { connection: Connection }) => {
      const { session } = store.getState()
      if (!isEvm(changed) || signOutOnChange === false || !session || sessionMatches(session, changed)) return
      await siwe.signOut().catch(() => {})
      if (connection.store.getState().connection?.accounts[0] === changed.accounts[0]) askAgain()
    }
  events.on('accountChanged', onSwitch(config.signOutOnAccountChange))
  events.on('chainChanged', onSwitch(config.signOutOnNetworkChange))
}

/** Closing the modal on ConnectingSiwe without signing leaves, as its cancel does. */
function cancelOnClose({ connection, router, modal }: SiweFeatureContext, siwe: SiweController) {
  let wasOpen = modal.store.getState().open
  modal.store.subscribe((state) => {
    const closed = wasOpen && !state.open
    wasOpen = state.open
    if (!closed || router.current()?.view !== 'ConnectingSiwe') return
    if (connection.isConnected() && siwe.store.getState().status !== 'success') void siwe.cancel()
  })
}
