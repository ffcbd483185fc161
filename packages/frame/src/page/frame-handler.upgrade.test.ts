import { type Address, type Hex, parseTransaction, recoverTransactionAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { recoverAuthorizationAddress } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from './auth-client.js'
import { SIMPLE_7702_ACCOUNT } from './smart-account-delegation.js'
import { type UpgradeDetails, upgradeAccount } from './smart-account-upgrade.js'
import {
  AUTH_URL,
  createFakeAuthService,
  type FakeAuthService,
  RPC_URL_TEMPLATE,
  SOLANA_RPC_URL_TEMPLATE,
} from './testing/fake-auth-service.js'
import { createFrameHarness, DAPP_ORIGIN } from './testing/frame-harness.js'

type User = {
  address: Address
  smartAccountDeployed: boolean
  preferredAccountType: string
  accounts: { address: Address; type: string }[]
}

/** The fake's RPC, with some answers replaced: `override` returns undefined to let a call through. */
function rpcWith(
  service: FakeAuthService,
  override: (chainId: number, method: string, params: unknown[]) => unknown,
): FetchLike {
  return async (input, init) => {
    const url = new URL(input)
    if (url.origin === 'http://rpc.test') {
      const request = JSON.parse(String(init?.body))
      const answer = override(Number(url.pathname.slice(1)), request.method, request.params ?? [])
      if (answer instanceof Error) throw answer
      if (answer !== undefined) return Response.json({ jsonrpc: '2.0', id: request.id, result: answer })
    }
    return service.fetch(input, init)
  }
}

const servedChains = (chainIds: number[]) => ({
  env: {
    authUrl: AUTH_URL,
    rpcUrlTemplate: RPC_URL_TEMPLATE,
    solanaRpcUrlTemplate: SOLANA_RPC_URL_TEMPLATE,
    allowedOrigins: [DAPP_ORIGIN],
    chainIds,
  },
})

describe('frame handler: the account upgrades to a smart account (EIP-7702)', () => {
  it('lists the served chains that have the smart-account code, leaving out one whose RPC fails', async () => {
    const service = createFakeAuthService()
    const fetch = rpcWith(service, (chainId) => (chainId === 137 ? new TypeError('RPC down') : undefined))
    const h = createFrameHarness({ service, fetch, handler: servedChains([1, 10, 137]) })
    expect(await h.ok('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ smartAccountEnabledNetworks: [1, 10] })

    // Without a list of served chains, the current one is asked; without the code, none is enabled.
    const plain = createFrameHarness({ service })
    expect(await plain.ok('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ smartAccountEnabledNetworks: [1] })
    service.withoutSmartAccountCode()
    expect(await plain.ok('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({ smartAccountEnabledNetworks: [] })
  })

  it('upgrades after the visitor approves: one type-4 transaction to itself, the address unchanged', async () => {
    const h = createFrameHarness()
    await h.loginByEmail('upgrade@example.test')
    await h.ok('SWITCH_NETWORK', { chainId: 10 })
    const before = (await h.ok('GET_USER')) as User
    expect(before).toMatchObject({ smartAccountDeployed: false, preferredAccountType: 'eoa' })
    expect(before.accounts).toEqual([{ address: before.address, type: 'eoa' }])

    expect(await h.ok('SET_PREFERRED_ACCOUNT', { type: 'smartAccount', sameAddress: true })).toEqual({
      type: 'smartAccount',
      address: before.address,
    })

    // One sheet: the chain, the fee (21,000 estimated + 25,000 for the authorization, at 2 gwei), the balance.
    expect(h.prompts.map((prompt) => prompt.details)).toEqual([
      {
        kind: 'upgrade',
        chainId: 10,
        symbol: 'ETH',
        fee: 46_000n * 2_000_000_000n,
        balance: 10n ** 18n,
        insufficientFunds: false,
      } satisfies UpgradeDetails,
    ])
    expect(h.service.sentRawTransactions).toHaveLength(1)
    const raw = h.service.sentRawTransactions[0] as Hex
    const tx = parseTransaction(raw)
    expect(tx.type).toBe('eip7702')
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(before.address)
    expect(tx.to?.toLowerCase()).toBe(before.address.toLowerCase())
    expect(tx.data ?? '0x').toBe('0x')
    expect(tx.value ?? 0n).toBe(0n)
    const authorization = tx.authorizationList?.[0]
    if (!authorization) throw new Error('no authorization in the transaction')
    expect(tx.authorizationList).toHaveLength(1)
    expect(authorization).toMatchObject({ address: SIMPLE_7702_ACCOUNT.toLowerCase(), chainId: 10 })
    expect(await recoverAuthorizationAddress({ authorization })).toBe(before.address)

    // The user object now says what the chain says.
    const after = (await h.ok('GET_USER')) as User
    expect(after).toMatchObject({
      address: before.address,
      smartAccountDeployed: true,
      preferredAccountType: 'smartAccount',
    })
    expect(after.accounts).toEqual([{ address: before.address, type: 'smartAccount' }])

    // Asked again: answered at once, no sheet, nothing sent. Asked for an EOA: the truth (no undelegation).
    expect(await h.ok('SET_PREFERRED_ACCOUNT', { type: 'smartAccount', sameAddress: true })).toMatchObject({
      type: 'smartAccount',
    })
    expect(await h.ok('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toMatchObject({ type: 'smartAccount' })
    expect(h.prompts).toHaveLength(1)
    expect(h.service.sentRawTransactions).toHaveLength(1)
  })

  it('sends nothing when the visitor rejects, and answers the error', async () => {
    const h = createFrameHarness({ answer: async () => false })
    await h.loginByEmail('reject@example.test')
    const reply = await h.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount', sameAddress: true })
    expect(reply.type).toBe('@portico-frame/SET_PREFERRED_ACCOUNT_ERROR')
    expect(reply.payload).toMatchObject({ code: 4001 })
    expect(h.prompts).toHaveLength(1)
    expect(h.service.sentRawTransactions).toHaveLength(0)
    expect(await h.ok('GET_USER')).toMatchObject({ smartAccountDeployed: false, preferredAccountType: 'eoa' })
    // An EOA asked for an EOA: answered without a sheet.
    expect(await h.ok('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toMatchObject({ type: 'eoa' })
    expect(h.prompts).toHaveLength(1)
  })

  it('on a chain without the smart-account code: refused before any sheet', async () => {
    const service = createFakeAuthService()
    service.withoutSmartAccountCode()
    const h = createFrameHarness({ service })
    await h.loginByEmail('nocode@example.test')
    const reply = await h.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount', sameAddress: true })
    expect(reply.type).toBe('@portico-frame/SET_PREFERRED_ACCOUNT_ERROR')
    expect(h.prompts).toHaveLength(0)
    expect(service.sentRawTransactions).toHaveLength(0)
  })

  it('reports an EOA when the chain cannot say what the account runs', async () => {
    const service = createFakeAuthService()
    const fetch = rpcWith(service, (_chainId, method) =>
      method === 'eth_getCode' ? new TypeError('RPC down') : undefined,
    )
    const h = createFrameHarness({ service, fetch })
    await h.loginByEmail('offline@example.test')
    expect(await h.ok('GET_USER')).toMatchObject({ smartAccountDeployed: false, preferredAccountType: 'eoa' })
  })

  it('gives up waiting for a transaction that is not mined in time', async () => {
    const service = createFakeAuthService()
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const fetch = rpcWith(service, (_chainId, method) =>
      method === 'eth_getTransactionReceipt' ? null : undefined,
    )
    const context = { account, chainId: 1, rpcUrl: 'http://rpc.test/1', fetch }
    await expect(upgradeAccount(context, { timeoutMs: 30, pollMs: 5 })).rejects.toThrow(/not mined yet/)
    expect(service.sentRawTransactions).toHaveLength(1)
  })
})
