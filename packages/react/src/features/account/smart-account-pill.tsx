import type { ChainId } from '@portico/core'
import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

const selectDeployed = (state: AuthState) => state.smartAccountDeployed
const selectType = (state: AuthState) => state.preferredAccountType
const selectNetworks = (state: AuthState) => state.smartAccountNetworks
const selectPending = (state: AuthState) => state.accountTypePending === true

/**
 * The embedded wallet's account type beside the network: "Smart account" once the account runs the
 * smart-account code on this chain (EIP-7702, same address), else the upgrade where the chain offers it.
 * The visitor approves the upgrade in the wallet's own window; the button says so while it waits.
 */
export function SmartAccountPill({ chainId }: { chainId: ChainId | undefined }) {
  const portico = usePortico()
  const deployed = useStore(portico.auth.store, selectDeployed)
  const networks = useStore(portico.auth.store, selectNetworks)
  const pending = useStore(portico.auth.store, selectPending)
  const type = useStore(portico.auth.store, selectType)
  // The smart account (upgraded EOA, or the counterfactual account even before its first operation).
  if (deployed || type === 'smartAccount') {
    return (
      <span className="pill plain static" data-testid="smart-account-label">
        {t('smartAccount')}
      </span>
    )
  }
  if (typeof chainId !== 'number' || !networks?.includes(chainId)) return null
  return (
    <button
      type="button"
      className="pill plain"
      data-testid="upgrade-smart-account"
      // Kept focusable while pending (aria-disabled, not disabled): focus stays where the visitor was.
      aria-disabled={pending}
      aria-busy={pending}
      onClick={() => {
        if (pending) return
        // The upgrade's fee came out of the balance: read it afresh once the wallet has answered.
        void portico.auth
          .setPreferredAccountType('smartAccount', { sameAddress: true })
          .then(() => portico.refreshBalance({ forceUpdate: true }))
          .catch(() => {})
      }}
    >
      {pending ? t('upgradingAccount') : t('upgradeToSmartAccount')}
    </button>
  )
}
