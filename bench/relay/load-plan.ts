/** What one load-generator thread drives: a slice of the pairs, each pair two sockets on one topic. */
export interface WorkerPlan {
  relayUrls: string[]
  /** Index of this thread's first pair in the whole run (spreads pairs over relays and addresses). */
  firstPair: number
  pairs: number
  /** Loopback source addresses the sockets are spread over, as clients from many machines would be. */
  localAddresses: string[]
  /** Length of each message body (base64 text), about what an encrypted WalletConnect request is. */
  messageBytes: number
  ttlSeconds: number
}

/**
 * One step: the thread publishes `ratePerSecond` in total, round robin over its sockets, or with
 * `inFlight` it keeps that many publishes unanswered (closed loop: as fast as the relay answers).
 */
export interface StepCommand {
  type: 'step'
  ratePerSecond: number
  inFlight?: number
  warmupMs: number
  measureMs: number
  /** After the window, how long to wait for the window's messages still on their way. */
  drainMs: number
}

export type WorkerCommand = { type: 'connect' } | StepCommand | { type: 'close' }

export interface StepCounts {
  /** Publishes sent inside the measuring window. */
  sent: number
  /** Pushes received inside the window (whenever they were sent): the delivery rate. */
  deliveredInWindow: number
  /** Of the messages sent inside the window, how many arrived by the end of the drain. */
  arrivedOfSent: number
  publishErrors: number
  /** First few error answers, for the report. */
  errorSamples: string[]
}

export interface StepResult extends StepCounts {
  /** Publish to delivery at the other socket, ms, messages sent inside the window. */
  deliveryLatencies: Float64Array
  /** Publish to the relay's answer (the message is durable by then), ms. */
  ackLatencies: Float64Array
}

export type WorkerReply =
  | { type: 'ready'; connectMs: number }
  | ({ type: 'step' } & StepResult)
  | { type: 'closed' }
  | { type: 'error'; message: string }

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}
