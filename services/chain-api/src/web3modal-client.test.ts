import type { AddressInfo } from 'node:net'
import { type Devnet, devAccount, devToken, startDevnet } from '@portico/devnet'
import { BlockchainApiController, CoreHelperUtil, OptionsController } from '@web3modal/core'
import { type Address, erc20Abi, getAddress, type Hex, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'

/** The part of Web3Modal 5.1.11's TransactionUtil (@web3modal/ui) its activity list draws rows with. */
interface Web3ModalTransactionUtil {
  getTransactionImages(transfers: readonly unknown[]): { type?: string; url?: string }[]
  getTransactionDescriptions(transaction: unknown): string[]
}

import {
  type ChainApiServer,
  createChainApiServer,
  type HistoryTransaction,
  NATIVE_TOKEN_ADDRESS,
} from './index.js'

// Web3Modal 5.1.11's own client code (BlockchainApiController of @web3modal/core), pointed at this chain
// API: the hosted API's address in its requests is rewritten to the local server, nothing else changes.
// What it sends and how it reads the answers is the library's, so a wire mismatch fails here.
const HOSTED_API = 'https://rpc.walletconnect.org'
const USDC = devToken('USDC').address
const ETH_ID = `eip155:1:${NATIVE_TOKEN_ADDRESS}`
const USDC_ID = `eip155:1:${USDC}`
/** A dev account no other file of this service swaps with. */
const VISITOR_INDEX = 5
const visitor = devAccount(VISITOR_INDEX)
/** The friend the visitor sends USDC to, by a name the friend registers. */
const friend = devAccount(6)

let devnet: Devnet
let server: ChainApiServer

/** The client's 17 Blockchain API calls (spec §7), as method and path with its variable segment as `:x`. */
const BLOCKCHAIN_API_CALLS = [
  'GET /v1/identity/:x',
  'GET /v1/account/:x/history',
  'GET /v1/account/:x/balance',
  'GET /v1/convert/quotes',
  'GET /v1/convert/tokens',
  'GET /v1/convert/allowance',
  'GET /v1/convert/gas-price',
  'POST /v1/convert/build-transaction',
  'GET /v1/convert/build-approve',
  'POST /v1/fungible/price',
  'GET /v1/profile/account/:x',
  'GET /v1/profile/reverse/:x',
  'GET /v1/profile/suggestions/:x',
  'POST /v1/profile/account',
  'POST /v1/generators/onrampurl',
  'GET /v1/onramp/options',
  'POST /v1/onramp/quote',
]
/** The calls the service answered with a 2xx in this file (the client hides some failures behind defaults). */
const answered = new Set<string>()
const endpointOf = (method: string, url: string) =>
  `${method} ${new URL(url).pathname
    .replace(/^\/v1\/(identity|profile\/(?:reverse|suggestions))\/[^/]+$/, '/v1/$1/:x')
    .replace(/^\/v1\/profile\/account\/[^/]+$/, '/v1/profile/account/:x')
    .replace(/^\/v1\/account\/[^/]+\/(history|balance)$/, '/v1/account/:x/$1')}`

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1] })
  server = await createChainApiServer({
    manifest: devnet.manifest,
    indexer: false,
    balanceForceUpdateIntervalMs: 0,
    onramp: { sandboxFunder: devAccount(7) },
  })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  const local = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input).replace(HOSTED_API, local)
    const response = await realFetch(url, init)
    if (response.ok) answered.add(endpointOf(init?.method ?? 'GET', url))
    return response
  })
  OptionsController.setProjectId(PROJECT)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await server?.close()
  await devnet?.stop()
})

/**
 * Sends a transaction the API built as Web3Modal's swap does (`to` is CAIP-10 there and made plain by the
 * client), and waits for its receipt.
 */
