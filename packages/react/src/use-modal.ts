import type { ModalState, ViewName } from '@portico/core'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

const selectOpen = (state: ModalState) => state.open

export function useModal(): { isOpen: boolean; open(options?: { view?: ViewName }): void; close(): void } {
  const portico = usePortico()
  const isOpen = useStore(portico.modal.store, selectOpen)
  return { isOpen, open: portico.open, close: portico.close }
}
