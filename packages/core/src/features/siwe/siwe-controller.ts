import type { Connection } from '../../connection/connection-controller.js'
import { normalizeError } from '../../errors/normalize-error.js'
import { createStore, type Store } from '../../store.js'
import type { FeatureContext } from '../feature-context.js'
import type { SiweConfig, SiweMessageParams, SiweSession } from './siwe-config.js'

/** The namespace SIWE signs in on. */
export const SIWE_NAMESPACE = 'eip155'

/**
 * `ready`: waiting for the visitor to sign; `signing`: the wallet or the backend is at it; `success`:
 * signed in; `rejected`: the visitor declined in the wallet; `error`: the backend refused or failed.
 */
export type SiweStatus = 'ready' | 'signing' | 'success' | 'rejected' | 'error'

export interface SiweState {
  status: SiweStatus
  session: SiweSession | undefined
}

export interface SiweController {
  store: Store<SiweState>
  /** Nonce, message, the wallet's signature, the backend's check; on success the modal closes. */
  signIn(): Promise<void>
  /** Leaves without signing in: the wallet disconnects (the dApp asked for a signed-in visitor). */
  cancel(): Promise<void>
  /** Ends the backend's session (the wallet stays connected). */
  signOut(): Promise<void>
}

/** Whether the session belongs to this connection's account and chain. */
export function sessionMatches(session: SiweSession | undefined, connection: Connection): boolean {
  return (
    session !== undefined &&
    session.address.toLowerCase() === connection.accounts[0]?.toLowerCase() &&
    session.chainId === connection.chainId
  )
}

/** The page's own host and origin, the message's default domain and URI. */
export function pageMessageParams(): SiweMessageParams {
  const location = globalThis.location
  return { domain: location?.host ?? '', uri: location?.origin ?? '' }
}

export function createSiweController(
  context: Pick<FeatureContext, 'connection' | 'router' | 'modal' | 'disconnect' | 'signMessage'>,
  config: SiweConfig,
): SiweController {
  const { connection, router, modal } = context
  const store = createStore<SiweState>({ status: 'ready', session: undefined })
  let attempt = 0

  async function signIn() {
    const current = connection.store.getState().connection
    if (!current || current.namespace !== SIWE_NAMESPACE || typeof current.chainId !== 'number') return
    const chainId = current.chainId
    const mine = ++attempt
    // A newer attempt, a disconnect or another account makes this one's outcome moot.
    const stillCurrent = () =>
      mine === attempt && connection.store.getState().connection?.accounts[0] === current.accounts[0]
    store.setState({ status: 'signing' })
    try {
      const address = current.accounts[0] as string
      const nonce = await config.getNonce(address)
      const params = (await config.getMessageParams?.()) ?? pageMessageParams()
      const issuedAt = new Date()
      const message = config.createMessage({
        ...params,
        address,
        chainId,
        nonce,
        version: '1',
        issuedAt: issuedAt.toISOString(),
        expirationTime:
          params.expiry === undefined
            ? undefined
            : new Date(issuedAt.getTime() + params.expiry * 1_000).toISOString(),
      })
      // The visitor reads the message and answers in their wallet (or the embedded wallet's own window) at
      // their own pace: no RPC time-out races it. Cancel, a disconnect or another account ends the wait.
      const signature = await context.signMessage(message)
      if (!stillCurrent()) return
      if (!(await config.verifyMessage({ message, signature })))
        throw new Error('The backend refused the signature.')
      const session = await config.getSession()
      if (!stillCurrent()) return
      if (!session || !sessionMatches(session, current)) throw new Error('The backend has no session.')
      store.setState({ status: 'success', session })
      config.onSignIn?.(session)
      if (router.current()?.view === 'ConnectingSiwe') {
        router.reset('Account')
        modal.close()
      }
    } catch (error) {
      if (!stillCurrent()) return
      const rejected = normalizeError(error, 'personal_sign').code === 'USER_REJECTED'
      store.setState({ status: rejected ? 'rejected' : 'error' })
    }
  }

  async function signOut() {
    attempt++
    const hadSession = store.getState().session !== undefined
    store.setState({ status: 'ready', session: undefined })
    try {
      await config.signOut()
    } finally {
      if (hadSession) config.onSignOut?.()
    }
  }

  return {
    store,
    signIn,
    cancel: () => {
      attempt++
      store.setState({ status: 'ready' })
      return context.disconnect()
    },
    signOut,
  }
}
