import { createHash } from 'node:crypto'

/** The id the SDK computes for its own subscription, sha256(topic + clientId), so both sides agree. */
export function subscriptionId(topic: string, clientId: string) {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}
