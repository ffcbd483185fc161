import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Portico } from '../../portico.js'
import { createStore } from '../../store.js'
import type { OnrampClient } from './onramp-client.js'
import { createOnrampController, ONRAMP_FIRST_POLLS, ONRAMP_POLL_INTERVAL_MS } from './onramp-controller.js'
import { DEFAULT_ONRAMP_OPTIONS } from './onramp-defaults.js'
import { amountProblem } from './onramp-limits.js'
import type { OnrampPurchase, OnrampQuote } from './onramp-schemas.js'

const ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const options = {
  paymentCurrencies: DEFAULT_ONRAMP_OPTIONS.paymentCurrencies,
  purchaseCurrencies: [
    {
      id: 'POL',
      name: 'Polygon',
      symbol: 'POL',
      networks: [{ name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '' }],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
        { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
      ],
    },
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '0xa0b8' }],
    },
  ],
}

const quote: OnrampQuote = {
  paymentTotal: { amount: '50.00', currency: 'USD' },
  paymentSubtotal: { amount: '48.93', currency: 'USD' },
  purchaseAmount: { amount: '0.01631', currency: 'ETH' },
  coinbaseFee: { amount: '1.00', currency: 'USD' },
  networkFee: { amount: '0.07', currency: 'USD' },
  quoteId: 'q-1',
}

const purchase = (id: string, status: string): OnrampPurchase => ({
  id,
  metadata: { hash: '', minedAt: new Date().toISOString(), status, chain: 'eip155:1' },
  transfers: [{ fungible_info: { symbol: 'ETH' }, quantity: { numeric: '0.01631' } }],
})

function fakePortico(chainId = 8453) {
  return {
    config: {
      chainApiUrl: 'http://chain-api.test',
      projectId: 'p',
      networks: [{ chainId: 1 }, { chainId: 137 }, { chainId: 8453 }],
    },
    connection: { store: createStore({ connection: { accounts: [ADDRESS], chainId, connectorId: 'x' } }) },
    account: { store: createStore({ tokenBalances: [{ symbol: 'ETH', chainId: 'eip155:1', price: 2500 }] }) },
  } as unknown as Portico
}

function fakeClient(overrides: Partial<OnrampClient> = {}): OnrampClient {
  return {
    options: async () => options,
    providers: async () => [],
    quote: async () => quote,
    buyUrl: async () => 'http://chain-api.test/sandbox-onramp/1',
    purchases: async () => [],
    ...overrides,
  }
}

describe('amount limits (spec §9)', () => {
  const usd = DEFAULT_ONRAMP_OPTIONS.paymentCurrencies[0]
  it.each([
    ['9.99', 'card', { kind: 'belowMin', min: 10, currency: 'USD' }],
    ['7500.01', 'card', { kind: 'aboveMax', max: 7500, currency: 'USD' }],
    ['25000.01', 'ach_bank_account', { kind: 'aboveMax', max: 25000, currency: 'USD' }],
    ['', 'card', { kind: 'empty' }],
    ['1e3', 'card', { kind: 'notANumber' }],
  ])('refuses %s by %s', (amount, method, problem) => {
    expect(amountProblem(amount, usd, method)).toEqual(problem)
  })

  it.each([
    ['10', 'card'],
    ['7500', 'card'],
    ['25000', 'ach_bank_account'],
    ['49,50', 'card'],
  ])('accepts %s by %s', (amount, method) => {
    expect(amountProblem(amount, usd, method)).toBeUndefined()
  })
})

