import type { ExplorerClient } from '../../clients/explorer-client.js'
import { afterFirstFrame } from '../../modal/after-first-frame.js'
import type { FeatureContext } from '../feature-context.js'
import { type Analytics, createAnalytics } from './analytics.js'

/** Modal and connection events sent to the explorer's analytics, when the dApp enables them. */
export function installAnalytics(
  context: Pick<FeatureContext, 'config' | 'isMounted' | 'modal' | 'events'>,
  explorer: ExplorerClient,
): Analytics {
  const { modal, events } = context
  const analytics = createAnalytics({ client: explorer, enabled: context.config.enableAnalytics })
  // The runtime may load on the click that opens the modal: that open counts too. An open's event
  // leaves once the modal has painted (the click renders first), or before a close that comes sooner.
  let openPending = modal.store.getState().open
  const trackOpen = () => {
    if (!openPending) return
    openPending = false
    analytics.track('MODAL_OPEN')
  }
  afterFirstFrame(() => {
    if (context.isMounted()) analytics.start()
    trackOpen()
  })
  modal.store.subscribe((state, previous) => {
    if (state.open === previous.open) return
    if (state.open) {
      openPending = true
      afterFirstFrame(trackOpen)
    } else {
      trackOpen()
      analytics.track('MODAL_CLOSE')
    }
  })
  // Names only: a signed-in visitor's e-mail never leaves in an event.
  events.on('connectStarted', ({ target }) => analytics.track('SELECT_WALLET', { name: target.name }))
  events.on('connected', ({ target }) => target && analytics.track('CONNECT_SUCCESS', { name: target.name }))
  events.on('connectFailed', ({ target, error }) =>
    analytics.track('CONNECT_ERROR', { name: target.name, message: error.code }),
  )
  return analytics
}
