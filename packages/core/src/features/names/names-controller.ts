import { chainIdToCoinType } from '../../config/validation.js'
import type { Connection } from '../../connection/connection-controller.js'
import type { Store } from '../../store.js'
import type { FeatureContext } from '../feature-context.js'
import {
  ACCOUNT_NAME_SUFFIX,
  accountNameLabel,
  accountNameProblem,
  fullAccountName,
} from './account-name-rule.js'
import type { NamesClient } from './names-client.js'
import { NamesError } from './names-errors.js'
import type { NameProfile } from './names-schemas.js'
import type { NamesState } from './names-state.js'

export type { NamesState } from './names-state.js'

declare module '../../modal/router.js' {
  interface ViewRegistry {
    /** Enter a name to register. */
    RegisterAccountName: undefined
    RegisterAccountNameSuccess: undefined
  }
}

/** Spec §9: the default debounce; a lookup starts once the visitor stopped typing this long. */
export const NAME_LOOKUP_DEBOUNCE_MS = 500

export interface NamesController {
  store: Store<NamesState>
  /** The visitor typed: checks the rule at once, looks the name and its variants up once typing pauses. */
  setQuery(text: string): void
  /**
   * Registers `<label>.wcn.id` for the connected account: the wallet signs the registration message, the
   * chain API verifies it and stores the name; the account shows it and the modal shows the success view.
   * On failure the register view shows again with the error (and the promise rejects with the NamesError).
   */
  register(label: string): Promise<NameProfile>
  /** The profile of a name (with or without `.wcn.id`), or undefined when it is free. */
  resolveName(name: string): Promise<NameProfile | undefined>
  /** The names an address holds. */
  namesForAddress(address: string): Promise<NameProfile[]>
  /** Forgets the query and any outcome (a new visit of the register view starts clean). */
  reset(): void
}

export function createNamesController(
  kernel: Pick<FeatureContext, 'connection' | 'network' | 'account' | 'router' | 'modal' | 'signMessage'>,
  client: NamesClient,
  options: {
    /** The feature's store (it exists before this code loads) and the state a reset returns to. */
    store: Store<NamesState>
    initial: NamesState
    debounceMs?: number
    now?: () => number
  },
): NamesController {
  const { connection, network, account, router, modal } = kernel
  const debounceMs = options.debounceMs ?? NAME_LOOKUP_DEBOUNCE_MS
  const now = options.now ?? Date.now
  const { store, initial } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Counts lookups, so an answer to an older query is dropped. */
  let lookupId = 0

  async function lookUp(label: string, id: number) {
    try {
      const [own, ...variants] = await client.suggestions(label)
      if (id !== lookupId) return
      const name = fullAccountName(label)
      store.setState({
        checking: false,
        available: own?.name.toLowerCase() === name ? !own.registered : undefined,
        suggestions: variants.filter((variant) => !variant.registered),
        lookupError: undefined,
      })
    } catch (error) {
      if (id !== lookupId) return
      store.setState({
        checking: false,
        available: undefined,
        suggestions: [],
        lookupError: error instanceof NamesError ? error : new NamesError('suggestions', undefined, label),
      })
    }
  }

  function setQuery(text: string) {
    clearTimeout(timer)
    const label = accountNameLabel(text)
    const problem = text.trim() === '' ? undefined : accountNameProblem(label)
    const id = ++lookupId
    const lookupPending = text.trim() !== '' && problem === undefined
    store.setState({
      query: text,
      problem,
      checking: lookupPending,
      available: undefined,
      suggestions: lookupPending ? store.getState().suggestions : [],
      lookupError: undefined,
      registerError: undefined,
    })
    if (lookupPending) timer = setTimeout(() => void lookUp(label, id), debounceMs)
  }

  /** The connected EVM account and its coin type, or the NamesError of what is missing. */
  function registrant(label: string): { current: Connection; coinType: number } {
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
  function showFromRegisterView(view: 'RegisterAccountName' | 'RegisterAccountNameSuccess') {
    const index = router.indexOf('RegisterAccountName')
    if (index < 0 || !modal.store.getState().open) return modal.open({ view })
    router.goBackToIndex(index)
    router.replace(view)
  }

  async function register(input: string): Promise<NameProfile> {
    const label = accountNameLabel(input)
    const name = fullAccountName(label)
    clearTimeout(timer)
    lookupId++
    store.setState({ registering: label, registerError: undefined, checking: false })
    try {
      if (accountNameProblem(label)) throw new NamesError('register', undefined, name)
      const { current, coinType } = registrant(name)
      const address = current.accounts[0] as string
      const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(now() / 1000) })
      let signature: string
      try {
        signature = await kernel.signMessage(message)
      } catch (cause) {
        throw new NamesError('register', undefined, name, { cause })
      }
      let profile: NameProfile
      try {
        profile = await client.register({ coinType, address, message, signature })
      } catch (error) {
        throw error instanceof NamesError
          ? new NamesError('register', error.reason, name, { cause: error })
          : new NamesError('register', undefined, name, { cause: error })
      }
      // The visitor may have switched accounts while signing: only the registrant's own view changes.
      if (connection.store.getState().connection?.accounts[0] === address)
        account.setProfile({ name: profile.name, avatar: profile.attributes[0]?.avatar ?? null })
      store.setState({ registering: undefined, registered: profile.name, available: false })
      showFromRegisterView('RegisterAccountNameSuccess')
      return profile
    } catch (error) {
      const failure =
        error instanceof NamesError ? error : new NamesError('register', undefined, name, { cause: error })
      store.setState({ registering: undefined, registerError: failure })
      // The service refused the name itself (taken meanwhile, say): look it up again, so its state and
      // variants are today's, not those from before the attempt.
      if (failure.reason && failure.kind === 'register' && !accountNameProblem(label)) {
        store.setState({ checking: true })
        void lookUp(label, ++lookupId)
      }
      showFromRegisterView('RegisterAccountName')
      throw failure
    }
  }

  return {
    store,
    setQuery,
    register,
    async resolveName(name) {
      const label = accountNameLabel(name)
      if (accountNameProblem(label)) throw new NamesError('resolve', undefined, name)
      return client.lookup(`${label}${ACCOUNT_NAME_SUFFIX}`)
    },
    namesForAddress: (address) => client.reverse(address),
    reset() {
      clearTimeout(timer)
      lookupId++
      store.setState({ ...initial })
    },
  }
}
