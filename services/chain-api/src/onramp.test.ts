import { createTestSchema, testDatabaseUrl } from '@portico/database'
import { DEV_ACCOUNTS, type Devnet, devAccount, devToken, startDevnet } from '@portico/devnet'
import { erc20Abi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import { type ChainApiServer, createChainApiServer, errorResponseSchema } from './index.js'

// Dev account 6 pays the sandbox's purchases out; account 2 buys (its balances are only read here).
const FUNDER_INDEX = 6
const BUYER = DEV_ACCOUNTS[2]
const USDC = devToken('USDC')

let devnet: Devnet
let server: ChainApiServer

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1, 137] })
  server = await createChainApiServer({
    manifest: devnet.manifest,
    indexer: false,
    priceCacheTtlMs: 0,
    onramp: { sandboxFunder: devAccount(FUNDER_INDEX) },
  })
})

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload })
const get = (url: string) => server.app.inject({ method: 'GET', url })
const quote = (body: object) => post(`/v1/onramp/quote?projectId=${PROJECT}`, body)

interface Quote {
  paymentTotal: { amount: string; currency: string }
  paymentSubtotal: { amount: string; currency: string }
  purchaseAmount: { amount: string; currency: string }
  coinbaseFee: { amount: string; currency: string }
  networkFee: { amount: string; currency: string }
  quoteId: string
}

async function ethPrice(): Promise<number> {
  const response = await post('/v1/fungible/price', {
    projectId: PROJECT,
    currency: 'usd',
    addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
  })
  return response.json().fungibles[0].price
}

describe('GET /v1/onramp/options', () => {
  it('lists USD and EUR with the card and bank account limits, and the devnet assets by network', async () => {
    const response = await get(`/v1/onramp/options?projectId=${PROJECT}`)
    expect(response.statusCode).toBe(200)
    const options = response.json()
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    const eth = options.purchaseCurrencies.find((entry: { symbol: string }) => entry.symbol === 'ETH')
    expect(eth.networks).toContainEqual(
      expect.objectContaining({ name: 'ethereum', chain_id: '1', contract_address: '' }),
    )
    const usdc = options.purchaseCurrencies.find((entry: { symbol: string }) => entry.symbol === 'USDC')
    expect(usdc.networks.map((network: { chain_id: string }) => network.chain_id).sort()).toEqual([
      '1',
      '137',
    ])
    expect(usdc.networks).toContainEqual(
      expect.objectContaining({ chain_id: '1', contract_address: USDC.address }),
    )
  })

  it('needs a projectId', async () => {
    const response = await get('/v1/onramp/options')
    expect(response.statusCode).toBe(400)
    expect(errorResponseSchema.parse(response.json()).error.parameter).toBe('projectId')
  })
})

