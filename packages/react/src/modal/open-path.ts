/**
 * Everything an open renders with, in one module: the modal shell, the modal runtime of
 * `@portico/core` and the Connect view, which a visitor's first open shows. The package build
 * pre-bundles it into one file (`dist/modal/open-path.js`, see vite.build.config.ts), so an open with
 * no hover or focus before it costs one request however the dApp's bundler splits its chunks. The
 * provider hands this module to `createPortico` as `loadRuntime`: the runtime arrives with the modal.
 * The other views, Account and Networks included, stay in their features' chunks.
 */
import type { Portico } from '@portico/core'
import { flushSync } from 'react-dom'

export { createRuntime } from '@portico/core/runtime'
export { default as ConnectView } from '../features/wallet-list/connect-view.js'
export { default, preloadView, preloadViews } from './modal-root.js'

/**
 * Mounts the modal with `mount` (the provider's state update). An open that waited on this module (no
 * intent before the click) renders in this task: a scheduled render would queue behind whatever else the
 * page has to do. Mounted on an intent, the closed modal waits for React's own schedule.
 */
export const mountModal = (portico: Portico, mount: () => void): void => {
  if (portico.modal.store.getState().open) flushSync(mount)
  else mount()
}

/**
 * Warms the first open's images and the wallet list once the modal is here; its code follows the open's
 * (the provider calls it once a cold open has rendered).
 */
export const warmUp = (portico: Portico): void => {
  void import('./warm-up.js').then((module) => module.warmUp(portico))
}
