import { createStore } from '../../store.js'
import type { FeatureContext } from '../feature-context.js'
import type { NamesController } from './names-controller.js'
import { INITIAL_NAMES_STATE, type NamesState } from './names-state.js'

/**
 * Account names (`<name>.wcn.id`): any connected EVM wallet registers one by signing a message; the
 * button and the Account view show it through the account's profile. A new account starts clean.
 * The controller, its API client and schemas load on first use (the register view, a name typed into
 * Send), not with the modal: the store views read exists from the start.
 */
export function installNames(
  context: Pick<
    FeatureContext,
    'config' | 'events' | 'connection' | 'network' | 'account' | 'router' | 'modal' | 'signMessage'
  >,
): NamesController {
  const store = createStore<NamesState>({ ...INITIAL_NAMES_STATE })
  let loading: Promise<NamesController> | undefined
  let loaded: NamesController | undefined
  const controller = () =>
    (loading ??= Promise.all([import('./names-controller.js'), import('./names-client.js')])
      .then(([{ createNamesController }, { createNamesClient }]) =>
        createNamesController(
          context,
          createNamesClient({ baseUrl: context.config.chainApiUrl, projectId: context.config.projectId }),
          { store, initial: INITIAL_NAMES_STATE },
        ),
      )
      .then(
        (controller) => {
          loaded = controller
          return controller
        },
        (error: unknown) => {
          // A chunk that failed to load may load on the next use.
          loading = undefined
          throw error
        },
      ))
  const names: NamesController = {
    store,
    setQuery: (text) => {
      if (loaded) return loaded.setQuery(text)
      // The field shows what is typed at once; the rule and the lookups follow with their code (it loads
      // as an account connects, so this is only a connection's first moments).
      store.setState({ query: text })
      controller().then(
        (ready) => ready.setQuery(text),
        () => {},
      )
    },
    register: (label) => controller().then((ready) => ready.register(label)),
    resolveName: (name) => controller().then((ready) => ready.resolveName(name)),
    namesForAddress: (address) => controller().then((ready) => ready.namesForAddress(address)),
    reset: () => {
      if (loading)
        loading.then(
          (ready) => ready.reset(),
          () => {},
        )
      else store.setState({ ...INITIAL_NAMES_STATE })
    },
  }
  // Only a connected account registers or resolves: its code loads once one connects, off the opening.
  // A warm-up that fails is retried when the visitor uses names.
  context.events.on('connected', () => void controller().catch(() => {}))
  context.events.on('disconnected', () => names.reset())
  context.events.on('accountChanged', () => names.reset())
  return names
}
