import { hash } from 'node:crypto'

/** The id the SDK computes for its own subscription, sha256(topic + clientId), so both sides agree. */
export function subscriptionId(topic: string, clientId: string) {
  return hash('sha256', topic + clientId)
}
