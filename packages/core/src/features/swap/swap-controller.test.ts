import { decodeFunctionData, erc20Abi } from 'viem'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAccountController } from '../../connection/account-controller.js'
import type { TransactionRequest } from '../../connection/chain-adapter.js'
import { createConnectionController } from '../../connection/connection-controller.js'
import { UserRejectedRequestError } from '../../errors/wallet-errors.js'
import { setLocale } from '../../i18n/locale.js'
import { createKernelEvents } from '../../kernel/kernel-events.js'
import { createRouter } from '../../modal/router.js'
import { createToastController } from '../../modal/toast-controller.js'
import { createSwapClient } from './swap-client.js'
import { SWAPPING_TOAST_MIN_MS } from './swap-constants.js'
import { createSwapController, type SwapController } from './swap-controller.js'

const USER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const USDC = '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35'
const ROUTER = '0x1111111111111111111111111111111111111111'
const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_ID = `eip155:1:${USDC}`
const GAS_PRICE = 2_000_000_000n
const APPROVE_DATA = `0x095ea7b3${'0'.repeat(24)}${ROUTER.slice(2)}${'0'.repeat(63)}1`

/** The chain API's swap calls as a fetch: 3,000 USDC per ETH, less the 0.85 % fee. */
function chainApi(
  options: { allowance?: bigint; fail?: string; quote?: unknown; approveFrom?: string } = {},
) {
  const calls: { path: string; params: Record<string, string>; body?: Record<string, unknown> }[] = []
  let allowance = options.allowance ?? 0n
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const params = Object.fromEntries(url.searchParams)
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ path: url.pathname, params, body })
    if (options.fail === url.pathname) return Response.json({ message: 'no' }, { status: 500 })
    switch (url.pathname) {
      case '/v1/convert/tokens':
        return Response.json({
          tokens: [
            { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: 'https://i.test/eth' },
            {
              name: 'USD Coin',
              symbol: 'USDC',
              address: USDC_ID,
              decimals: 6,
              logoUri: 'https://i.test/usdc',
            },
          ],
        })
      case '/v1/fungible/price':
        return Response.json({
          fungibles: [
            { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 3000 },
            { name: 'USD Coin', symbol: 'USDC', iconUrl: '', price: 1 },
          ],
        })
      case '/v1/convert/gas-price':
        return Response.json({ standard: GAS_PRICE.toString(), fast: '3', instant: '4' })
      case '/v1/convert/quotes': {
        if (options.quote) return Response.json(options.quote)
        const amount = BigInt(params.amount as string)
        const net = amount - (amount * 8500n) / 1_000_000n
        const toAmount = params.from === NATIVE ? (net * 3000n) / 10n ** 12n : (net * 10n ** 12n) / 3000n
        return Response.json({
          quotes: [
            {
              id: 'q',
              fromAmount: amount.toString(),
              fromAccount: params.from,
              toAmount: toAmount.toString(),
              toAccount: params.to,
            },
          ],
        })
      }
      case '/v1/convert/allowance':
        return Response.json({ allowance: allowance.toString() })
      case '/v1/convert/build-approve':
        return Response.json({
          tx: {
            from: options.approveFrom ?? USDC_ID,
            to: `eip155:1:${ROUTER}`,
            data: APPROVE_DATA,
            value: '0',
            eip155: { gas: 55_000, gasPrice: GAS_PRICE.toString() },
          },
        })
      case '/v1/convert/build-transaction':
        return Response.json({
          tx: {
            from: `eip155:1:${USER}`,
            to: `eip155:1:${ROUTER}`,
            data: '0x7ff36ab5',
            amount: String(body.amount),
            eip155: { gas: '120000', gasPrice: GAS_PRICE.toString() },
          },
        })
    }
    return new Response(null, { status: 404 })
  })
  const approve = (value: bigint) => {
    allowance = value
  }
  return { fetch, calls, approve }
}

/** A wallet before EIP-5792: it knows none of its methods. */
const noBatchWallet = {
  request: async ({ method }: { method: string }) => {
    throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
  },
}

/**
 * A wallet that batches on chain 1 (EIP-5792): its capabilities, the batches sent, and their status
 * (`statuses` answered in turn, the last one kept).
 */
