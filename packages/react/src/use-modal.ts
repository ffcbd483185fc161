import type { ModalState, ViewName } from '@portico/core'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

const selectOpen = (state: ModalState) => state.open

/**
 * Opens and closes the modal from the dApp's own code, and tells whether it is open. `open()` shows
 * Connect while disconnected and Account once connected; `open({ view })` shows a given view
 * (`'Networks'`, `'Activity'`, `'AllWallets'`…).
 *
 * @example
 * ```tsx
 * const { open } = useModal()
 * return <button onClick={() => open({ view: 'Networks' })}>Switch network</button>
 * ```
 */
export function useModal(): {
  /** Whether the modal is open. */
  isOpen: boolean
  /** Opens the modal, on `view` if given (else Connect or Account). */
  open(options?: { view?: ViewName }): void
  /** Closes the modal. */
  close(): void
} {
  const portico = usePortico()
  const isOpen = useStore(portico.modal.store, selectOpen)
  return { isOpen, open: portico.open, close: portico.close }
}
