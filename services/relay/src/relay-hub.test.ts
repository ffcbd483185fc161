import { describe, expect, it, vi } from 'vitest'
import type { ClientQuotas } from './client-quotas.js'
import type { FanOut } from './fan-out.js'
import type { Mailbox } from './mailbox.js'
import { RelayHub, type RelaySubscriber } from './relay-hub.js'
import { silentLogger } from './relay-logger.js'

function hubWithFanOut() {
  const fanOut: FanOut = {
    subscribe: async () => {},
    unsubscribe: vi.fn(async () => {}),
    publish: async () => {},
    close: async () => {},
  }
  const mailbox = { backlog: async () => ({ records: [] }) } as unknown as Mailbox
  const quotas = { limits: { maxTopicsPerSocket: 10 } } as unknown as ClientQuotas
  const logger = { ...silentLogger, error: vi.fn() }
  const hub = new RelayHub(mailbox, fanOut, quotas, 10, Date.now, logger)
  const subscriber = (): RelaySubscriber => ({
    clientId: 'did:key:z',
    topics: new Set(),
    deliver: () => true,
  })
  return { hub, fanOut, logger, subscriber }
}

describe('RelayHub', () => {
  it("leaves a topic's fan-out channel when its last local subscriber goes", async () => {
    const { hub, fanOut, subscriber } = hubWithFanOut()
    const [first, second] = [subscriber(), subscriber()]
    await hub.subscribe(first, 'topic')
    await hub.subscribe(second, 'topic')
    hub.disconnect(first)
    expect(fanOut.unsubscribe).not.toHaveBeenCalled()
    hub.disconnect(second)
    expect(fanOut.unsubscribe).toHaveBeenCalledWith('topic')
  })

  it('once shut down, sockets closing last do not unsubscribe from a fan-out that is closing', async () => {
    const { hub, fanOut, logger, subscriber } = hubWithFanOut()
    const socket = subscriber()
    await hub.subscribe(socket, 'topic')
    hub.shutDown()
    hub.disconnect(socket)
    expect(fanOut.unsubscribe).not.toHaveBeenCalled()
    expect(hub.topicCount).toBe(0)
    expect(logger.error).not.toHaveBeenCalled()
  })
})
