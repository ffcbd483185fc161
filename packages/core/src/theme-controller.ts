import { createStore, type Store } from './store.js'
import type { ThemeVariables } from './theme-variables.js'

export type ThemeMode = 'light' | 'dark'

export interface ThemeState {
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
