import { createStore, type Store } from '../store.js'

export interface TriggerRect {
  x: number
  y: number
  width: number
  height: number
}

export interface TooltipState {
  open: boolean
  message: string
  triggerRect: TriggerRect
  variant: 'info' | 'success'
}

export interface TooltipController {
  store: Store<TooltipState>
  show(message: string, triggerRect: TriggerRect, variant?: TooltipState['variant']): void
  hide(): void
}

export function createTooltipController(): TooltipController {
  const store = createStore<TooltipState>({
    open: false,
    message: '',
    triggerRect: { x: 0, y: 0, width: 0, height: 0 },
    variant: 'info',
  })
  return {
    store,
    show: (message, triggerRect, variant = 'info') =>
      store.setState({ open: true, message, triggerRect, variant }),
    hide: () => store.setState({ open: false }),
  }
}
