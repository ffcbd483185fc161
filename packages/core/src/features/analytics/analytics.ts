import type { AnalyticsEvent, ExplorerClient } from '../../clients/explorer-client.js'

export type AnalyticsEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'

export interface Analytics {
  /** Asks the explorer whether analytics is on; until it answers, events wait in a short queue. */
  start(): void
  track(event: AnalyticsEventName, properties?: Record<string, string | number | boolean>): void
}

const MAX_QUEUED = 20

/** A v4 UUID; randomUUID is missing outside secure contexts, getRandomValues is not. */
function randomId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Posts product events to the explorer in the background, only while the dApp enabled analytics and
 * the service says it is on. Properties never carry a wallet address.
 */
export function createAnalytics(options: {
  client: ExplorerClient
  enabled: boolean
  location?: () => { href: string; host: string } | undefined
}): Analytics {
  let state: 'unknown' | 'on' | 'off' = options.enabled ? 'unknown' : 'off'
  let started = false
  const queue: AnalyticsEvent[] = []

  const send = (event: AnalyticsEvent) => {
    options.client.sendEvent(event).catch(() => {
      // Analytics must never disturb the visitor: a lost event is acceptable.
    })
  }

  return {
    start() {
      if (started || state === 'off') return
      started = true
      options.client.getAnalyticsConfig().then(
        ({ isAnalyticsEnabled }) => {
          state = isAnalyticsEnabled ? 'on' : 'off'
          if (state === 'on') for (const event of queue) send(event)
          queue.length = 0
        },
        () => {
          state = 'off'
          queue.length = 0
        },
      )
    },
    track(name, properties) {
      if (state === 'off') return
      const where = options.location?.() ?? (typeof location === 'undefined' ? undefined : location)
      const event: AnalyticsEvent = {
        eventId: randomId(),
        url: where?.href ?? '',
        domain: where?.host ?? '',
        timestamp: Date.now(),
        props: { type: 'track', event: name, properties },
      }
      if (state === 'on') send(event)
      else if (queue.length < MAX_QUEUED) queue.push(event)
    },
  }
}
