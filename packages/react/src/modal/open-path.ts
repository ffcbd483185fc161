/**
 * Everything an open renders with, in one module: the modal shell, the modal runtime of
 * `@portico/core` and the views an open starts on (Connect, Account, Networks). The package build
 * pre-bundles it into one file (`dist/modal/open-path.js`, see vite.build.config.ts), so an open with
 * no hover or focus before it costs one request however the dApp's bundler splits its chunks. The
 * provider hands this module to `createPortico` as `loadRuntime`: the runtime arrives with the modal.
 */
export { createRuntime } from '@portico/core/runtime'
export { default as AccountView } from '../features/account/account-view.js'
export { default as NetworksView } from '../features/account/networks-view.js'
export { default as ConnectView } from '../features/wallet-list/connect-view.js'
export { default, preloadView, preloadViews } from './modal-root.js'