async function send(to: string, data: string, value = 0n) {
  const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, VISITOR_INDEX)
  const hash = await wallet.sendTransaction({
    to: CoreHelperUtil.getPlainAddress(to as `eip155:${string}:${string}`) as Address,
    data: data as Hex,
    value,
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
}

describe('a Web3Modal 5.1.11 client pointed at the chain API', () => {
  it('swaps ETH → USDC, then USDC → ETH after the approval it builds', async () => {
    const { tokens } = await BlockchainApiController.fetchSwapTokens({
      projectId: PROJECT,
      chainId: 'eip155:1',
    })
    expect(tokens.map((token) => token.address)).toEqual(expect.arrayContaining([ETH_ID, USDC_ID]))

    const amount = parseEther('0.5').toString()
    const { quotes } = await BlockchainApiController.fetchSwapQuote({
      projectId: PROJECT,
      amount,
      userAddress: visitor.address,
      from: ETH_ID,
      to: USDC_ID,
      gasPrice: '1000000000',
    })
    expect(BigInt(quotes[0]?.toAmount ?? 0)).toBeGreaterThan(0n)
    const buy = await BlockchainApiController.generateSwapCalldata({
      projectId: PROJECT,
      amount,
      from: ETH_ID,
      to: USDC_ID,
      userAddress: `eip155:1:${visitor.address}`,
    })
    await send(buy.tx.to, buy.tx.data, BigInt(amount))

    const { balances } = await BlockchainApiController.getBalance(visitor.address, 'eip155:1', USDC_ID)
    const usdc = balances.find((balance) => balance.symbol === 'USDC')
    expect(Number(usdc?.quantity.numeric)).toBeGreaterThan(0)

    const sell = (BigInt(quotes[0]?.toAmount ?? 0) / 2n).toString()
    const before = await BlockchainApiController.fetchSwapAllowance({
      projectId: PROJECT,
      tokenAddress: USDC_ID,
      userAddress: `eip155:1:${visitor.address}`,
    })
    expect(BigInt(before.allowance)).toBe(0n)
    const approve = await BlockchainApiController.generateApproveCalldata({
      projectId: PROJECT,
      from: USDC_ID,
      to: ETH_ID,
      userAddress: `eip155:1:${visitor.address}`,
    })
    // Web3Modal sends the approval to tx.from: the source token's contract.
    expect(CoreHelperUtil.getPlainAddress(approve.tx.from)?.toLowerCase()).toBe(USDC.toLowerCase())
    await send(approve.tx.from, approve.tx.data, BigInt(approve.tx.value))
    const swap = await BlockchainApiController.generateSwapCalldata({
      projectId: PROJECT,
      amount: sell,
      from: USDC_ID,
      to: ETH_ID,
      userAddress: `eip155:1:${visitor.address}`,
    })
    await send(swap.tx.to, swap.tx.data)
  })

  it('registers a name, then resolves, reverse-resolves and suggests it', async () => {
    const name = `w3m-${Date.now().toString(36)}`
    const message = JSON.stringify({
      name: `${name}.wcn.id`,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    await BlockchainApiController.registerEnsName({
      coinType: 60,
      address: visitor.address,
      message,
      signature: await visitor.signMessage({ message }),
    })
    const profile = await BlockchainApiController.lookupEnsName(name)
    expect(profile.name).toBe(`${name}.wcn.id`)
    expect(Object.values(profile.addresses).map((entry) => entry.address.toLowerCase())).toContain(
      visitor.address.toLowerCase(),
    )
    const names = await BlockchainApiController.reverseLookupEnsName({ address: visitor.address })
    expect(names.map((entry) => entry.name)).toContain(`${name}.wcn.id`)
    const { suggestions } = await BlockchainApiController.getEnsNameSuggestions(name)
    expect(suggestions[0]).toEqual({ name: `${name}.wcn.id`, registered: true })
    expect(suggestions.slice(1).every((suggestion) => !suggestion.registered)).toBe(true)
  })

  it('starts a purchase and follows it in the history', async () => {
    const options = await BlockchainApiController.getOnrampOptions()
    const usdc = options.purchaseCurrencies.find((currency) => currency.symbol === 'USDC')
    const usd = options.paymentCurrencies.find((currency) => currency.id === 'USD')
    expect(usdc?.networks.some((network) => network.chain_id === '1')).toBe(true)
    if (!usdc || !usd) throw new Error('the options lack USDC or USD')
    // Web3Modal passes the picked currencies and the token's symbol as the network.
    const quote = await BlockchainApiController.getOnrampQuote({
      purchaseCurrency: usdc,
      paymentCurrency: usd,
      amount: '50',
      network: usdc.symbol,
    })
    // The client falls back to a made-up 1:1 quote on any failure: this one is the service's.
    expect(quote.quoteId).not.toBe('mocked-quote-id')
    expect(Number(quote.purchaseAmount.amount)).toBeGreaterThan(0)
    expect(Number(quote.purchaseAmount.amount)).toBeLessThan(50)
    const url = await BlockchainApiController.generateOnRampURL({
      defaultNetwork: 'ethereum',
      destinationWallets: [{ address: visitor.address, blockchains: ['ethereum'], assets: ['USDC'] }],
      partnerUserId: visitor.address,
      purchaseAmount: Number(quote.purchaseAmount.amount),
    })
    const { pathname } = new URL(url)
    expect(pathname).toMatch(/^\/sandbox-onramp\//)
    // The visitor pays on the provider's page (the sandbox's test card)…
    const paid = await server.app.inject({
      method: 'POST',
      url: `${pathname}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      }).toString(),
    })
    expect(paid.statusCode).toBe(200)
    // …and the client follows the purchase in the history, as its BuyInProgress view polls it.
    const history = await BlockchainApiController.fetchTransactions({
      account: visitor.address,
      projectId: PROJECT,
      onramp: 'coinbase',
    })
    const purchase = history.data.find((item) => item.id === pathname.split('/').at(-1))
    expect(['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'ONRAMP_TRANSACTION_STATUS_SUCCESS']).toContain(
      purchase?.metadata.status,
    )
  })

  it("reads the visitor's history as its activity view does: swaps as trades, the approval, a send to a name, the purchase", async () => {
    // The purchase of the test before is delivered first.
    await vi.waitFor(
      async () => {
        const purchases = await BlockchainApiController.fetchTransactions({
          account: visitor.address,
          projectId: PROJECT,
          onramp: 'coinbase',
        })
        expect(purchases.data[0]?.metadata.status).toBe('ONRAMP_TRANSACTION_STATUS_SUCCESS')
      },
      { timeout: 15_000, interval: 200 },
    )
    const name = `friend-${Date.now().toString(36)}.wcn.id`
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    await BlockchainApiController.registerEnsName({
      coinType: 60,
      address: friend.address,
      message,
      signature: await friend.signMessage({ message }),
    })
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, VISITOR_INDEX)
    const sent = await wallet.writeContract({
      address: USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [friend.address, parseUnits('5', 6)],
    })
    await publicClient.waitForTransactionReceipt({ hash: sent })
    await server.indexer.catchUp()

    const { data } = await BlockchainApiController.fetchTransactions({
      account: visitor.address,
      projectId: PROJECT,
      chainId: 'eip155:1',
    })
    const rows = data.map((tx) => ({
      type: tx.metadata.operationType,
      transfers: tx.transfers.map((t) => `${t.direction} ${t.fungible_info?.symbol}`),
    }))
    // Newest first: the send, the purchase's delivery, the USDC → ETH swap, its approval, the ETH → USDC swap.
    expect(rows.slice(0, 5)).toEqual([
      { type: 'send', transfers: ['out USDC'] },
      { type: 'buy', transfers: ['in USDC'] },
      { type: 'trade', transfers: ['out USDC', 'in ETH'] },
      { type: 'approve', transfers: [] },
      { type: 'trade', transfers: ['out ETH', 'in USDC'] },
    ])
    const [send, , sell, approval, buy] = data as unknown as HistoryTransaction[]
    // The send names the friend, not the USDC contract the transaction called.
    expect(send?.metadata.counterparty).toEqual({ address: getAddress(friend.address), name })
    expect(send?.transfers[0]).toMatchObject({
      quantity: { numeric: '5' },
      recipient: getAddress(friend.address),
    })
    // The first swap's input is all 0.5 ETH sent, provider fee included.
    expect(buy?.transfers[0]?.quantity.numeric).toBe('0.5')
    expect(Number(buy?.transfers[1]?.quantity.numeric)).toBeGreaterThan(1000)
    expect(buy?.transfers.every((t) => t.fungible_info.icon.url.endsWith(`/${t.fungible_info.symbol}`))).toBe(
      true,
    )
    // The second's input folds the fee leg (paid to the fee recipient) into the amount sold, and its ETH
    // output, paid by an internal call of the router, is there.
    const soldUsdc = Number(sell?.transfers[0]?.quantity.numeric)
    expect(soldUsdc).toBeCloseTo(Number(buy?.transfers[1]?.quantity.numeric) / 2, 5)
    expect(Number(sell?.transfers[1]?.quantity.numeric)).toBeGreaterThan(0.2)
    expect(approval?.approvals).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'USDC' }),
        unlimited: true,
      }),
    ])
    expect(approval?.metadata.counterparty?.address).toBe(approval?.approvals?.[0]?.spender)

    // Web3Modal 5.1.11's own activity list draws each row with its TransactionUtil: the swaps are one row
    // each, with both tokens' icons and amounts, as against its hosted API.
    const { TransactionUtil } = (await import(
      // @ts-expect-error: the package ships this module without a declaration beside it
      '@web3modal/ui/dist/esm/src/utils/TransactionUtil.js'
    )) as { TransactionUtil: Web3ModalTransactionUtil }
    for (const [swap, symbols] of [
      [buy, ['ETH', 'USDC']],
      [sell, ['USDC', 'ETH']],
    ] as const) {
      const row = swap as unknown as Record<string, unknown>
      expect(TransactionUtil.getTransactionImages(swap?.transfers ?? []).map((image) => image.url)).toEqual(
        symbols.map((symbol) => expect.stringMatching(new RegExp(`/${symbol}$`))),
      )
      const descriptions = TransactionUtil.getTransactionDescriptions(row)
      expect(descriptions).toHaveLength(2)
      expect(descriptions.map((text) => text.split(' ')[1])).toEqual(symbols)
      expect(descriptions.every((text) => Number(text.split(' ')[0]) > 0)).toBe(true)
    }
  })

  it("opens the provider's page from the Buy view, which asks before the visitor typed an amount", async () => {
    // What Web3Modal 5.1.11's on-ramp providers view sends: no presetCryptoAmount, no presetFiatAmount, and
    // every purchasable symbol as the wallet's assets.
    const options = await BlockchainApiController.getOnrampOptions()
    const url = await BlockchainApiController.generateOnRampURL({
      defaultNetwork: 'ethereum',
      destinationWallets: [
        {
          address: visitor.address,
          blockchains: ['ethereum'],
          assets: options.purchaseCurrencies.map((currency) => currency.symbol),
        },
      ],
      partnerUserId: visitor.address,
    })
    const { pathname } = new URL(url)
    expect(pathname).toMatch(/^\/sandbox-onramp\//)
    const page = await server.app.inject({ method: 'GET', url: pathname })
    expect(page.statusCode).toBe(200)
  })

  it('reads an identity, token prices and gas prices as the account and swap views do', async () => {
    const identity = await BlockchainApiController.fetchIdentity({ address: visitor.address })
    expect(identity).toHaveProperty('name')
    const { fungibles } = await BlockchainApiController.fetchTokenPrice({
      projectId: PROJECT,
      addresses: [ETH_ID, USDC_ID],
    })
    expect(fungibles.map((fungible) => fungible.symbol).sort()).toEqual(['ETH', 'USDC'])
    expect(fungibles.every((fungible) => fungible.price > 0)).toBe(true)
    const gas = await BlockchainApiController.fetchGasPrice({ projectId: PROJECT, chainId: 'eip155:1' })
    expect(BigInt(gas.standard)).toBeGreaterThan(0n)
  })

  it('answered all 17 of the Blockchain API calls the client makes', () => {
    // (The file makes a few more requests of its own, the RPC gateway's and the sandbox's, beside them.)
    expect(BLOCKCHAIN_API_CALLS.filter((call) => answered.has(call))).toEqual(BLOCKCHAIN_API_CALLS)
  })
})
