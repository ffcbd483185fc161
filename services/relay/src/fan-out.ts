import type { MessageRecord } from './message-record.js'

/** Carries a freshly published message to the other relay processes that have subscribers for its topic. */
export interface FanOut {
  /** Called before the process's first local subscriber on `topic` reads the backlog. */
  subscribe(topic: string): Promise<void>
  unsubscribe(topic: string): Promise<void>
  publish(record: MessageRecord): Promise<void>
  close(): Promise<void>
}

/** One process: the local hub already delivers to every subscriber, nothing to carry. */
export const noFanOut: FanOut = {
  subscribe: async () => {},
  unsubscribe: async () => {},
  publish: async () => {},
  close: async () => {},
}
