import type { AccountNameProblem } from './account-name-rule.js'
import type { NamesError } from './names-errors.js'
import type { NameSuggestion } from './names-schemas.js'

export interface NamesState {
  /** What the visitor typed, as typed. */
  query: string
  /** The rule the query breaks; undefined for an empty or valid query. */
  problem: AccountNameProblem | undefined
  /** A lookup of the query is waiting for its debounce or its answer. */
  checking: boolean
  /** Whether the query's name is free; undefined until its lookup answered. */
  available: boolean | undefined
  /** Free variants of the query, full names (`alice1.wcn.id`). */
  suggestions: readonly NameSuggestion[]
  /** The last lookup failed ('Error fetching name suggestions'). */
  lookupError: NamesError | undefined
  /** The label being registered (the wallet is asked to sign, then the service). */
  registering: string | undefined
  /** Why the last registration failed. */
  registerError: NamesError | undefined
  /** The full name the last registration got. */
  registered: string | undefined
}

/** The register view's state before anything is typed, and after a reset. */
export const INITIAL_NAMES_STATE: NamesState = {
  query: '',
  problem: undefined,
  checking: false,
  available: undefined,
  suggestions: [],
  lookupError: undefined,
  registering: undefined,
  registerError: undefined,
  registered: undefined,
}
