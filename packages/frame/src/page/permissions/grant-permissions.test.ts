import { describe, expect, it } from 'vitest'
import { approvalRequestSchema } from '../approval-window-messages.js'
import { FAKE_TOKEN } from '../testing/fake-auth-service.js'
import { DAPP_ORIGIN } from '../testing/frame-harness.js'
import { DEAD, errorOf, granted, HOUR, OTHER_TOKEN, START_MS } from '../testing/permission-harness.js'
import { PERMISSIONS_KEY } from './permission-store.js'

describe('ERC-7715 permissions: the grant', () => {
  it('shows the limit in the token’s own terms and answers viem’s grantPermissions', async () => {
    const { h, grant } = await granted()
    const answer = await grant()
    expect(h.prompts).toHaveLength(1)
    const prompt = h.prompts[0]
    expect(prompt?.details).toEqual({
      kind: 'permissions',
      chainId: 10,
      expiry: START_MS / 1000 + 24 * HOUR,
      allowances: [{ token: FAKE_TOKEN, symbol: 'USDC', decimals: 6, limit: 10_000_000n }],
    })
    // The approval window takes the prompt as it is (its own schema checks every field).
    expect(
      approvalRequestSchema.safeParse({ type: 'portico-approval:request', key: 'a'.repeat(32), prompt })
        .success,
    ).toBe(true)
    expect(answer).toEqual({
      expiry: START_MS / 1000 + 24 * HOUR,
      grantedPermissions: [
        {
          type: 'erc20-token-transfer',
          data: { address: FAKE_TOKEN, ticker: 'USDC' },
          policies: [{ type: 'token-allowance', data: { allowance: 10_000_000n } }],
          required: true,
        },
      ],
      permissionsContext: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    const listed = (await h.ok('GET_PERMISSIONS')) as { permissions: unknown[] }
    expect(listed.permissions).toEqual([
      {
        context: answer.permissionsContext,
        origin: DAPP_ORIGIN,
        chainId: 10,
        expiry: START_MS / 1000 + 24 * HOUR,
        allowances: [{ token: FAKE_TOKEN, symbol: 'USDC', decimals: 6, limit: '10000000', spent: '0' }],
      },
    ])
  })

  it('records nothing when the visitor rejects', async () => {
    const { h, grant } = await granted({ answer: async () => false })
    await expect(grant()).rejects.toMatchObject({ code: 4001 })
    expect((await h.ok('GET_PERMISSIONS')) as unknown).toEqual({ permissions: [] })
    expect(h.storage.map.get(PERMISSIONS_KEY)).toBeUndefined()
  })

  it('refuses before any sheet what it cannot enforce or show', async () => {
    const { h, rpc } = await granted()
    const now = START_MS / 1000
    const allowance = { type: 'token-allowance', data: { allowance: '0x989680' } }
    const erc20 = (address: string) => ({
      type: 'erc20-token-transfer',
      data: { address, ticker: 'USDC' },
      policies: [allowance],
      required: true,
    })
    const bad: [unknown, number][] = [
      [{ expiry: now - 1, permissions: [erc20(FAKE_TOKEN)] }, -32602],
      // Milliseconds where seconds belong: a permission for ever.
      [{ expiry: START_MS + 1000, permissions: [erc20(FAKE_TOKEN)] }, -32602],
      [
        {
          expiry: now + HOUR,
          permissions: [
            {
              ...erc20(FAKE_TOKEN),
              policies: [allowance, { type: 'rate-limit', data: { count: 1, interval: 60 } }],
            },
          ],
        },
        5700,
      ],
      [
        {
          expiry: now + HOUR,
          permissions: [
            { type: 'contract-call', data: { address: DEAD, calls: [] }, policies: [], required: true },
          ],
        },
        5700,
      ],
      [
        {
          expiry: now + HOUR,
          permissions: [erc20(FAKE_TOKEN)],
          signer: { type: 'key', data: { id: '0x01' } },
        },
        5700,
      ],
      [
        {
          expiry: now + HOUR,
          permissions: [
            { ...erc20(FAKE_TOKEN), policies: [{ type: 'token-allowance', data: { allowance: '0x0' } }] },
          ],
        },
        -32602,
      ],
      [{ expiry: now + HOUR, permissions: [erc20(FAKE_TOKEN), erc20(FAKE_TOKEN.toLowerCase())] }, -32602],
      // Not an ERC-20 on this chain: no symbol or decimals to show the limit in.
      [{ expiry: now + HOUR, permissions: [erc20(OTHER_TOKEN)] }, -32602],
    ]
    for (const [request, code] of bad) {
      expect(errorOf(await rpc('wallet_grantPermissions', [request])).code, JSON.stringify(request)).toBe(
        code,
      )
    }
    expect(h.prompts).toHaveLength(0)
  })
})
