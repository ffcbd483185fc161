// The visitor, the frame and viem's grantPermissions that the permissions' tests share.
import { type Address, createClient, custom, encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { grantPermissions } from 'viem/experimental'
import { expect } from 'vitest'
import type { FrameHandlerOptions } from '../frame-handler.js'
import { createFakeAuthService, FAKE_TOKEN } from './fake-auth-service.js'
import { createFrameHarness } from './frame-harness.js'

export const DEAD: Address = '0x000000000000000000000000000000000000dEaD'
export const OTHER_TOKEN: Address = '0x2222222222222222222222222222222222222222'
export const START_MS = Date.UTC(2026, 10, 27, 12, 0, 0)
export const HOUR = 3600
export const usdc = (amount: string) => parseUnits(amount, 6)
export const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

export type Reply = { type: string; payload: unknown }
export const errorOf = (reply: Reply) => {
  expect(reply.type).toBe('@portico-frame/RPC_REQUEST_ERROR')
  return reply.payload as { message: string; code?: number }
}

/**
 * A signed-in visitor on chain 10 whose dApp holds a 10 USDC permission, granted through viem's action.
 * `handler` adds to the frame's options (another storage, the tabs' locks).
 */
export async function granted(
  options: { answer?: () => Promise<boolean>; handler?: Partial<FrameHandlerOptions> } = {},
) {
  let clock = START_MS
  const service = createFakeAuthService()
  const h = createFrameHarness({
    service,
    handler: { now: () => clock, ...options.handler },
    ...(options.answer ? { answer: options.answer } : {}),
  })
  await h.loginByEmail('permissions@example.test')
  const { address } = (await h.ok('GET_USER')) as { address: Address }
  await h.ok('SWITCH_NETWORK', { chainId: 10 })
  const rpc = (method: string, params?: unknown) =>
    h.send('RPC_REQUEST', { method, params }) as Promise<Reply>
  const client = createClient({
    transport: custom({
      async request({ method, params }) {
        const reply = await rpc(method, params)
        if (reply.type.endsWith('_ERROR')) {
          const { message, code } = reply.payload as { message: string; code?: number }
          throw Object.assign(new Error(message), { code })
        }
        return reply.payload
      },
    }),
  })
  const grant = () =>
    grantPermissions(client, {
      expiry: START_MS / 1000 + 24 * HOUR,
      permissions: [
        {
          type: 'erc20-token-transfer',
          data: { address: FAKE_TOKEN, ticker: 'USDC' },
          policies: [{ type: 'token-allowance', data: { allowance: usdc('10') } }],
          required: true,
        },
      ],
    })
  const spend = (calls: unknown[], context: string, extra: Record<string, unknown> = {}) =>
    rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0xa',
        from: address,
        calls,
        capabilities: { permissions: { context } },
        ...extra,
      },
    ])
  const pay = (amount: bigint, context: string) =>
    spend([{ to: FAKE_TOKEN, data: transfer(DEAD, amount) }], context)
  return { h, address, rpc, grant, spend, pay, advance: (seconds: number) => (clock += seconds * 1000) }
}
