import { decodeFunctionData, encodeFunctionData, erc20Abi, type Hex, parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { FAKE_TOKEN } from '../testing/fake-auth-service.js'
import {
  DEAD,
  errorOf,
  granted,
  HOUR,
  OTHER_TOKEN,
  type Reply,
  transfer,
  usdc,
} from '../testing/permission-harness.js'
import { PERMISSIONS_KEY } from './permission-store.js'

describe('ERC-7715 permissions: spending under a 10 USDC permission (attacks)', () => {
  it('spends 4 and 6 without a sheet, then refuses the 11th USDC and sends nothing for it', async () => {
    const { h, grant, pay } = await granted()
    const { permissionsContext: context } = await grant()
    expect((await pay(usdc('4'), context)).type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect((await pay(usdc('6'), context)).type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(h.prompts).toHaveLength(1)
    const sent = h.service.sentRawTransactions.map((raw) => parseTransaction(raw as Hex))
    expect(
      sent.map((tx) => [
        tx.to,
        tx.value ?? 0n,
        decodeFunctionData({ abi: erc20Abi, data: tx.data as Hex }).args,
      ]),
    ).toEqual([
      [FAKE_TOKEN.toLowerCase(), 0n, [DEAD, usdc('4')]],
      [FAKE_TOKEN.toLowerCase(), 0n, [DEAD, usdc('6')]],
    ])
    const refused = errorOf(await pay(usdc('1'), context))
    expect(refused.code).toBe(4100)
    expect(refused.message).toMatch(/more than the permission allows/)
    expect(h.service.sentRawTransactions).toHaveLength(2)
    const { permissions } = (await h.ok('GET_PERMISSIONS')) as {
      permissions: { allowances: { spent: string }[] }[]
    }
    expect(permissions[0]?.allowances[0]?.spent).toBe('10000000')
  })

  it('lets only one of two concurrent requests spend the same allowance', async () => {
    const { h, grant, address } = await granted()
    const { permissionsContext: context } = await grant()
    const request = (amount: bigint) =>
      h.sendLater('RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0xa',
            from: address,
            calls: [{ to: FAKE_TOKEN, data: transfer(DEAD, amount) }],
            capabilities: { permissions: { context } },
          },
        ],
      })
    const first = request(usdc('7'))
    const second = request(usdc('7'))
    const answers = await Promise.all([first.answer(), second.answer()])
    expect(answers.map((answer) => answer.type).sort()).toEqual([
      '@portico-frame/RPC_REQUEST_ERROR',
      '@portico-frame/RPC_REQUEST_SUCCESS',
    ])
    expect(h.service.sentRawTransactions).toHaveLength(1)
  })

  it('refuses every call the permission does not cover, whole batch and all, and spends nothing', async () => {
    const { h, grant, spend, pay } = await granted()
    const { permissionsContext: context } = await grant()
    const ok = { to: FAKE_TOKEN, data: transfer(DEAD, usdc('1')) }
    const tricks: unknown[][] = [
      [
        {
          to: FAKE_TOKEN,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, usdc('1')] }),
        },
      ],
      [
        {
          to: FAKE_TOKEN,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transferFrom',
            args: [DEAD, DEAD, usdc('1')],
          }),
        },
      ],
      // The same transfer with bytes after it, or a dirty upper half in the address word.
      [{ to: FAKE_TOKEN, data: `${transfer(DEAD, usdc('1'))}00` }],
      [
        {
          to: FAKE_TOKEN,
          data: `0xa9059cbb${'ff'.repeat(12)}${DEAD.slice(2)}${usdc('1').toString(16).padStart(64, '0')}`,
        },
      ],
      [{ to: FAKE_TOKEN, data: transfer(DEAD, usdc('1')), value: '0x1' }],
      [{ to: OTHER_TOKEN, data: transfer(DEAD, usdc('1')) }],
      [{ to: DEAD, value: '0x1' }],
      [{ to: FAKE_TOKEN, data: transfer(DEAD, 0n) }],
      [{ to: FAKE_TOKEN, data: '0x' }],
      // A permitted call does not carry another one with it.
      [ok, { to: OTHER_TOKEN, data: transfer(DEAD, 1n) }],
    ]
    for (const calls of tricks) {
      expect(errorOf(await spend(calls, context)).code, JSON.stringify(calls)).toBe(4100)
    }
    expect(h.service.sentRawTransactions).toHaveLength(0)
    expect(h.prompts).toHaveLength(1)
    // Nothing was counted: the whole 10 USDC is still there.
    expect((await pay(usdc('10'), context)).type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
  })

  it('refuses an unknown, revoked or expired permission, and one on another chain', async () => {
    const { h, grant, pay, advance } = await granted()
    const { permissionsContext: context } = await grant()
    expect(errorOf(await pay(1n, `0x${'ab'.repeat(32)}`)).code).toBe(4100)
    expect(errorOf(await pay(1n, 'not-a-context')).code).toBe(-32602)

    await h.ok('SWITCH_NETWORK', { chainId: 1 })
    const otherChain = await h.send('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [
        {
          chainId: '0x1',
          calls: [{ to: FAKE_TOKEN, data: transfer(DEAD, 1n) }],
          capabilities: { permissions: { context } },
        },
      ],
    })
    expect(errorOf(otherChain as Reply).message).toMatch(/another network/)
    await h.ok('SWITCH_NETWORK', { chainId: 10 })

    advance(24 * HOUR)
    expect(errorOf(await pay(1n, context)).message).toMatch(/expired/)
    expect((await h.ok('GET_PERMISSIONS')) as unknown).toEqual({ permissions: [] })

    const { permissionsContext: second } = await grant().catch(() => ({ permissionsContext: '' }))
    expect(second).toBe('') // the dApp's expiry has passed too: the grant itself is refused
    expect(h.service.sentRawTransactions).toHaveLength(0)
  })

  it('forgets a revoked permission: its next use is refused', async () => {
    const { h, grant, pay } = await granted()
    const { permissionsContext: context } = await grant()
    expect((await pay(usdc('2'), context)).type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    await h.ok('REVOKE_PERMISSION', { context })
    expect((await h.ok('GET_PERMISSIONS')) as unknown).toEqual({ permissions: [] })
    expect(errorOf(await pay(usdc('1'), context)).message).toMatch(/revoked or never granted/)
    expect((await h.send('REVOKE_PERMISSION', { context })).type).toBe(
      '@portico-frame/REVOKE_PERMISSION_ERROR',
    )
    expect(h.service.sentRawTransactions).toHaveLength(1)
  })

  it('refuses a permission granted to another app of the same site', async () => {
    const { h, grant, pay } = await granted()
    const { permissionsContext: context } = await grant()
    // Another origin's grant in this storage (the frame's storage is shared by a site's origins).
    const stored = JSON.parse(h.storage.map.get(PERMISSIONS_KEY) ?? '[]') as { origin: string }[]
    h.storage.map.set(
      PERMISSIONS_KEY,
      JSON.stringify(stored.map((grant) => ({ ...grant, origin: 'https://other.example' }))),
    )
    expect(errorOf(await pay(1n, context)).message).toMatch(/another app/)
    expect(h.service.sentRawTransactions).toHaveLength(0)
  })

  it('grants nothing from storage that does not read as grants', async () => {
    const { h, grant, pay } = await granted()
    const { permissionsContext: context } = await grant()
    const stored = JSON.parse(h.storage.map.get(PERMISSIONS_KEY) ?? '[]') as {
      allowances: Record<string, unknown>[]
    }[]
    // An ERC-20 limit with its token taken away must not turn into a native one.
    const tampered = stored.map((each) => ({
      ...each,
      allowances: each.allowances.map(({ token: _token, ...rest }) => rest),
    }))
    h.storage.map.set(PERMISSIONS_KEY, JSON.stringify(tampered))
    expect(errorOf(await pay(1n, context)).code).toBe(4100)
    expect(h.service.sentRawTransactions).toHaveLength(0)
  })
})
