import type { Kernel } from '../../kernel/kernel.js'
import { createStore } from '../../store.js'
import type { NamesController } from './names-controller.js'
import { INITIAL_NAMES_STATE, type NamesState } from './names-state.js'

/**
 * Account names (`<name>.wcn.id`): any connected EVM wallet registers one by signing a message; the
 * button and the Account view show it through the account's profile. A new account starts clean.
 * The controller, its API client and schemas load on first use (the register view, a name typed into
 * Send), not with the modal: the store views read exists from the start.
 */
export function installNames(kernel: Kernel): NamesController {
  const store = createStore<NamesState>({ ...INITIAL_NAMES_STATE })
  let loading: Promise<NamesController> | undefined
  let loaded: NamesController | undefined
  const controller = () =>
    (loading ??= Promise.all([import('./names-controller.js'), import('./names-client.js')])
      .then(([{ createNamesController }, { createNamesClient }]) =>
        createNamesController(
          kernel,
          createNamesClient({ baseUrl: kernel.config.chainApiUrl, projectId: kernel.config.projectId }),
          { store, initial: INITIAL_NAMES_STATE },
        ),
      )
      .then((controller) => {
        loaded = controller
        return controller
      }))
  const names: NamesController = {
    store,
    setQuery: (text) => {
      if (loaded) return loaded.setQuery(text)
      // The field shows what is typed at once; the rule and the lookups follow with their code (it loads
      // as an account connects, so this is only a connection's first moments).
      store.setState({ query: text })
      void controller().then((ready) => ready.setQuery(text))
    },
    register: (label) => controller().then((ready) => ready.register(label)),
    resolveName: (name) => controller().then((ready) => ready.resolveName(name)),
    namesForAddress: (address) => controller().then((ready) => ready.namesForAddress(address)),
    reset: () => {
      if (loading) void loading.then((ready) => ready.reset())
      else store.setState({ ...INITIAL_NAMES_STATE })
    },
  }
  // Only a connected account registers or resolves: its code loads once one connects, off the opening.
  kernel.events.on('connected', () => void controller())
  kernel.events.on('disconnected', () => names.reset())
  kernel.events.on('accountChanged', () => names.reset())
  return names
}
