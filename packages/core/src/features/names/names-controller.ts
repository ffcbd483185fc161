import type { Store } from '../../store.js'
import type { FeatureContext } from '../feature-context.js'
import { ACCOUNT_NAME_SUFFIX, accountNameLabel, accountNameProblem } from './account-name-rule.js'
import { createNameLookup } from './name-lookup.js'
import type { NamesClient } from './names-client.js'
import { NamesError } from './names-errors.js'
import type { NameProfile } from './names-schemas.js'
import type { NamesState } from './names-state.js'
import { type RegisterContext, registerAccountName } from './register-account-name.js'

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
  const { store, initial } = options
  const lookup = createNameLookup(store, client, options.debounceMs ?? NAME_LOOKUP_DEBOUNCE_MS)
  const context: RegisterContext = { ...kernel, client, store, lookup, now: options.now ?? Date.now }
  return {
    store,
    setQuery: lookup.setQuery,
    register: (label) => registerAccountName(context, label),
    async resolveName(name) {
      const label = accountNameLabel(name)
      if (accountNameProblem(label)) throw new NamesError('resolve', undefined, name)
      return client.lookup(`${label}${ACCOUNT_NAME_SUFFIX}`)
    },
    namesForAddress: (address) => client.reverse(address),
    reset() {
      lookup.cancel()
      store.setState({ ...initial })
    },
  }
}