function batchingWallet(
  options: {
    atomic?: string
    paymaster?: boolean
    statuses?: number[]
    sendError?: { code: number; message: string }
  } = {},
) {
  const batches: unknown[] = []
  const statuses = [...(options.statuses ?? [100, 200])]
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    switch (method) {
      case 'wallet_getCapabilities':
        return {
          '0x1': {
            atomic: { status: options.atomic ?? 'ready' },
            ...(options.paymaster ? { paymasterService: { supported: true } } : {}),
          },
        }
      case 'wallet_sendCalls':
        if (options.sendError) throw Object.assign(new Error(options.sendError.message), options.sendError)
        batches.push((params as unknown[])[0])
        return { id: '0xbatch1' }
      case 'wallet_getCallsStatus':
        return { status: statuses.length > 1 ? statuses.shift() : statuses[0] }
    }
    throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
  })
  return { request, batches }
}

const controllers: SwapController[] = []
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.dispose()
})
beforeAll(() => setLocale('en-US'))

function setUp(
  options: {
    allowance?: bigint
    fail?: string
    send?: (request: TransactionRequest) => Promise<string>
    usdc?: string
    eth?: bigint
    debounceMs?: number
    quote?: unknown
    approveFrom?: string
    /** The wallet's EIP-1193 provider; by default one that knows no EIP-5792 method. */
    wallet?: { request(args: { method: string; params?: unknown }): Promise<unknown> }
    paymasterUrl?: string
  } = {},
) {
  const account = createAccountController()
  const eth = options.eth ?? 2n * 10n ** 18n
  account.setBalance({ value: eth.toString(), decimals: 18, symbol: 'ETH', chainId: 1 })
  account.setTokens({
    tokensStatus: 'ready',
    tokenBalances: [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        price: 3000,
        quantity: { decimals: '18', numeric: '2' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:1',
        // As the chain API names it: CAIP-10, checksummed.
        address: 'eip155:1:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
        price: 1,
        quantity: { decimals: '6', numeric: options.usdc ?? '25.5' },
      },
    ],
  })
  const connection = createConnectionController()
  connection.setConnected({
    namespace: 'eip155',
    accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    chainId: 1,
    connectorId: 'test',
    connectorName: 'Test',
  })
  const events = createKernelEvents()
  const router = createRouter({ onEmpty: () => {} })
  router.reset('Account')
  const toast = createToastController()
  const toasts: string[] = []
  toast.store.subscribe((state) => void (state.open && toasts.push(`${state.variant}: ${state.message}`)))
  const api = chainApi(options)
  const sent: TransactionRequest[] = []
  let hashes = 0
  const sendTransaction = vi.fn(async (request: TransactionRequest) => {
    sent.push(request)
    if (options.send) return options.send(request)
    return `0x${(++hashes).toString(16).padStart(64, '0')}`
  })
  const refreshBalance = vi.fn(async (_options?: { forceUpdate?: boolean }) => {})
  const controller = createSwapController(
    {
      config: {
        chainApiUrl: 'http://chain-api.test',
        projectId: 'test',
        paymasterUrl: options.paymasterUrl,
      } as never,
      account,
      connection,
      router,
      toast,
      on: events.on,
      sendTransaction,
      refreshBalance,
      getProvider: async () => options.wallet ?? noBatchWallet,
    },
    {
      client: createSwapClient({ baseUrl: 'http://chain-api.test', projectId: 'test', fetch: api.fetch }),
      debounceMs: options.debounceMs ?? 0,
    },
  )
  controllers.push(controller)
  /** The state once the debounced quote and its transaction are settled. */
  const settled = () =>
    vi.waitFor(() => {
      const state = controller.store.getState()
      if (state.quoteStatus === 'loading' || state.transactionStatus === 'preparing') throw new Error('busy')
      return state
    })
  return { controller, api, events, router, toasts, sent, sendTransaction, settled, account, refreshBalance }
}

