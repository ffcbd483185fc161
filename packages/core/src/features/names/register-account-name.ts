import { chainIdToCoinType } from '../../config/validation.js'
import type { Connection } from '../../connection/connection-controller.js'
import type { Store } from '../../store.js'
import type { FeatureContext } from '../feature-context.js'
import { accountNameLabel, accountNameProblem, fullAccountName } from './account-name-rule.js'
import type { NameLookup } from './name-lookup.js'
import type { NamesClient } from './names-client.js'
import { NamesError } from './names-errors.js'
import type { NameProfile } from './names-schemas.js'
import type { NamesState } from './names-state.js'

export type RegisterContext = Pick<
  FeatureContext,
  'connection' | 'network' | 'account' | 'router' | 'modal' | 'signMessage'
> & {
  client: NamesClient
  store: Store<NamesState>
  lookup: NameLookup
  now: () => number
}

/** The connected EVM account and its coin type, or the NamesError of what is missing. */
function registrant(
  { connection, network }: Pick<RegisterContext, 'connection' | 'network'>,
  label: string,
): { current: Connection; coinType: number } {
  const current = connection.store.getState().connection
  if (!current?.accounts[0] || !connection.isConnected()) throw new NamesError('account', undefined, label)
  if (
    current.namespace !== 'eip155' ||
    typeof current.chainId !== 'number' ||
    !network.getNetwork(current.chainId)
  )
    throw new NamesError('network', undefined, label)
  try {
    return { current, coinType: chainIdToCoinType(current.chainId) }
  } catch (cause) {
    throw new NamesError('network', undefined, label, { cause })
  }
}

/**
 * Back to the register view (under whatever the signing pushed on top), then on to `view`. An embedded
 * wallet's approval takes the modal over (and closes it when answered): then the modal opens on `view`.
 */
function showFromRegisterView(
  { router, modal }: Pick<RegisterContext, 'router' | 'modal'>,
  view: 'RegisterAccountName' | 'RegisterAccountNameSuccess',
) {
  const index = router.indexOf('RegisterAccountName')
  if (index < 0 || !modal.store.getState().open) return modal.open({ view })
  router.goBackToIndex(index)
  router.replace(view)
}

/** The wallet signs the registration message for `name`; the chain API verifies it and stores the name. */
async function signAndRegister(context: RegisterContext, label: string, name: string): Promise<NameProfile> {
  if (accountNameProblem(label)) throw new NamesError('register', undefined, name)
  const { current, coinType } = registrant(context, name)
  const address = current.accounts[0] as string
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(context.now() / 1000) })
  let signature: string
  try {
    signature = await context.signMessage(message)
  } catch (cause) {
    throw new NamesError('register', undefined, name, { cause })
  }
  let profile: NameProfile
  try {
    profile = await context.client.register({ coinType, address, message, signature })
  } catch (error) {
    throw new NamesError('register', error instanceof NamesError ? error.reason : undefined, name, {
      cause: error,
    })
  }
  // The visitor may have switched accounts while signing: only the registrant's own view changes.
  if (context.connection.store.getState().connection?.accounts[0] === address)
    context.account.setProfile({ name: profile.name, avatar: profile.attributes[0]?.avatar ?? null })
  return profile
}

/**
 * Registers `<label>.wcn.id` for the connected account and shows the success view; on failure the register
 * view shows again with the error (and the promise rejects with the NamesError).
 */
export async function registerAccountName(context: RegisterContext, input: string): Promise<NameProfile> {
  const { store, lookup } = context
  const label = accountNameLabel(input)
  const name = fullAccountName(label)
  lookup.cancel()
  store.setState({ registering: label, registerError: undefined, checking: false })
  try {
    const profile = await signAndRegister(context, label, name)
    store.setState({ registering: undefined, registered: profile.name, available: false })
    showFromRegisterView(context, 'RegisterAccountNameSuccess')
    return profile
  } catch (error) {
    const failure =
      error instanceof NamesError ? error : new NamesError('register', undefined, name, { cause: error })
    store.setState({ registering: undefined, registerError: failure })
    // The service refused the name itself (taken meanwhile, say): look it up again, so its state and
    // variants are today's, not those from before the attempt.
    if (failure.reason && failure.kind === 'register' && !accountNameProblem(label)) lookup.lookUpNow(label)
    showFromRegisterView(context, 'RegisterAccountName')
    throw failure
  }
}
