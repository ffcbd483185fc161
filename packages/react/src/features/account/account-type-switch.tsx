import type { ChainId } from '@portico/core'
import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

const selectType = (state: AuthState) => state.preferredAccountType
const selectNetworks = (state: AuthState) => state.smartAccountNetworks
const selectPending = (state: AuthState) => state.accountTypePending === true
const selectInPlace = (state: AuthState) => state.upgradedInPlace === true

/**
 * The embedded wallet's switch between its EOA and its smart account (the key's own counterfactual ERC-4337
 * account, another address), where the chain has smart accounts. The address shown follows; a refusal
 * leaves the EOA, with a toast (spec §4).
 */
export function AccountTypeSwitch({ chainId }: { chainId: ChainId | undefined }) {
  const portico = usePortico()
  const type = useStore(portico.auth.store, selectType)
  const networks = useStore(portico.auth.store, selectNetworks)
  const pending = useStore(portico.auth.store, selectPending)
  const inPlace = useStore(portico.auth.store, selectInPlace)
  // An EOA upgraded through EIP-7702 is its own smart account: there is nothing to switch to.
  if (inPlace || typeof chainId !== 'number' || !networks?.includes(chainId)) return null
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  return (
    <button
      type="button"
      className="pill plain"
      data-testid="switch-account-type"
      data-next-type={next}
      aria-disabled={pending}
      aria-busy={pending}
      onClick={() => {
        if (pending) return
        // Another address: its balance is read afresh once the wallet has answered.
        void portico.auth
          .setPreferredAccountType(next)
          .then(() => portico.refreshBalance({ forceUpdate: true }))
          .catch(() => {})
      }}
    >
      {next === 'smartAccount' ? t('switchToSmartAccount') : t('switchToEoa')}
    </button>
  )
}
