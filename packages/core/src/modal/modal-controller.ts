import { SHAKE_DURATION_MS } from '../config/constants.js'
import { createStore, type Store } from '../store.js'
import type { Router, ViewName } from './router.js'

/** The state of `portico.modal.store`. */
export interface ModalState {
  /** Whether the modal is open. */
  open: boolean
  /** True for a moment while the modal shakes (an action it refuses). */
  shake: boolean
}

export interface ModalController {
  store: Store<ModalState>
  /** Opens on `view`, or on Account when connected and Connect otherwise. */
  open(options?: { view?: ViewName }): void
  close(): void
  /** Draws the eye to the modal (e.g. a blocked action) for SHAKE_DURATION_MS. */
  shake(): void
}

export function createModalController(options: {
  router: Router
  isConnected: () => boolean
}): ModalController {
  const store = createStore<ModalState>({ open: false, shake: false })
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  return {
    store,
    open({ view } = {}) {
      options.router.reset(view ?? (options.isConnected() ? 'Account' : 'Connect'))
      store.setState({ open: true })
    },
    close() {
      store.setState({ open: false, shake: false })
    },
    shake() {
      clearTimeout(shakeTimer)
      store.setState({ shake: true })
      shakeTimer = setTimeout(() => store.setState({ shake: false }), SHAKE_DURATION_MS)
    },
  }
}
