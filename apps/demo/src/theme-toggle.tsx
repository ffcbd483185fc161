import type { ThemeState } from '@portico/core'
import { usePortico, useStore } from '@portico/react'
import { useEffect } from 'react'
import { saveThemeMode } from './theme-preference.js'

const selectMode = (state: ThemeState) => state.themeMode

export function ThemeToggle() {
  const portico = usePortico()
  const mode = useStore(portico.theme.store, selectMode)
  useEffect(() => {
    document.documentElement.dataset.theme = mode
  }, [mode])
  const next = mode === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        portico.theme.setThemeMode(next)
        saveThemeMode(next)
      }}
    >
      {mode === 'dark' ? '☾' : '☀'}
    </button>
  )
}