describe('swap controller', () => {
  it('initializes: uninitialised → initializing → initialized, with the native token as source', async () => {
    const { controller, api, refreshBalance } = setUp()
    const statuses: string[] = []
    controller.store.subscribe((state) => statuses.push(state.status))
    expect(controller.store.getState().status).toBe('uninitialized')
    await controller.initialize()
    expect([...new Set(statuses)]).toEqual(['initializing', 'initialized'])
    // The balances are read again for the quotes' checks, past the chain API's cache: funds that arrived
    // a moment ago count.
    expect(refreshBalance).toHaveBeenCalledTimes(1)
    expect(refreshBalance).toHaveBeenCalledWith({ forceUpdate: true })
    expect(controller.sourceToken()?.symbol).toBe('ETH')
    expect(controller.toToken()).toBeUndefined()
    expect(controller.tokens().map((token) => [token.symbol, token.balance, token.price])).toEqual([
      ['ETH', 2n * 10n ** 18n, 3000],
      ['USDC', 25_500_000n, 1],
    ])
    expect(api.calls.find((call) => call.path === '/v1/convert/tokens')?.params).toEqual({
      projectId: 'test',
      chainId: 'eip155:1',
    })
    expect(api.calls.find((call) => call.path === '/v1/fungible/price')?.body).toEqual({
      projectId: 'test',
      currency: 'usd',
      addresses: [NATIVE, USDC_ID],
    })
  })

  it("shows 'Failed to initialize swap' and goes back when the tokens cannot be had", async () => {
    const { controller, router, toasts } = setUp({ fail: '/v1/convert/tokens' })
    router.push('Swap' as never)
    router.push('SwapSelectToken' as never, { target: 'toToken' } as never)
    await controller.initialize()
    expect(controller.store.getState().status).toBe('uninitialized')
    expect(toasts).toContain('error: Failed to initialize swap')
    // Out of every swap view at once, to the view the visitor opened Swap from.
    expect(router.store.getState().history.map((entry) => entry.view)).toEqual(['Account'])
  })

  it('quotes after the amount, checks the balance and builds the swap from the native token', async () => {
    const { controller, api, settled } = setUp()
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setSourceTokenAmount('0.5')
    const state = await settled()
    const quote = api.calls.find((call) => call.path === '/v1/convert/quotes')
    expect(quote?.params).toMatchObject({
      amount: '500000000000000000',
      userAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      from: NATIVE,
      to: USDC_ID,
      gasPrice: GAS_PRICE.toString(),
    })
    // 0.5 ETH less 0.85 % at 3,000: 1,487.25 USDC; the target shows 6 decimals at most.
    expect(state.toTokenAmount).toBe('1487.25')
    expect(state.providerFee).toBe(4_250_000_000_000_000n)
    expect(state.maxSlippage).toBe(14_872_500n)
    expect(state.priceImpact).toBeCloseTo(0, 8)
    expect(state.inputError).toBeUndefined()
    // No allowance for the native token: the swap is built at once, with its own gas.
    expect(api.calls.some((call) => call.path === '/v1/convert/allowance')).toBe(false)
    expect(api.calls.find((call) => call.path === '/v1/convert/build-transaction')?.body).toEqual({
      projectId: 'test',
      amount: '500000000000000000',
      eip155: { slippage: '1' },
      from: NATIVE,
      to: USDC_ID,
      userAddress: `eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`,
    })
    expect(state.swapTransaction).toEqual({
      to: ROUTER,
      data: '0x7ff36ab5',
      value: 500_000_000_000_000_000n,
      gas: 120_000n,
      gasPrice: GAS_PRICE,
      toAmount: 1_487_250_000n,
    })
    expect(state.gasFee).toBe(120_000n * GAS_PRICE)
    expect(state.gasPriceInUSD).toBeCloseTo(0.72, 10)
    expect(controller.canPreview()).toBe(true)
  })

  it("says 'Insufficient balance' on a quote above the balance and builds nothing", async () => {
    const { controller, api, settled } = setUp()
    await controller.initialize()
    controller.setSourceToken(USDC_ID)
    controller.setToToken(NATIVE)
    controller.setSourceTokenAmount('30')
    const state = await settled()
    expect(state.quoteStatus).toBe('ready')
    expect(state.inputError).toBe('insufficientBalance')
    expect(api.calls.some((call) => call.path.startsWith('/v1/convert/build'))).toBe(false)
    expect(controller.canPreview()).toBe(false)
  })

  it('counts the network fee: no native token to pay it is an insufficient balance', async () => {
    const { controller, settled } = setUp({ eth: 0n })
    await controller.initialize()
    controller.setSourceToken(USDC_ID)
    controller.setToToken(NATIVE)
    controller.setSourceTokenAmount('1')
    expect((await settled()).inputError).toBe('insufficientBalance')
  })

  it('does not quote zero, and names a bad amount', async () => {
    const { controller, api, settled } = setUp()
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setSourceTokenAmount('0')
    expect((await settled()).quoteStatus).toBe('idle')
    controller.setSourceTokenAmount('1.2.3x')
    expect((await settled()).inputError).toBe('invalidAmount')
    controller.setSourceTokenAmount('0.0000000000000000001')
    expect((await settled()).inputError).toBe('tooManyDecimals')
    expect(api.calls.some((call) => call.path === '/v1/convert/quotes')).toBe(false)
  })

  it('debounces the quote: typing quickly asks once, for the last amount', async () => {
    vi.useFakeTimers()
    try {
      const { controller, api } = setUp({ debounceMs: 500 })
      const initializing = controller.initialize()
      await vi.runAllTimersAsync()
      await initializing
      controller.setToToken(USDC_ID)
      await vi.runAllTimersAsync()
      for (const text of ['0', '0.', '0.1', '0.12']) controller.setSourceTokenAmount(text)
      await vi.advanceTimersByTimeAsync(499)
      expect(api.calls.filter((call) => call.path === '/v1/convert/quotes')).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1)
      await vi.runAllTimersAsync()
      const quotes = api.calls.filter((call) => call.path === '/v1/convert/quotes')
      expect(quotes.map((call) => call.params.amount)).toEqual(['120000000000000000'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('approves first when the allowance is short, then quotes again and builds the swap', async () => {
    const { controller, api, events, sent, toasts, settled } = setUp({ allowance: 1n })
    await controller.initialize()
    controller.setSourceToken(USDC_ID)
    controller.setToToken(NATIVE)
    controller.setSourceTokenAmount('10')
    const state = await settled()
    expect(api.calls.find((call) => call.path === '/v1/convert/allowance')?.params).toEqual({
      projectId: 'test',
      tokenAddress: USDC_ID,
      userAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(api.calls.find((call) => call.path === '/v1/convert/build-approve')?.params).toMatchObject({
      from: USDC_ID,
      to: NATIVE,
      amount: '10000000',
    })
    // Sent to tx.from, the token contract, as Web3Modal 5.1.11 reads the answer.
    expect(state.approvalTransaction).toEqual({
      to: USDC,
      data: APPROVE_DATA,
      value: 0n,
      gas: 55_000n,
      gasPrice: GAS_PRICE,
    })
    expect(state.swapTransaction).toBeUndefined()
    expect(decodeFunctionData({ abi: erc20Abi, data: APPROVE_DATA as `0x${string}` }).functionName).toBe(
      'approve',
    )

    const approving = controller.approve()
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ to: USDC, data: APPROVE_DATA, value: 0n })
    expect(toasts.at(-1)).toBe('loading: Approve limit increase in your wallet')
    expect(controller.store.getState().transactionStatus).toBe('approving')
    api.approve(10_000_000n)
    events.emit('transactionConfirmed', {
      hash: `0x${'1'.padStart(64, '0')}`,
      connection: {} as never,
      status: 'success',
    })
    await expect(approving).resolves.toMatchObject({ status: 'approved' })
    const after = await settled()
    expect(api.calls.filter((call) => call.path === '/v1/convert/quotes')).toHaveLength(2)
    expect(after.approvalTransaction).toBeUndefined()
    expect(after.swapTransaction?.value).toBe(0n)
    expect(after.sourceTokenAmount).toBe('10')
    expect(controller.canPreview()).toBe(true)
  })

  it('swaps: confirm in the wallet, Swapping (seen even when the block comes at once), reset and Account, then Swapped', async () => {
    const { controller, events, sent, toasts, router, settled } = setUp()
    router.push('Swap' as never)
    router.push('SwapPreview' as never)
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setSourceTokenAmount('0.5')
    await settled()
    const sending = controller.swap()
    expect(toasts.at(-1)).toBe('loading: Confirm transaction in your wallet')
    const outcome = await sending
    expect(outcome).toMatchObject({ status: 'sent' })
    expect(sent[0]).toEqual({ to: ROUTER, data: '0x7ff36ab5', value: 500_000_000_000_000_000n })
    expect(toasts.at(-1)).toBe('loading: Swapping 0.5 ETH to 1,487.25 USDC')
    expect(controller.store.getState()).toMatchObject({ status: 'uninitialized', sourceTokenAmount: '' })
    expect(router.store.getState().history.map((entry) => entry.view)).toEqual(['Account'])
    vi.useFakeTimers()
    try {
      // A fast chain: the block comes at once. "Swapping" stays on screen long enough to be seen.
      events.emit('transactionConfirmed', {
        hash: (outcome as { hash: string }).hash,
        connection: {} as never,
        status: 'success',
      })
      expect(toasts.at(-1)).toBe('loading: Swapping 0.5 ETH to 1,487.25 USDC')
      vi.advanceTimersByTime(SWAPPING_TOAST_MIN_MS)
      expect(toasts.at(-1)).toBe('success: Swapped 0.5 ETH to 1,487.25 USDC')
      expect(toasts.filter((toast) => toast.startsWith('success'))).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows "Swapped" at once when "Swapping" has been on screen its while', async () => {
    const { controller, events, toasts, settled } = setUp()
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setSourceTokenAmount('0.5')
    await settled()
    const outcome = await controller.swap()
    vi.useFakeTimers()
    try {
      vi.advanceTimersByTime(SWAPPING_TOAST_MIN_MS)
      events.emit('transactionConfirmed', {
        hash: (outcome as { hash: string }).hash,
        connection: {} as never,
        status: 'reverted',
      })
      expect(toasts.at(-1)).toBe('error: Transaction error')
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps the form when the wallet rejects, with the wallet short message as toast', async () => {
    const rejection = new UserRejectedRequestError({
      cause: Object.assign(new Error('User rejected the request.'), {
        shortMessage: 'User rejected the request.',
      }),
    })
    const { controller, toasts, router, settled } = setUp({ send: async () => Promise.reject(rejection) })
    router.push('Swap' as never)
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setSourceTokenAmount('0.5')
    const before = await settled()
    await expect(controller.swap()).resolves.toMatchObject({ status: 'rejected' })
    expect(toasts.at(-1)).toBe('error: User rejected the request.')
    const after = controller.store.getState()
    expect(after).toEqual({ ...before, transactionStatus: 'idle' })
    expect(router.current()?.view).toBe('Swap')
    expect(controller.canPreview()).toBe(true)
  })

  it("toasts 'Transaction error' for a failure without words, and each preparation failure by its step", async () => {
    const failing = setUp({ send: async () => Promise.reject({}) })
    await failing.controller.initialize()
    failing.controller.setToToken(USDC_ID)
    failing.controller.setSourceTokenAmount('0.5')
    await failing.settled()
    await failing.controller.swap()
    expect(failing.toasts.at(-1)).toBe('error: Transaction error')

    for (const [path, text] of [
      ['/v1/convert/allowance', 'Failed to check allowance'],
      ['/v1/convert/build-approve', 'Failed to create approval transaction'],
      ['/v1/convert/build-transaction', 'Failed to create transaction'],
    ] as const) {
      const { controller, toasts, settled } = setUp({
        fail: path,
        allowance: path === '/v1/convert/build-transaction' ? 10n ** 12n : 0n,
      })
      await controller.initialize()
      controller.setSourceToken(USDC_ID)
      controller.setToToken(NATIVE)
      controller.setSourceTokenAmount('1')
      const state = await settled()
      expect(toasts).toContain(`error: ${text}`)
      expect(state.transactionStatus).toBe('idle')
      expect(controller.canPreview()).toBe(false)
    }
  })

  it("refuses answers of the wrong shape, and an approval that is not the source token's approve", async () => {
    const badQuote = setUp({
      quote: { quotes: [{ fromAmount: '1', fromAccount: 'x', toAmount: '-5', toAccount: 'y' }] },
    })
    await badQuote.controller.initialize()
    badQuote.controller.setToToken(USDC_ID)
    badQuote.controller.setSourceTokenAmount('1')
    expect(await badQuote.settled()).toMatchObject({
      quoteStatus: 'error',
      quote: undefined,
      toTokenAmount: '',
    })
    expect(badQuote.controller.canPreview()).toBe(false)

    // An answer naming another contract as tx.from would have the wallet send the approval there.
    const elsewhere = setUp({ approveFrom: `eip155:1:${ROUTER}` })
    await elsewhere.controller.initialize()
    elsewhere.controller.setSourceToken(USDC_ID)
    elsewhere.controller.setToToken(NATIVE)
    elsewhere.controller.setSourceTokenAmount('1')
    const state = await elsewhere.settled()
    expect(state.approvalTransaction).toBeUndefined()
    expect(elsewhere.toasts).toContain('error: Failed to create approval transaction')
  })

  it('switches tokens with the target amount, or 1 when the target is empty', async () => {
    const { controller, settled } = setUp()
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.switchTokens()
    let state = await settled()
    expect(controller.sourceToken()?.symbol).toBe('USDC')
    expect(controller.toToken()?.symbol).toBe('ETH')
    expect(state.sourceTokenAmount).toBe('1')
    // 1 USDC less the fee at 3,000 USDC per ETH, 6 decimals at most.
    expect(state.toTokenAmount).toBe('0.00033')
    controller.switchTokens()
    state = await settled()
    expect(controller.sourceToken()?.symbol).toBe('ETH')
    expect(state.sourceTokenAmount).toBe('0.00033')
  })

  it('fills Max: the whole token balance, or the native balance less twice the estimated fee', async () => {
    const { controller, settled } = setUp()
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setMax()
    const reserve = 2n * 150_000n * GAS_PRICE
    expect(controller.store.getState().sourceTokenAmount).toBe(
      (2n * 10n ** 18n - reserve).toString().replace(/^(\d)(\d+?)0*$/, '$1.$2'),
    )
    expect((await settled()).inputError).toBeUndefined()
    controller.setSourceToken(USDC_ID)
    controller.setMax()
    expect(controller.store.getState().sourceTokenAmount).toBe('25.5')
  })

  it('starts over on another account or network', async () => {
    const { controller, events, settled } = setUp()
    await controller.initialize()
    controller.setToToken(USDC_ID)
    controller.setSourceTokenAmount('0.5')
    await settled()
    events.emit('chainChanged', { connection: {} as never })
    expect(controller.store.getState()).toMatchObject({
      status: 'uninitialized',
      quote: undefined,
      listing: [],
    })
  })

  describe('as one batch where the wallet batches (EIP-5792)', () => {
    const PAYMASTER = 'http://paymaster.test/portico-demo'

    /** USDC → ETH with the allowance short, the quote and its batch prepared. */
    async function prepareUsdcSwap(setup: ReturnType<typeof setUp>) {
      await setup.controller.initialize()
      setup.controller.setSourceToken(USDC_ID)
      setup.controller.setToToken(NATIVE)
      setup.controller.setSourceTokenAmount('10')
      return setup.settled()
    }

    it('builds approve + swap together, the swap unestimated, and sends them as one wallet_sendCalls', async () => {
      const wallet = batchingWallet({ atomic: 'supported' })
      const setup = setUp({ wallet })
      const state = await prepareUsdcSwap(setup)
      expect(state.batched).toBe(true)
      expect(state.sponsored).toBe(false)
      expect(state.approvalTransaction?.to).toBe(USDC)
      expect(state.swapTransaction?.to).toBe(ROUTER)
      expect(
        setup.api.calls.find((call) => call.path === '/v1/convert/build-transaction')?.body,
      ).toMatchObject({
        disableEstimate: true,
      })
      // One fee for both: the approval's gas and the swap's.
      expect(state.gasFee).toBe((55_000n + 120_000n) * GAS_PRICE)
      expect(setup.controller.canPreview()).toBe(true)

      const outcome = await setup.controller.swap()
      expect(outcome).toEqual({ status: 'sent', hash: '0xbatch1' })
      expect(setup.sendTransaction).not.toHaveBeenCalled()
      expect(wallet.batches).toEqual([
        {
          version: '2.0.0',
          chainId: '0x1',
          from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          atomicRequired: true,
          calls: [
            { to: USDC, data: APPROVE_DATA, value: '0x0' },
            { to: ROUTER, data: '0x7ff36ab5', value: '0x0' },
          ],
        },
      ])
      const [approveCall] = (wallet.batches[0] as { calls: { data: `0x${string}` }[] }).calls
      expect(
        decodeFunctionData({ abi: erc20Abi, data: approveCall?.data as `0x${string}` }).functionName,
      ).toBe('approve')
      expect(setup.router.store.getState().history.map((entry) => entry.view)).toEqual(['Account'])
      // Followed with wallet_getCallsStatus: pending, then confirmed → Swapped and the balances read again.
      await vi.waitFor(() => expect(setup.toasts.at(-1)).toMatch(/^success: Swapped 10 USDC to /), {
        timeout: 5_000,
      })
      expect(
        wallet.request.mock.calls.filter(([args]) => args.method === 'wallet_getCallsStatus'),
      ).toHaveLength(2)
      expect(setup.refreshBalance).toHaveBeenCalledTimes(2)
      expect(setup.refreshBalance).toHaveBeenLastCalledWith({ forceUpdate: true })
    })

    it('the approve() of a batched swap sends the same one batch (one approval in the wallet)', async () => {
      const wallet = batchingWallet()
      const setup = setUp({ wallet })
      await prepareUsdcSwap(setup)
      expect(await setup.controller.approve()).toEqual({ status: 'sent', hash: '0xbatch1' })
      expect(wallet.batches).toHaveLength(1)
      expect((wallet.batches[0] as { calls: unknown[] }).calls).toHaveLength(2)
    })

    it('a batch that fails on chain toasts the error, not Swapped', async () => {
      const setup = setUp({ wallet: batchingWallet({ statuses: [100, 500] }) })
      await prepareUsdcSwap(setup)
      await setup.controller.swap()
      await vi.waitFor(() => expect(setup.toasts.at(-1)).toBe('error: Transaction error'), { timeout: 5_000 })
      expect(setup.toasts.some((toast) => toast.startsWith('success: Swapped'))).toBe(false)
    })

    it('sponsored by the dApp’s paymaster: no ETH needed, the paymasterService capability sent', async () => {
      const wallet = batchingWallet({ paymaster: true })
      const setup = setUp({ wallet, eth: 0n, paymasterUrl: PAYMASTER })
      const state = await prepareUsdcSwap(setup)
      expect(state.inputError).toBeUndefined()
      expect(state.sponsored).toBe(true)
      expect(state.gasFee).toBe(0n)
      await setup.controller.swap()
      expect(wallet.batches[0]).toMatchObject({ capabilities: { paymasterService: { url: PAYMASTER } } })
    })

    it('sponsors only a batch: a swap with its allowance already there still needs the fee', async () => {
      const wallet = batchingWallet({ paymaster: true })
      const setup = setUp({ wallet, eth: 0n, paymasterUrl: PAYMASTER, allowance: 10n ** 12n })
      const state = await prepareUsdcSwap(setup)
      expect(state.batched).toBe(false)
      expect(state.sponsored).toBe(false)
      expect(state.inputError).toBe('insufficientBalance')
      expect(wallet.batches).toEqual([])
    })

    it('without a paymaster URL in the config, a wallet’s paymasterService does not excuse the fee', async () => {
      const setup = setUp({ wallet: batchingWallet({ paymaster: true }), eth: 0n })
      expect((await prepareUsdcSwap(setup)).inputError).toBe('insufficientBalance')
    })

    it('says the sponsor cannot be reached (catalogued) when the wallet answers resource unavailable', async () => {
      const wallet = batchingWallet({
        paymaster: true,
        sendError: { code: -32002, message: 'fetch failed: ECONNREFUSED 127.0.0.1:3006' },
      })
      const setup = setUp({ wallet, eth: 0n, paymasterUrl: PAYMASTER })
      await prepareUsdcSwap(setup)
      const outcome = await setup.controller.swap()
      expect(outcome.status).toBe('failed')
      expect(setup.toasts.at(-1)).toBe(
        'error: The service that pays this swap’s network fee cannot be reached. Try again later.',
      )
      // The form stays for another try.
      expect(setup.controller.store.getState().transactionStatus).toBe('idle')
      expect(setup.controller.store.getState().sourceTokenAmount).toBe('10')
    })

    it('a rejected batch keeps the form, as a rejected transaction does', async () => {
      const wallet = batchingWallet({ sendError: { code: 4001, message: 'User rejected the request.' } })
      const setup = setUp({ wallet })
      await prepareUsdcSwap(setup)
      expect((await setup.controller.swap()).status).toBe('rejected')
      expect(setup.toasts.at(-1)).toBe('error: User rejected the request.')
    })

    it('a wallet without atomic support (or that does not answer) keeps the two steps', async () => {
      for (const wallet of [batchingWallet({ atomic: 'unsupported' }), undefined]) {
        const setup = setUp({ wallet })
        const state = await prepareUsdcSwap(setup)
        expect(state.batched).toBe(false)
        expect(state.approvalTransaction).toBeDefined()
        expect(state.swapTransaction).toBeUndefined()
        void setup.controller.approve()
        // The approval alone, as a transaction.
        await vi.waitFor(() => expect(setup.sendTransaction).toHaveBeenCalledTimes(1))
        expect(setup.sent[0]?.to).toBe(USDC)
        if (wallet) expect(wallet.batches).toEqual([])
        for (const controller of controllers.splice(0)) controller.dispose()
      }
    })
  })
})
