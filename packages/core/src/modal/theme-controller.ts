import { createStore, type Store } from '../store.js'
import type { ThemeVariables } from './theme-variables.js'

/** The colour scheme of the modal and the buttons. */
export type ThemeMode = 'light' | 'dark'

/** The state of `portico.theme.store`. */
export interface ThemeState {
  /** The colour scheme. */
  themeMode: ThemeMode
  /** CSS custom properties (`--portico-*`) that override the theme's defaults. */
  themeVariables: Readonly<ThemeVariables>
}

export interface ThemeController {
  store: Store<ThemeState>
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
}

export function createThemeController(initial: ThemeState): ThemeController {
  const store = createStore<ThemeState>(initial)
  return {
    store,
    setThemeMode: (themeMode) => store.setState({ themeMode }),
    setThemeVariables: (themeVariables) =>
      store.setState((state) => ({ themeVariables: { ...state.themeVariables, ...themeVariables } })),
  }
}
