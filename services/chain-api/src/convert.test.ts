import {
  DEPLOYER_ADDRESS,
  DEV_ACCOUNTS,
  type Devnet,
  devToken,
  SWAP_CONTRACTS,
  startDevnet,
} from '@portico/devnet'
import { type Address, erc20Abi, type Hex, maxUint256, parseAbi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import {
  balanceResponseSchema,
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  type ChainApiServer,
  createChainApiServer,
  errorResponseSchema,
  fungiblePriceResponseSchema,
  NATIVE_TOKEN_ADDRESS,
  swapAllowanceResponseSchema,
  swapQuoteResponseSchema,
  swapTokensResponseSchema,
} from './index.js'

const USDC = devToken('USDC')
const WBTC = devToken('WBTC')
const DAI = devToken('DAI')
const UNI = devToken('UNI')
const { weth: WETH, router: ROUTER, feeRouter: FEE_ROUTER } = SWAP_CONTRACTS
const ETH_ID = `eip155:1:${NATIVE_TOKEN_ADDRESS}`
const caip = (address: string) => `eip155:1:${address}`
const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
])

let devnet: Devnet
let server: ChainApiServer

beforeAll(async () => {
  // Sepolia is served but not a swap network of spec §9.
  devnet = await startDevnet({ port: 0, chainIds: [1, 11155111] })
  server = await createChainApiServer({
    manifest: devnet.manifest,
    indexer: false,
    balanceCacheTtlMs: 60_000,
    balanceForceUpdateIntervalMs: 0,
    priceCacheTtlMs: 0,
  })
})

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const get = (url: string) => server.app.inject({ method: 'GET', url })
const query = (params: Record<string, string>) =>
  new URLSearchParams({ projectId: PROJECT, ...params }).toString()

