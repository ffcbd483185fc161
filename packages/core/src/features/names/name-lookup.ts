import type { Store } from '../../store.js'
import { accountNameLabel, accountNameProblem, fullAccountName } from './account-name-rule.js'
import type { NamesClient } from './names-client.js'
import { NamesError } from './names-errors.js'
import type { NamesState } from './names-state.js'

/** The debounced availability lookup behind the register view's field. */
export interface NameLookup {
  /** The visitor typed: checks the rule at once, looks the name and its variants up once typing pauses. */
  setQuery(text: string): void
  /** Looks `label` up now (after a refused registration, so its state and variants are today's). */
  lookUpNow(label: string): void
  /** Drops the pending lookup and any answer still on its way. */
  cancel(): void
}

export function createNameLookup(
  store: Store<NamesState>,
  client: NamesClient,
  debounceMs: number,
): NameLookup {
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

  function cancel() {
    clearTimeout(timer)
    lookupId++
  }

  return {
    setQuery(text) {
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
    },
    lookUpNow(label) {
      cancel()
      store.setState({ checking: true })
      void lookUp(label, lookupId)
    },
    cancel,
  }
}
