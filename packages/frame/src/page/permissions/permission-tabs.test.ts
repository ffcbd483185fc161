import { type Address, type Hex, parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { FAKE_TOKEN } from '../testing/fake-auth-service.js'
import { createFrameHarness } from '../testing/frame-harness.js'
import { DEAD, granted, type Reply, START_MS, transfer, usdc } from '../testing/permission-harness.js'
import { createSharedLocks, createSharedStorage } from '../testing/shared-tabs.js'
import type { PermissionLocks } from './permission-lock.js'

/**
 * The dApp open in two tabs: a frame in each over the same storage, the first holding a 10 USDC
 * permission. Each tab asks to spend 7 USDC under it at the same moment.
 */
async function spendFromTwoTabs(locks: PermissionLocks | undefined) {
  const storage = createSharedStorage()
  const first = await granted({ handler: { storage: storage.tab(), ...(locks ? { locks } : {}) } })
  const { permissionsContext: context } = await first.grant()
  // The second tab opens once the grant is recorded: the same session, device share and permission.
  await new Promise((resolve) => setTimeout(resolve, 5))
  const second = createFrameHarness({
    service: first.h.service,
    handler: {
      storage: storage.tab(),
      deviceShareKey: first.h.deviceShareKey,
      now: () => START_MS,
      ...(locks ? { locks } : {}),
    },
  })
  await second.ok('SWITCH_NETWORK', { chainId: 10 })
  expect(((await second.ok('GET_USER')) as { address: Address }).address).toBe(first.address)
  const request = (tab: typeof second) =>
    tab.sendLater('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0xa',
          from: first.address,
          calls: [{ to: FAKE_TOKEN, data: transfer(DEAD, usdc('7')) }],
          capabilities: { permissions: { context } },
        },
      ],
    })
  const answers = (await Promise.all([request(first.h).answer(), request(second).answer()])) as Reply[]
  const sent = first.h.service.sentRawTransactions.map((raw) => parseTransaction(raw as Hex))
  return { answers, sent }
}

describe('ERC-7715 permissions across tabs (Web Locks)', () => {
  it('sends only one of two concurrent 7 USDC spends from two tabs under a 10 USDC permission', async () => {
    const locks = createSharedLocks()
    const { answers, sent } = await spendFromTwoTabs(locks)
    expect(answers.map((answer) => answer.type).sort()).toEqual([
      '@portico-frame/RPC_REQUEST_ERROR',
      '@portico-frame/RPC_REQUEST_SUCCESS',
    ])
    const refusal = answers.find((answer) => answer.type.endsWith('_ERROR'))?.payload
    expect(refusal).toMatchObject({ code: 4100, message: expect.stringMatching(/more than the permission/) })
    expect(sent).toHaveLength(1)
    // The grant and both spends each took the origin's lock.
    expect(locks.grants).toBeGreaterThanOrEqual(3)
  })
})
