import { errorMessage, toCataloguedError } from '../errors/error-message.js'
import type { AuthState } from './auth-controller-types.js'
import type { AuthFlow } from './auth-flow.js'

/**
 * Sets the account type (falling back to EOA when refused or failed, with a toast that says why), then
 * shows the next step: signing in with the wallet when the dApp asks for it, else the account. The smart
 * account is the key's counterfactual one (another address); `sameAddress` upgrades the EOA (EIP-7702).
 */
export async function setPreferredAccountType(
  flow: AuthFlow,
  type: AuthState['preferredAccountType'],
  { sameAddress = false }: { sameAddress?: boolean } = {},
) {
  const { options, patch } = flow
  const wallet = await flow.backend()
  patch({ accountTypePending: true })
  try {
    // Spec §4: smart-account networks fall back to [] and the preferred account to EOA on error.
    const networks =
      type === 'smartAccount' ? await wallet.smartAccountNetworks().catch((): number[] => []) : undefined
    if (networks) patch({ smartAccountNetworks: networks })
    let granted: AuthState['preferredAccountType'] = 'eoa'
    if (type === 'eoa' || (networks && networks.length > 0)) {
      try {
        granted = sameAddress
          ? await wallet.setPreferredAccount(type, { sameAddress: true })
          : await wallet.setPreferredAccount(type)
      } catch (error) {
        // Rejected in the wallet window, or the upgrade failed: the visitor is told which.
        options.toast.show('error', errorMessage(toCataloguedError(error)))
      }
    }
    // Only the wallet's answer changes what the account is; a refusal leaves it as it was. An EOA that
    // runs the smart-account code (EIP-7702) stays a smart account when asked back to an EOA.
    const inPlace = granted === 'smartAccount' && (sameAddress || type === 'eoa')
    patch({
      preferredAccountType: granted,
      // An upgraded EOA runs the code at once; a counterfactual account is deployed by its first operation.
      smartAccountDeployed: inPlace,
      upgradedInPlace: inPlace,
    })
  } finally {
    patch({ accountTypePending: false })
  }
  options.router.reset(options.afterAccountType?.() ?? 'Account')
}

/** Reads the chains where the account can become a smart account into `smartAccountNetworks`. */
export async function loadSmartAccountNetworks(flow: AuthFlow) {
  const networks = await (await flow.backend()).smartAccountNetworks().catch((): number[] => [])
  flow.patch({ smartAccountNetworks: networks })
}