describe('POST /v1/onramp/quote', () => {
  it('takes the 2 % card fee and the network fee out of the amount and prices the rest at the pool price', async () => {
    const response = await quote({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'ethereum',
    })
    expect(response.statusCode).toBe(200)
    const body: Quote = response.json()
    expect(body.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    expect(body.coinbaseFee).toEqual({ amount: '1.00', currency: 'USD' })
    const networkFee = Number(body.networkFee.amount)
    expect(networkFee).toBeGreaterThanOrEqual(0.01)
    expect(networkFee).toBeLessThan(5)
    expect(Number(body.paymentSubtotal.amount)).toBeCloseTo(49 - networkFee, 2)
    expect(body.purchaseAmount.currency).toBe('ETH')
    const expected = Number(body.paymentSubtotal.amount) / (await ethPrice())
    expect(Number(body.purchaseAmount.amount)).toBeLessThanOrEqual(expected)
    expect(Number(body.purchaseAmount.amount)).toBeGreaterThan(expected - 1e-8)
    expect(body.quoteId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('takes 1 % for a bank account, accepts Web3Modal currency objects and prices in euros', async () => {
    const response = await quote({
      purchaseCurrency: { id: 'USDC', symbol: 'USDC', name: 'USD Coin', networks: [] },
      paymentCurrency: { id: 'EUR', payment_method_limits: [] },
      amount: 1000,
      network: 'USDC',
      paymentMethod: 'ach_bank_account',
    })
    expect(response.statusCode).toBe(200)
    const body: Quote = response.json()
    expect(body.coinbaseFee).toEqual({ amount: '10.00', currency: 'EUR' })
    expect(body.purchaseAmount.currency).toBe('USDC')
    // A euro buys more than one dollar's worth of USDC.
    expect(Number(body.purchaseAmount.amount)).toBeGreaterThan(Number(body.paymentSubtotal.amount))
  })

  it.each([
    ['card', '9.99', 'between 10 and 7,500 USD when paying by card'],
    ['card', '7500.01', 'between 10 and 7,500 USD when paying by card'],
    ['ach_bank_account', '9', 'between 10 and 25,000 USD when paying by bank account'],
    ['ach_bank_account', '25000.01', 'between 10 and 25,000 USD when paying by bank account'],
  ])(
    'refuses %s amounts outside the limits (%s) with a 400 that says the limit',
    async (method, amount, limit) => {
      const response = await quote({
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount,
        network: 'ethereum',
        paymentMethod: method,
      })
      expect(response.statusCode).toBe(400)
      const { error } = errorResponseSchema.parse(response.json())
      expect(error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'amount' })
      expect(error.message).toContain(limit)
    },
  )

  it.each([
    ['7500', 'card'],
    ['10', 'card'],
    ['25000', 'ach_bank_account'],
  ])('accepts %s by %s, the edge of the limits', async (amount, method) => {
    const response = await quote({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount,
      network: '1',
      paymentMethod: method,
    })
    expect(response.statusCode).toBe(200)
  })

  it('refuses an unknown currency, asset or network by name', async () => {
    const badCurrency = await quote({ purchaseCurrency: 'ETH', paymentCurrency: 'GBP', amount: '50' })
    expect(errorResponseSchema.parse(badCurrency.json()).error.parameter).toBe('paymentCurrency')
    const badAsset = await quote({ purchaseCurrency: 'DOGE', paymentCurrency: 'USD', amount: '50' })
    expect(errorResponseSchema.parse(badAsset.json()).error.parameter).toBe('purchaseCurrency')
    const badNetwork = await quote({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'mars',
    })
    expect(errorResponseSchema.parse(badNetwork.json()).error.parameter).toBe('network')
  })
})

const urlRequest = (overrides: object = {}) => ({
  destinationWallets: [{ address: BUYER, blockchains: ['ethereum'], assets: ['ETH'] }],
  defaultNetwork: 'ethereum',
  partnerUserId: BUYER,
  defaultExperience: 'buy',
  presetFiatAmount: 50,
  ...overrides,
})

async function createPurchase(overrides: object = {}): Promise<string> {
  const response = await post(`/v1/generators/onrampurl?projectId=${PROJECT}`, urlRequest(overrides))
  expect(response.statusCode).toBe(200)
  return new URL(response.json().url).pathname
}

const history = async () => {
  const response = await get(`/v1/account/${BUYER}/history?projectId=${PROJECT}&onramp=coinbase`)
  expect(response.statusCode).toBe(200)
  return response.json().data as {
    id: string
    metadata: { status: string; hash: string; operationType: string; chain: string }
    transfers: { quantity: { numeric: string }; fungible_info: { symbol: string } }[]
  }[]
}

const pay = (path: string, cardNumber: string) =>
  server.app.inject({
    method: 'POST',
    url: `${path}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/34', cvc: '123' }).toString(),
  })

async function waitForStatus(id: string, status: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const item = (await history()).find((entry) => entry.id === id)
    if (item?.metadata.status === status) return item
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`purchase ${id} never reached ${status}`)
}

describe('POST /v1/generators/onrampurl and the sandbox provider', () => {
  it('lists the sandbox as available and Coinbase as unavailable without its app id', async () => {
    const response = await get(`/v1/onramp/providers?projectId=${PROJECT}`)
    const { providers } = response.json()
    expect(
      providers.map((provider: { name: string; available: boolean }) => [provider.name, provider.available]),
    ).toEqual([
      ['sandbox', true],
      ['coinbase', false],
    ])
    for (const provider of providers) expect(provider.feeRange).toBe('1-2%')
    const refused = await post(
      `/v1/generators/onrampurl?projectId=${PROJECT}`,
      urlRequest({ provider: 'coinbase' }),
    )
    expect(refused.statusCode).toBe(400)
    expect(errorResponseSchema.parse(refused.json()).error.message).toContain('COINBASE_ONRAMP_APP_ID')
  })

  it('answers a sandbox page that shows the quoted amount, and refuses amounts outside the limits', async () => {
    const quoted = (await (
      await quote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'ethereum' })
    ).json()) as Quote
    const path = await createPurchase({ presetCryptoAmount: quoted.purchaseAmount.amount })
    expect(path).toMatch(/^\/sandbox-onramp\/[0-9a-f-]{36}$/)
    const page = await get(path)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.body).toContain(`${quoted.purchaseAmount.amount} ETH`)
    expect(page.body).toContain('50.00 USD')

    const tooSmall = await post(
      `/v1/generators/onrampurl?projectId=${PROJECT}`,
      urlRequest({ presetFiatAmount: 5 }),
    )
    expect(tooSmall.statusCode).toBe(400)
    expect(errorResponseSchema.parse(tooSmall.json()).error.message).toContain('between 10 and 7,500 USD')
    // Not yet paid: not in the history.
    expect((await history()).some((item) => path.endsWith(item.id))).toBe(false)
  })

  it('pays out ETH on a test card: in progress, then succeeded, and the balance rises by the quoted amount', async () => {
    const { publicClient } = devnetClients(devnet.rpcUrl(1), 1, 2)
    const before = await publicClient.getBalance({ address: BUYER })
    const path = await createPurchase()
    const page = await get(path)
    const amount = /data-testid="purchase-amount">([\d.]+) ETH/.exec(page.body)?.[1] as string
    expect(amount).toMatch(/^0\.\d+$/)

    const paid = await pay(path, '4242 4242 4242 4242')
    expect(paid.statusCode).toBe(200)
    expect(paid.body).toContain('Payment accepted')
    const id = path.split('/').at(-1) as string
    const listed = (await history()).find((item) => item.id === id)
    expect(['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'ONRAMP_TRANSACTION_STATUS_SUCCESS']).toContain(
      listed?.metadata.status,
    )
    const done = await waitForStatus(id, 'ONRAMP_TRANSACTION_STATUS_SUCCESS')
    expect(done.metadata).toMatchObject({ operationType: 'buy', chain: 'eip155:1' })
    expect(done.metadata.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(done.transfers[0]).toMatchObject({
      quantity: { numeric: amount },
      fungible_info: { symbol: 'ETH' },
    })
    expect(await publicClient.getBalance({ address: BUYER })).toBe(before + parseUnits(amount, 18))

    // The chain's own history shows the delivery as a purchase.
    await server.indexer.catchUp()
    const chainHistory = await get(`/v1/account/${BUYER}/history?projectId=${PROJECT}&chainId=1`)
    const delivery = chainHistory
      .json()
      .data.find((item: { metadata: { hash: string } }) => item.metadata.hash === done.metadata.hash)
    expect(delivery.metadata.operationType).toBe('buy')

    // Paid once only.
    const again = await pay(path, '4242 4242 4242 4242')
    expect(again.statusCode).toBe(409)
  })

  it('pays out a token (USDC on Polygon)', async () => {
    const { publicClient } = devnetClients(devnet.rpcUrl(137), 137, 2)
    const token = USDC.address
    const read = () =>
      publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [BUYER] })
    const before = await read()
    const path = await createPurchase({
      destinationWallets: [{ address: BUYER, blockchains: ['polygon'], assets: ['USDC'] }],
      defaultNetwork: 'polygon',
    })
    const amount = /data-testid="purchase-amount">([\d.]+) USDC/.exec((await get(path)).body)?.[1] as string
    expect((await pay(path, '4242424242424242')).statusCode).toBe(200)
    const done = await waitForStatus(path.split('/').at(-1) as string, 'ONRAMP_TRANSACTION_STATUS_SUCCESS')
    expect(done.metadata.chain).toBe('eip155:137')
    expect(await read()).toBe(before + parseUnits(amount, 6))
  })

  it('fails the purchase on the declined test card and refuses other cards', async () => {
    const path = await createPurchase()
    const unknown = await pay(path, '1234 5678 9012 3456')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('not accepted here')
    const declined = await pay(path, '4000 0000 0000 0002')
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain('Card declined')
    const item = await waitForStatus(path.split('/').at(-1) as string, 'ONRAMP_TRANSACTION_STATUS_FAILED')
    expect(item.metadata.hash).toBe('')
  })
})

describe('GET /v1/account/{address}/history', () => {
  it('still needs chainId without onramp', async () => {
    const response = await get(`/v1/account/${BUYER}/history?projectId=${PROJECT}`)
    expect(response.statusCode).toBe(400)
    expect(errorResponseSchema.parse(response.json()).error.parameter).toBe('chainId')
  })
})

// The same purchase flow with PostgreSQL (PORTICO_TEST_DATABASE_URL; unset, npm test says it did not run).
describe.skipIf(!testDatabaseUrl)('on-ramp purchases in PostgreSQL', () => {
  const schema = createTestSchema('chain_api_onramp_test', testDatabaseUrl)
  afterAll(() => schema.drop())

  it('keeps a purchase from its URL to its delivery, and lists it in the history', async () => {
    await schema.create()
    const postgres = await createChainApiServer({
      manifest: devnet.manifest,
      databaseUrl: schema.databaseUrl,
      indexer: false,
      onramp: { sandboxFunder: devAccount(FUNDER_INDEX) },
    })
    try {
      const created = await postgres.app.inject({
        method: 'POST',
        url: `/v1/generators/onrampurl?projectId=${PROJECT}`,
        payload: urlRequest({ presetFiatAmount: 20 }),
      })
      const path = new URL(created.json().url).pathname
      const paid = await postgres.app.inject({
        method: 'POST',
        url: `${path}/confirm`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
      })
      expect(paid.statusCode).toBe(200)
      const id = path.split('/').at(-1)
      await expect
        .poll(async () => {
          const response = await postgres.app.inject({
            method: 'GET',
            url: `/v1/account/${BUYER}/history?projectId=${PROJECT}&onramp=coinbase`,
          })
          return response.json().data.find((item: { id: string }) => item.id === id)?.metadata.status
        })
        .toBe('ONRAMP_TRANSACTION_STATUS_SUCCESS')
    } finally {
      await postgres.close()
    }
  })
})

describe('the sandbox faucet’s guards', () => {
  // Its own funder (dev account 9), so its payouts never race the other servers' nonces.
  const guarded = (onramp: object) =>
    createChainApiServer({
      manifest: devnet.manifest,
      indexer: false,
      priceCacheTtlMs: 0,
      onramp: { sandboxFunder: devAccount(9), ...onramp },
    })
  const createOn = (target: ChainApiServer, overrides: object = {}) =>
    target.app.inject({
      method: 'POST',
      url: `/v1/generators/onrampurl?projectId=${PROJECT}`,
      payload: urlRequest(overrides),
    })
  const payOn = (target: ChainApiServer, path: string) =>
    target.app.inject({
      method: 'POST',
      url: `${path}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
    })

  it('pays out nothing in production, even when given a funded account', async () => {
    const production = await guarded({ mode: 'production' })
    try {
      const { providers } = (
        await production.app.inject({ method: 'GET', url: `/v1/onramp/providers?projectId=${PROJECT}` })
      ).json()
      expect(providers[0]).toMatchObject({ name: 'sandbox', available: false })
      expect(providers[0].reason).toContain('Development only')
      const refused = await createOn(production, { provider: 'sandbox' })
      expect(refused.statusCode).toBe(400)
    } finally {
      await production.close()
    }
  })

  it('caps what one address receives per day, also when two payments are confirmed at once', async () => {
    const capped = await guarded({ sandboxDailyLimits: { perAddressUsd: 100, totalUsd: 1_000 } })
    try {
      const first = new URL((await createOn(capped, { presetFiatAmount: 60 })).json().url).pathname
      const second = new URL((await createOn(capped, { presetFiatAmount: 60 })).json().url).pathname
      // Both fit alone; together they are over 100 USD: one is paid, the other refused.
      const outcomes = await Promise.all([payOn(capped, first), payOn(capped, second)])
      expect(outcomes.map((outcome) => outcome.statusCode).sort()).toEqual([200, 429])
      expect(outcomes.find((outcome) => outcome.statusCode === 429)?.body).toContain('daily limit')

      const third = await createOn(capped, { presetFiatAmount: 50 })
      expect(third.statusCode).toBe(429)
      expect(errorResponseSchema.parse(third.json()).error.code).toBe('DAILY_LIMIT_REACHED')
      // Another address still gets its own share.
      const other = await createOn(capped, {
        presetFiatAmount: 50,
        destinationWallets: [{ address: DEV_ACCOUNTS[3], blockchains: ['ethereum'], assets: ['ETH'] }],
      })
      expect(other.statusCode).toBe(200)
    } finally {
      await capped.close()
    }
  })

  it('caps what all addresses receive together per day', async () => {
    const capped = await guarded({ sandboxDailyLimits: { perAddressUsd: 1_000, totalUsd: 100 } })
    try {
      const buyers = [DEV_ACCOUNTS[4], DEV_ACCOUNTS[5]]
      const paths = await Promise.all(
        buyers.map(async (address) => {
          const created = await createOn(capped, {
            presetFiatAmount: 70,
            destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['ETH'] }],
          })
          return new URL(created.json().url).pathname
        }),
      )
      expect((await payOn(capped, paths[0] as string)).statusCode).toBe(200)
      const refused = await payOn(capped, paths[1] as string)
      expect(refused.statusCode).toBe(429)
      expect(refused.body).toContain('The sandbox on-ramp has reached its daily limit')
    } finally {
      await capped.close()
    }
  })
})
