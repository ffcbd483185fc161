import type { OneClickSignIn } from '../../connection/chain-adapter.js'
import type { Store } from '../../store.js'
import type { SiweConfig } from './siwe-config.js'
import { pageMessageParams, type SiweState } from './siwe-controller.js'

/**
 * Signing in as the wallet pairs (WalletConnect's one-click auth): the message's fields come from the
 * dApp's config as for ConnectingSiwe, the wallet formats and signs it, the dApp's backend checks it.
 * A signed-in store lets the after-connect step skip ConnectingSiwe.
 */
export function createOneClickSignIn(
  config: SiweConfig,
  store: Store<SiweState>,
  /** The backend's session as the page loaded: read before, so its late answer cannot undo this sign-in. */
  loaded: Promise<unknown>,
): OneClickSignIn {
  return {
    async request() {
      const nonce = await config.getNonce()
      const params = (await config.getMessageParams?.()) ?? pageMessageParams()
      return {
        domain: params.domain,
        uri: params.uri,
        nonce,
        statement: params.statement,
        resources: params.resources,
        expirationTime:
          params.expiry === undefined
            ? undefined
            : new Date(Date.now() + params.expiry * 1_000).toISOString(),
      }
    },
    async complete({ message, signature, address, chainId }) {
      await loaded
      try {
        if (!(await config.verifyMessage({ message, signature }))) return false
        const session = await config.getSession()
        // The backend must have opened the session the wallet signed for, not another one.
        if (session?.address.toLowerCase() !== address.toLowerCase() || session.chainId !== chainId)
          return false
        store.setState({ status: 'success', session })
        config.onSignIn?.(session)
        return true
      } catch {
        // A refused or failed check leaves the usual sign-in step, where the visitor can try again.
        return false
      }
    },
  }
}