async function getQuote(from: string, to: string, amount: bigint, user: string = DEV_ACCOUNTS[1]) {
  const response = await get(
    `/v1/convert/quotes?${query({ amount: String(amount), userAddress: user, from, to, gasPrice: '1000000000' })}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return swapQuoteResponseSchema.parse(response.json()).quotes[0] as { toAmount: string; fromAmount: string }
}

async function buildTransaction(
  user: Address,
  from: string,
  to: string,
  amount: bigint,
  extra: { disableEstimate?: boolean } = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/v1/convert/build-transaction',
    payload: {
      amount: String(amount),
      eip155: { slippage: '1' },
      from,
      to,
      projectId: PROJECT,
      userAddress: caip(user),
      ...extra,
    },
  })
}

/** The router's best output over the paths a quote considers, for the amount left after the 0.0085 fee. */
async function routerBest(pathEnds: [Address, Address], amountIn: bigint) {
  const { publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
  const [a, b] = pathEnds
  const net = amountIn - (amountIn * 8_500n) / 1_000_000n
  const paths = [
    [a, b],
    [a, WETH, b],
    [a, USDC.address, b],
  ].filter((path) => new Set(path).size === path.length)
  const outputs = await Promise.all(
    paths.map((path) =>
      publicClient
        .readContract({ address: ROUTER, abi: routerAbi, functionName: 'getAmountsOut', args: [net, path] })
        .then((amounts) => amounts.at(-1) as bigint)
        .catch(() => 0n),
    ),
  )
  return outputs.reduce((best, out) => (out > best ? out : best), 0n)
}

/** Sends what the API built from `account`, as Web3Modal does (value = amount from the native token). */
async function send(account: number, to: string, data: string, value = 0n, gas?: string) {
  const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, account)
  const hash = await wallet.sendTransaction({
    to: to.split(':')[2] as Address,
    data: data as Hex,
    value,
    ...(gas ? { gas: BigInt(gas) } : {}),
  })
  return publicClient.waitForTransactionReceipt({ hash })
}

const balanceOf = (token: Address, owner: Address) =>
  devnetClients(devnet.rpcUrl(1), 1, 0).publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

describe('GET /v1/convert/tokens', () => {
  it('lists the native token as 0xeeee… and the pooled ERC-20s as CAIP-10, with logos', async () => {
    const response = await get(`/v1/convert/tokens?${query({ chainId: 'eip155:1' })}`)
    expect(response.statusCode).toBe(200)
    const { tokens } = swapTokensResponseSchema.parse(response.json())
    expect(tokens.map((token) => [token.symbol, token.address, token.decimals])).toEqual([
      ['ETH', ETH_ID, 18],
      ['USDC', caip(USDC.address), 6],
      ['WBTC', caip(WBTC.address), 8],
      ['DAI', caip(DAI.address), 18],
      ['UNI', caip(UNI.address), 18],
    ])
    expect(tokens[0]).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      address: ETH_ID,
      decimals: 18,
      logoUri: 'http://127.0.0.1:3001/public/getTokenImage/ETH',
    })
  })
})

describe('GET /v1/convert/quotes', () => {
  it.each([
    ['ETH → USDC', ETH_ID, caip(USDC.address), parseEther('1'), [WETH, USDC.address]],
    ['USDC → ETH', caip(USDC.address), ETH_ID, parseUnits('2500', 6), [USDC.address, WETH]],
    ['WBTC → UNI', caip(WBTC.address), caip(UNI.address), parseUnits('0.05', 8), [WBTC.address, UNI.address]],
    [
      'DAI → WBTC',
      caip(DAI.address),
      caip(WBTC.address),
      parseUnits('1000', 18),
      [DAI.address, WBTC.address],
    ],
  ] as const)(
    '%s equals the router getAmountsOut of the best path, after the provider fee',
    async (_, from, to, amount, ends) => {
      const quote = await getQuote(from, to, amount)
      expect(quote.fromAmount).toBe(String(amount))
      const onChain = await routerBest([ends[0], ends[1]], amount)
      expect(onChain).toBeGreaterThan(0n)
      expect(BigInt(quote.toAmount)).toBe(onChain)
    },
  )

  it('is near the pool price less the 0.3 % pool fee and the 0.0085 provider fee', async () => {
    const quote = await getQuote(ETH_ID, caip(USDC.address), parseEther('1'))
    const usdc = Number(quote.toAmount) / 1e6
    expect(usdc).toBeGreaterThan(3000 * 0.997 * (1 - 0.0085) * 0.99)
    expect(usdc).toBeLessThan(3000 * 0.997 * (1 - 0.0085) * 1.01)
  })
})

describe('swapping with the built transactions', () => {
  it('ETH → USDC needs no approval; the receiver gets at least the minimum and the fee goes to the provider', async () => {
    const user = DEV_ACCOUNTS[5]
    const amount = parseEther('2')
    const allowance = swapAllowanceResponseSchema.parse(
      (await get(`/v1/convert/allowance?${query({ tokenAddress: ETH_ID, userAddress: caip(user) })}`)).json(),
    )
    expect(BigInt(allowance.allowance)).toBe(maxUint256)
    const quote = await getQuote(ETH_ID, caip(USDC.address), amount, user)
    const response = await buildTransaction(user, ETH_ID, caip(USDC.address), amount)
    expect(response.statusCode, response.body).toBe(200)
    const { tx } = buildTransactionResponseSchema.parse(response.json())
    expect(tx.to).toBe(caip(FEE_ROUTER))
    expect(tx.from).toBe(caip(user.toLowerCase()))
    expect(tx.amount).toBe(String(amount))
    expect(BigInt(tx.eip155.gasPrice)).toBeGreaterThan(0n)

    const usdcBefore = await balanceOf(USDC.address, user)
    const { publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    const feeBefore = await publicClient.getBalance({ address: DEPLOYER_ADDRESS })
    const receipt = await send(5, tx.to, tx.data, amount, tx.eip155.gas)
    expect(receipt.status).toBe('success')
    const received = (await balanceOf(USDC.address, user)) - usdcBefore
    const minimum = (BigInt(quote.toAmount) * 99n) / 100n
    expect(received).toBeGreaterThanOrEqual(minimum)
    // Nothing else traded in between, so exactly the quote.
    expect(received).toBe(BigInt(quote.toAmount))
    expect(await publicClient.getBalance({ address: DEPLOYER_ADDRESS })).toBe(
      feeBefore + (amount * 8_500n) / 1_000_000n,
    )
  })

  it('USDC → ETH: refused until approved, then approve as Web3Modal sends it, then swap', async () => {
    const user = DEV_ACCOUNTS[6]
    const amount = parseUnits('3000', 6)
    const allowanceUrl = `/v1/convert/allowance?${query({ tokenAddress: caip(USDC.address), userAddress: caip(user) })}`
    expect(swapAllowanceResponseSchema.parse((await get(allowanceUrl)).json()).allowance).toBe('0')

    const refused = await buildTransaction(user, caip(USDC.address), ETH_ID, amount)
    expect(refused.statusCode).toBe(400)
    expect(errorResponseSchema.parse(refused.json()).error.parameter).toBe('from')

    const approve = await get(
      `/v1/convert/build-approve?${query({ userAddress: caip(user), from: caip(USDC.address), to: ETH_ID })}`,
    )
    expect(approve.statusCode, approve.body).toBe(200)
    const { tx: approval } = buildApproveResponseSchema.parse(approve.json())
    // Web3Modal 5.1.11 sends the approval to tx.from: the token contract; the spender is tx.to.
    expect(approval.from).toBe(caip(USDC.address))
    expect(approval.to).toBe(caip(FEE_ROUTER))
    expect(approval.value).toBe('0')
    expect((await send(6, approval.from, approval.data, BigInt(approval.value))).status).toBe('success')
    expect(BigInt(swapAllowanceResponseSchema.parse((await get(allowanceUrl)).json()).allowance)).toBe(
      maxUint256,
    )

    const quote = await getQuote(caip(USDC.address), ETH_ID, amount, user)
    const built = await buildTransaction(user, caip(USDC.address), ETH_ID, amount)
    expect(built.statusCode, built.body).toBe(200)
    const { tx } = buildTransactionResponseSchema.parse(built.json())
    const { publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    const ethBefore = await publicClient.getBalance({ address: user })
    const receipt = await send(6, tx.to, tx.data, 0n, tx.eip155.gas)
    expect(receipt.status).toBe('success')
    const received =
      (await publicClient.getBalance({ address: user })) -
      ethBefore +
      receipt.gasUsed * receipt.effectiveGasPrice
    expect(received).toBeGreaterThanOrEqual((BigInt(quote.toAmount) * 99n) / 100n)
    expect(received).toBe(BigInt(quote.toAmount))
  })

  it('USDC → ETH with disableEstimate: built before the approval, for a batch that approves first', async () => {
    const user = DEV_ACCOUNTS[9]
    const amount = parseUnits('100', 6)
    const refused = await buildTransaction(user, caip(USDC.address), ETH_ID, amount)
    expect(refused.statusCode).toBe(400)
    const built = await buildTransaction(user, caip(USDC.address), ETH_ID, amount, { disableEstimate: true })
    expect(built.statusCode, built.body).toBe(200)
    const { tx } = buildTransactionResponseSchema.parse(built.json())
    // Not estimated: the unestimated limit with the margin, not what this swap would cost.
    expect(tx.eip155.gas).toBe(String((300_000n * 6n) / 5n))
    const approve = buildApproveResponseSchema.parse(
      (
        await get(
          `/v1/convert/build-approve?${query({ userAddress: caip(user), from: caip(USDC.address), to: ETH_ID, amount: String(amount) })}`,
        )
      ).json(),
    )
    // Sent in the batch's order, the swap built before the approval lands.
    const { publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    const usdcBefore = await balanceOf(USDC.address, user)
    expect((await send(9, approve.tx.from, approve.tx.data)).status).toBe('success')
    const ethBefore = await publicClient.getBalance({ address: user })
    const swapped = await send(9, tx.to, tx.data, 0n, tx.eip155.gas)
    expect(swapped.status).toBe('success')
    expect(await balanceOf(USDC.address, user)).toBeLessThan(usdcBefore)
    expect(await publicClient.getBalance({ address: user })).toBeGreaterThan(
      ethBefore - swapped.gasUsed * swapped.effectiveGasPrice,
    )
  })

  it('DAI → UNI (token to token, through the stablecoin)', async () => {
    const user = DEV_ACCOUNTS[7]
    const amount = parseUnits('500', 18)
    const approve = buildApproveResponseSchema.parse(
      (
        await get(
          `/v1/convert/build-approve?${query({ userAddress: caip(user), from: caip(DAI.address), to: caip(UNI.address) })}`,
        )
      ).json(),
    )
    await send(7, approve.tx.from, approve.tx.data)
    const quote = await getQuote(caip(DAI.address), caip(UNI.address), amount, user)
    const { tx } = buildTransactionResponseSchema.parse(
      (await buildTransaction(user, caip(DAI.address), caip(UNI.address), amount)).json(),
    )
    const before = await balanceOf(UNI.address, user)
    expect((await send(7, tx.to, tx.data, 0n, tx.eip155.gas)).status).toBe('success')
    expect((await balanceOf(UNI.address, user)) - before).toBe(BigInt(quote.toAmount))
  })
})

describe('prices follow the pools', () => {
  it('a swap moves the price of /v1/fungible/price and the balance view; forceUpdate lists refresh balances', async () => {
    const user = DEV_ACCOUNTS[8]
    const ethPrice = async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/v1/fungible/price',
        payload: { projectId: PROJECT, currency: 'usd', addresses: [ETH_ID] },
      })
      return fungiblePriceResponseSchema.parse(response.json()).fungibles[0]?.price as number
    }
    const balanceUrl = `/v1/account/${user}/balance?${query({ chainId: 'eip155:1' })}`
    const balances = async (extra = '') =>
      balanceResponseSchema.parse((await get(`${balanceUrl}${extra}`)).json()).balances
    const cached = await balances()
    const before = await ethPrice()
    expect(before).toBeGreaterThan(2900)

    // Selling 200 ETH into the pool lowers ETH's price.
    const amount = parseEther('200')
    const { tx } = buildTransactionResponseSchema.parse(
      (await buildTransaction(user, ETH_ID, caip(USDC.address), amount)).json(),
    )
    expect((await send(8, tx.to, tx.data, amount, tx.eip155.gas)).status).toBe('success')
    const after = await ethPrice()
    expect(after).toBeLessThan(before * 0.97)

    // Amounts are cached for a minute here, so only the forced read sees the swap (prices are live).
    const quantities = (list: typeof cached) =>
      list.map((balance) => [balance.symbol, balance.quantity.numeric])
    const unforced = await balances()
    expect(quantities(unforced)).toEqual(quantities(cached))
    expect(unforced[0]?.price).toBe(after)
    const forced = await balances(`&forceUpdate=${ETH_ID},${caip(USDC.address)}`)
    const eth = forced.find((balance) => balance.symbol === 'ETH')
    const usdc = forced.find((balance) => balance.symbol === 'USDC')
    expect(eth?.price).toBe(after)
    expect(eth?.value).toBeCloseTo(Number(eth?.quantity.numeric) * after, 6)
    expect(Number(usdc?.quantity.numeric)).toBeGreaterThan(
      Number(cached.find((b) => b.symbol === 'USDC')?.quantity.numeric),
    )
    expect(Number(eth?.quantity.numeric)).toBeLessThan(Number(cached[0]?.quantity.numeric) - 199)
  })
})

describe('bad input', () => {
  const from = caip(USDC.address)
  const to = ETH_ID
  const user = DEV_ACCOUNTS[1]
  const quoteUrl = (params: Record<string, string>) =>
    `/v1/convert/quotes?${query({ amount: '1000000', userAddress: user, from, to, gasPrice: '1', ...params })}`

  it.each([
    ['amount 0', quoteUrl({ amount: '0' }), 'amount'],
    ['a negative amount', quoteUrl({ amount: '-5' }), 'amount'],
    ['a non-numeric amount', quoteUrl({ amount: 'ten' }), 'amount'],
    ['a fractional amount', quoteUrl({ amount: '1.5' }), 'amount'],
    ['an amount past uint256', quoteUrl({ amount: `1${'0'.repeat(78)}` }), 'amount'],
    ['an unknown token', quoteUrl({ from: 'eip155:1:0x1111111111111111111111111111111111111111' }), 'from'],
    ['a malformed token', quoteUrl({ to: 'ETH' }), 'to'],
    [
      'a chain that is not a swap network',
      quoteUrl({ from: `eip155:11155111:${USDC.address}`, to: `eip155:11155111:${NATIVE_TOKEN_ADDRESS}` }),
      'from',
    ],
    ['a chain not served', quoteUrl({ from: `eip155:56:${USDC.address}` }), 'from'],
    ['tokens of two chains', quoteUrl({ to: `eip155:137:${NATIVE_TOKEN_ADDRESS}` }), 'to'],
    ['the same token twice', quoteUrl({ to: from }), 'to'],
    ['a bad user address', quoteUrl({ userAddress: '0x12' }), 'userAddress'],
    ['a user account of another chain', quoteUrl({ userAddress: `eip155:10:${user}` }), 'userAddress'],
    [
      'an allowance for a user account of another chain',
      `/v1/convert/allowance?${query({ tokenAddress: from, userAddress: `eip155:137:${user}` })}`,
      'userAddress',
    ],
    [
      'an approval for a user account of another chain',
      `/v1/convert/build-approve?${query({ userAddress: `eip155:10:${user}`, from, to })}`,
      'userAddress',
    ],
    ['no projectId', `/v1/convert/quotes?amount=1&userAddress=${user}&from=${from}&to=${to}`, 'projectId'],
    ['tokens of Sepolia', `/v1/convert/tokens?${query({ chainId: 'eip155:11155111' })}`, 'chainId'],
    ['tokens without a chain', `/v1/convert/tokens?${query({})}`, 'chainId'],
    [
      'an allowance of an unknown token',
      `/v1/convert/allowance?${query({ tokenAddress: 'eip155:1:0x1111111111111111111111111111111111111111', userAddress: caip(user) })}`,
      'tokenAddress',
    ],
    [
      'an approval of the native token',
      `/v1/convert/build-approve?${query({ userAddress: caip(user), from: ETH_ID, to: from })}`,
      'from',
    ],
    [
      'a balance with a bad forceUpdate list',
      `/v1/account/${user}/balance?${query({ forceUpdate: 'eip155:1:0x12' })}`,
      'forceUpdate',
    ],
    [
      'a balance forcing a chain not served',
      `/v1/account/${user}/balance?${query({ forceUpdate: `eip155:5:${USDC.address}` })}`,
      'forceUpdate',
    ],
  ])('%s → 400 naming the parameter', async (_, url, parameter) => {
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(400)
    const { error } = errorResponseSchema.parse(response.json())
    expect(error).toMatchObject({ code: 'INVALID_PARAMETER', parameter })
    expect(error.message).toContain(parameter)
  })

  it.each([
    ['amount', { amount: '0' }],
    ['amount', { amount: 'abc' }],
    ['eip155.slippage', { eip155: { slippage: '0' } }],
    ['eip155.slippage', { eip155: { slippage: '99' } }],
    // Number("0x10") is 16: hexadecimal (and exponent) spellings are refused, not read as percents.
    ['eip155.slippage', { eip155: { slippage: '0x10' } }],
    ['eip155.slippage', { eip155: { slippage: '1e1' } }],
    ['userAddress', { userAddress: `eip155:10:${user}` }],
    ['from', { from: 'eip155:1:0x1111111111111111111111111111111111111111' }],
    ['userAddress', { userAddress: 'nobody' }],
  ])('POST build-transaction → 400 naming %s', async (parameter, change) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: {
        amount: '1000000',
        eip155: { slippage: '1' },
        from,
        to,
        projectId: PROJECT,
        userAddress: caip(user),
        ...change,
      },
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(errorResponseSchema.parse(response.json()).error).toMatchObject({
      code: 'INVALID_PARAMETER',
      parameter,
    })
  })

  it('accepts the exponent form a big-number library prints for a large integer amount', async () => {
    const quote = await getQuote(ETH_ID, caip(DAI.address), 10n ** 21n)
    expect(quote.fromAmount).toBe(String(10n ** 21n))
    const response = await get(quoteUrl({ from: ETH_ID, to: caip(DAI.address), amount: '1e+21' }))
    expect(response.statusCode).toBe(200)
    expect(swapQuoteResponseSchema.parse(response.json()).quotes[0]?.fromAmount).toBe(String(10n ** 21n))
  })
})
