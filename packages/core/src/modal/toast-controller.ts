import { createStore, type Store } from '../store.js'

export type ToastVariant = 'loading' | 'success' | 'error'

export interface ToastState {
  /** Increments with every toast so the same message shown twice is announced twice. */
  id: number
  open: boolean
  variant: ToastVariant
  message: string
}

export interface ToastController {
  store: Store<ToastState>
  /** Loading toasts stay until replaced; others hide after `durationMs`. */
  show(variant: ToastVariant, message: string, options?: { durationMs?: number }): void
  hide(): void
}

export const TOAST_DURATION_MS = 4_000

export function createToastController(): ToastController {
  const store = createStore<ToastState>({ id: 0, open: false, variant: 'success', message: '' })
  let timer: ReturnType<typeof setTimeout> | undefined

  const hide = () => {
    clearTimeout(timer)
    store.setState({ open: false })
  }
  return {
    store,
    show(variant, message, { durationMs = TOAST_DURATION_MS } = {}) {
      clearTimeout(timer)
      store.setState((state) => ({ id: state.id + 1, open: true, variant, message }))
      if (variant !== 'loading') timer = setTimeout(hide, durationMs)
    },
    hide,
  }
}
