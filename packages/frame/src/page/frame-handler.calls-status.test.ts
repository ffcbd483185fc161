import { FRAME_APPROVAL_HIDE, FRAME_APPROVAL_SHOW } from '@portico/wire'
import { type Address, encodeFunctionData, erc20Abi, type Hex, keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { APPROVAL_REQUEST, approvalRequestSchema } from './approval-window-messages.js'
import { encodeCallsId } from './calls-id.js'
import type { CallsStatusDetails } from './calls-status-details.js'
import { createFakeAuthService, FAKE_TOKEN } from './testing/fake-auth-service.js'
import { createFrameHarness } from './testing/frame-harness.js'

const DEAD: Address = '0x000000000000000000000000000000000000dEaD'

async function signedIn() {
  const h = createFrameHarness({ service: createFakeAuthService() })
  await h.loginByEmail('status@example.test')
  const { address } = (await h.ok('GET_USER')) as { address: Address }
  await h.ok('SWITCH_NETWORK', { chainId: 10 })
  const rpc = (method: string, params?: unknown) => h.send('RPC_REQUEST', { method, params })
  return { h, address, rpc }
}

describe('frame handler: wallet_showCallsStatus (EIP-5792)', () => {
  it("shows a sent batch's calls, confirmed state and transaction in the wallet window, and answers null", async () => {
    const { h, address, rpc } = await signedIn()
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEAD, 2_000_000n] })
    const sent = await rpc('wallet_sendCalls', [
      { version: '2.0.0', chainId: '0xa', from: address, calls: [{ to: FAKE_TOKEN, data: transfer }] },
    ])
    const { id } = sent.payload as { id: Hex }
    const hash = keccak256(h.service.sentRawTransactions[0] as Hex)

    const request = h.sendLater('RPC_REQUEST', { method: 'wallet_showCallsStatus', params: [id] })
    const shown = await request.answer()
    expect(shown).toMatchObject({ type: '@portico-frame/RPC_REQUEST_SUCCESS', payload: null })
    // The batch's sheet, then the status: the launcher came into view for it, and left.
    expect(h.prompts).toHaveLength(2)
    const details = h.prompts[1]?.details as CallsStatusDetails
    expect(details).toMatchObject({
      kind: 'callsStatus',
      chainId: 10,
      status: 'confirmed',
      transactionHash: hash,
    })
    expect(details.calls?.map((call) => call.action)).toEqual([
      { kind: 'tokenTransfer', recipient: DEAD, amount: 2_000_000n, token: { symbol: 'USDC', decimals: 6 } },
    ])
    const forRequest = h.posts.filter((post) => post.id === request.id).map((post) => post.type)
    expect(forRequest).toEqual([
      FRAME_APPROVAL_SHOW,
      FRAME_APPROVAL_HIDE,
      '@portico-frame/RPC_REQUEST_SUCCESS',
    ])
    // What the window is handed passes its own check.
    const handed = { type: APPROVAL_REQUEST, key: 'b'.repeat(32), prompt: h.prompts[1] }
    expect(approvalRequestSchema.safeParse(handed).success).toBe(true)
  })

  it('shows a batch it did not send from this page by its status alone; pending until mined', async () => {
    const { h, rpc } = await signedIn()
    const id = encodeCallsId({ chainId: 10, hash: keccak256('0x1234'), kind: 'transaction' })
    expect((await rpc('wallet_showCallsStatus', [id])).payload).toBeNull()
    expect(h.prompts[0]?.details).toEqual({
      kind: 'callsStatus',
      chainId: 10,
      symbol: 'ETH',
      status: 'pending',
      transactionHash: undefined,
      calls: undefined,
    })
  })

  it('answers an id this wallet did not make with 5730 and shows nothing', async () => {
    const { h, rpc } = await signedIn()
    const shows = () => h.posts.filter((post) => post.type === FRAME_APPROVAL_SHOW).length
    const before = shows()
    for (const id of ['0x1234', `0x${'ab'.repeat(68)}`, 42]) {
      const answer = await rpc('wallet_showCallsStatus', [id])
      expect(answer.type).toBe('@portico-frame/RPC_REQUEST_ERROR')
      expect(answer.payload).toMatchObject({ code: 5730 })
    }
    expect(h.prompts).toHaveLength(0)
    expect(shows()).toBe(before)
  })
})