describe('on-ramp controller', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => vi.useRealTimers())

  it("starts on the connected chain's native currency", async () => {
    const controller = createOnrampController(fakePortico(8453), fakeClient())
    await controller.init()
    expect(controller.store.getState()).toMatchObject({
      optionsFallback: false,
      selection: { asset: 'ETH', chainId: 8453, paymentCurrency: 'USD', paymentMethod: 'card' },
    })
    // Another asset not offered on Base moves to its own network.
    controller.select({ asset: 'USDC' })
    expect(controller.store.getState().selection).toMatchObject({ asset: 'USDC', chainId: 137 })
  })

  it("offers only the dApp's networks: an asset on other networks alone is left out", async () => {
    const sepolia = { name: 'sepolia', display_name: 'Sepolia', chain_id: '11155111', contract_address: '' }
    const withSepolia = {
      ...options,
      purchaseCurrencies: [
        ...options.purchaseCurrencies.map((entry) =>
          entry.symbol === 'ETH' ? { ...entry, networks: [...entry.networks, sepolia] } : entry,
        ),
        { id: 'SEP', name: 'Sepolia test ether', symbol: 'SEP', networks: [sepolia] },
      ],
    }
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({ options: async () => withSepolia }),
    )
    await controller.init()
    const offered = controller.store.getState().options.purchaseCurrencies
    expect(offered.map((entry) => entry.symbol)).toEqual(['POL', 'ETH', 'USDC'])
    expect(offered.flatMap((entry) => entry.networks.map((network) => network.chain_id))).toEqual([
      '137',
      '1',
      '8453',
      '137',
    ])
  })

  it('reads the options once for a prefetch and the view that opens, and a ready form stays ready', async () => {
    let reads = 0
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({
        options: async () => {
          reads++
          return options
        },
      }),
    )
    await Promise.all([controller.init(), controller.init()])
    expect(reads).toBe(1)
    const states: string[] = []
    const unsubscribe = controller.store.subscribe((state) => states.push(state.status))
    await controller.init()
    unsubscribe()
    expect(reads).toBe(2)
    expect(states).not.toContain('loading')
  })

  it('falls back to the built-in defaults when the options call fails (spec §8)', async () => {
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({
        options: async () => Promise.reject(new Error('HTTP status code: 500')),
        providers: async () => Promise.reject(new Error('down')),
      }),
    )
    await controller.init()
    const state = controller.store.getState()
    expect(state.optionsFallback).toBe(true)
    expect(state.options).toEqual(DEFAULT_ONRAMP_OPTIONS)
    expect(state.providers.map((provider) => provider.name)).toEqual(['sandbox'])
    expect(state.selection).toMatchObject({ asset: 'ETH', chainId: 1 })
  })

  it('quotes a valid amount, and none for an amount outside the limits', async () => {
    const quoteCalls: unknown[] = []
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({
        quote: async (request) => {
          quoteCalls.push(request)
          return quote
        },
      }),
    )
    await controller.init()
    controller.select({ amount: '5' })
    await controller.quote()
    expect(controller.store.getState().quoteStatus).toBe('idle')
    expect(quoteCalls).toEqual([])
    controller.select({ amount: '50' })
    await controller.quote()
    expect(controller.store.getState()).toMatchObject({ quote, quoteStatus: 'ready' })
    expect(quoteCalls).toEqual([
      {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '50',
        network: 'ethereum',
        paymentMethod: 'card',
      },
    ])
  })

  it('shows an estimated quote when the quote call fails (spec §8)', async () => {
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({ quote: async () => Promise.reject(new Error('HTTP status code: 502')) }),
    )
    await controller.init()
    controller.select({ amount: '100' })
    await controller.quote()
    const state = controller.store.getState()
    expect(state.quoteStatus).toBe('estimated')
    expect(state.quote).toMatchObject({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      coinbaseFee: { amount: '2.00', currency: 'USD' },
      purchaseAmount: { amount: '0.0392', currency: 'ETH' },
    })
  })

  it('follows the new purchase every second at first, then every 4 s, until it succeeds', async () => {
    let listed: OnrampPurchase[] = [purchase('old', 'ONRAMP_TRANSACTION_STATUS_SUCCESS')]
    let looks = 0
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({
        purchases: async () => {
          looks++
          return listed
        },
      }),
    )
    await controller.init()
    controller.select({ amount: '50' })
    await controller.quote()
    await controller.start('sandbox').catch(() => undefined)
    // No provider listed by the fake: start refuses; list one and start again.
    controller.store.setState({
      providers: [
        {
          name: 'sandbox',
          label: 'Sandbox',
          feeRange: '1-2%',
          url: '',
          supportedChains: [],
          available: true,
        },
      ],
    })
    await controller.start('sandbox')
    looks = 0
    const stop = controller.watch()
    await vi.advanceTimersByTimeAsync(0)
    expect(controller.store.getState().purchase?.progress).toBe('waiting')
    listed = [purchase('new', 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'), ...listed]
    // While the visitor pays, a look every second.
    await vi.advanceTimersByTimeAsync(ONRAMP_FIRST_POLLS.intervalMs)
    expect(controller.store.getState().purchase?.progress).toBe('inProgress')
    expect(looks).toBe(2)
    // Past the first looks, every 4 s.
    await vi.advanceTimersByTimeAsync(ONRAMP_FIRST_POLLS.intervalMs * (ONRAMP_FIRST_POLLS.count - 2))
    expect(looks).toBe(ONRAMP_FIRST_POLLS.count)
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS - 1)
    expect(looks).toBe(ONRAMP_FIRST_POLLS.count)
    listed = [purchase('new', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'), ...listed.slice(1)]
    await vi.advanceTimersByTimeAsync(1)
    expect(controller.store.getState().purchase).toMatchObject({ progress: 'success', record: { id: 'new' } })
    const looksAtSuccess = looks
    await vi.advanceTimersByTimeAsync(ONRAMP_POLL_INTERVAL_MS * 3)
    expect(looks).toBe(looksAtSuccess)
    stop()
  })

  it('reports a failed purchase (a declined card)', async () => {
    let listed: OnrampPurchase[] = []
    const controller = createOnrampController(
      fakePortico(1),
      fakeClient({
        providers: async () => [
          {
            name: 'sandbox',
            label: 'Sandbox',
            feeRange: '1-2%',
            url: '',
            supportedChains: [],
            available: true,
          },
        ],
        purchases: async () => listed,
      }),
    )
    await controller.init()
    controller.select({ amount: '50' })
    await controller.start('sandbox')
    listed = [purchase('declined', 'ONRAMP_TRANSACTION_STATUS_FAILED')]
    const stop = controller.watch()
    await vi.advanceTimersByTimeAsync(0)
    expect(controller.store.getState().purchase).toMatchObject({
      progress: 'failed',
      record: { id: 'declined' },
    })
    stop()
  })
})
