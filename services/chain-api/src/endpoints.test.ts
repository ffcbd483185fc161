import { DEV_ACCOUNTS, type Devnet, devToken, startDevnet } from '@portico/devnet'
import { erc20Abi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import {
  balanceResponseSchema,
  type ChainApiServer,
  createChainApiServer,
  errorResponseSchema,
  fungiblePriceResponseSchema,
  gasPriceResponseSchema,
  identityResponseSchema,
  NATIVE_TOKEN_ADDRESS,
} from './index.js'

const USDC = devToken('USDC')
const WBTC = devToken('WBTC')
const DAI = devToken('DAI')
const [ACCOUNT_0, ACCOUNT_1] = DEV_ACCOUNTS

let devnet: Devnet
let server: ChainApiServer

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1, 137] })
  // A long balance cache makes "served from cache until forceUpdate" deterministic.
  server = await createChainApiServer({
    manifest: devnet.manifest,
    indexer: false,
    balanceCacheTtlMs: 60_000,
    // Every forceUpdate reads the chain here; forced-read spacing has its own test (request-limits.test.ts).
    balanceForceUpdateIntervalMs: 0,
    priceCacheTtlMs: 0,
  })
})

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers })

async function expectBadParameter(
  url: string,
  parameter: string,
  method: 'GET' | 'POST' = 'GET',
  payload?: object,
) {
  const response = await server.app.inject({ method, url, ...(payload ? { payload } : {}) })
  expect(response.statusCode, `${method} ${url}`).toBe(400)
  const { error } = errorResponseSchema.parse(response.json())
  expect(error).toMatchObject({ code: 'INVALID_PARAMETER', parameter })
  expect(error.message).toContain(parameter)
}

describe('parameter validation', () => {
  const address = ACCOUNT_1
  it.each([
    [`/v1/account/${address}/balance?chainId=eip155:1`, 'projectId'],
    [`/v1/account/${address}/balance?projectId=&chainId=eip155:1`, 'projectId'],
    [`/v1/account/0x123/balance?projectId=${PROJECT}`, 'address'],
    [`/v1/account/${address.slice(0, 41)}zz/balance?projectId=${PROJECT}`, 'address'],
    [`/v1/account/${address}/balance?projectId=${PROJECT}&chainId=eip155:abc`, 'chainId'],
    [`/v1/account/${address}/balance?projectId=${PROJECT}&chainId=solana:1`, 'chainId'],
    [`/v1/account/${address}/balance?projectId=${PROJECT}&chainId=eip155:5`, 'chainId'],
    [`/v1/account/${address}/balance?projectId=${PROJECT}&currency=eur`, 'currency'],
    [`/v1/account/${address}/balance?projectId=${PROJECT}&forceUpdate=maybe`, 'forceUpdate'],
    [`/v1/account/${address}/history?chainId=eip155:1`, 'projectId'],
    [`/v1/account/${address}/history?projectId=${PROJECT}`, 'chainId'],
    [`/v1/account/nope/history?projectId=${PROJECT}&chainId=eip155:1`, 'address'],
    [`/v1/account/${address}/history?projectId=${PROJECT}&chainId=eip155:1&cursor=garbage`, 'cursor'],
    [`/v1/account/${address}/history?projectId=${PROJECT}&chainId=eip155:1&cursor=aDEuMS4x!`, 'cursor'],
    [`/v1/convert/gas-price?chainId=eip155:1`, 'projectId'],
    [`/v1/convert/gas-price?projectId=${PROJECT}&chainId=0`, 'chainId'],
    [`/v1/identity/${address}`, 'projectId'],
    [`/v1/identity/0xZZ?projectId=${PROJECT}`, 'address'],
    [`/v1/identity/${address}?projectId=${PROJECT}&sender=0x1`, 'sender'],
  ])('GET %s → 400 naming %s', async (url, parameter) => {
    await expectBadParameter(url, parameter)
  })

  it('POST /v1/fungible/price rejects a missing projectId, bad addresses and unserved chains', async () => {
    const url = '/v1/fungible/price'
    const token = `eip155:1:${USDC.address}`
    await expectBadParameter(url, 'projectId', 'POST', { currency: 'usd', addresses: [token] })
    await expectBadParameter(url, 'addresses', 'POST', { projectId: PROJECT, currency: 'usd' })
    await expectBadParameter(url, 'addresses.0', 'POST', { projectId: PROJECT, addresses: ['0x1234'] })
    await expectBadParameter(url, 'addresses.1', 'POST', {
      projectId: PROJECT,
      addresses: [token, `eip155:5:${USDC.address}`],
    })
    await expectBadParameter(url, 'currency', 'POST', { projectId: PROJECT, currency: 'btc', addresses: [] })
  })

  it('answers an unknown route with a JSON 404', async () => {
    const response = await get('/v1/nothing')
    expect(response.statusCode).toBe(404)
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('NOT_FOUND')
  })

  it('answers a malformed URL with the same error body', async () => {
    const response = await get(`/v1/identity/%E0%A4%A?projectId=${PROJECT}`)
    expect(response.statusCode).toBe(400)
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('FST_ERR_BAD_URL')
  })
})

describe('GET /v1/account/{address}/balance', () => {
  it('reads the native currency and seeded tokens from the chain, priced by the pools, and accepts both chain id forms', async () => {
    const response = await get(
      `/v1/account/${ACCOUNT_1}/balance?projectId=${PROJECT}&currency=usd&chainId=eip155:137`,
    )
    expect(response.statusCode).toBe(200)
    const { balances } = balanceResponseSchema.parse(response.json())
    expect(balances.map((b) => b.symbol)).toEqual(['POL', 'USDC', 'WBTC', 'DAI', 'UNI'])
    const [pol, usdc, wbtc, dai, uni] = balances
    expect(pol).toEqual({
      name: 'Polygon Ecosystem Token',
      symbol: 'POL',
      chainId: 'eip155:137',
      value: 5_000,
      price: 0.5,
      quantity: { decimals: '18', numeric: '10000' },
      iconUrl: 'http://127.0.0.1:3001/public/getTokenImage/POL',
    })
    expect(usdc).toMatchObject({
      address: `eip155:137:${USDC.address}`,
      quantity: { decimals: '6', numeric: '1000000' },
      price: 1,
      value: 1_000_000,
    })
    // The pools open at these prices (no swap touches chain 137 in this file).
    expect(wbtc).toMatchObject({ address: `eip155:137:${WBTC.address}`, quantity: { numeric: '10' } })
    expect(wbtc?.price).toBeCloseTo(60_000, 4)
    expect(wbtc?.value).toBeCloseTo(600_000, 3)
    expect(dai).toMatchObject({ address: `eip155:137:${DAI.address}`, price: 1, value: 1_000_000 })
    expect(uni).toMatchObject({ symbol: 'UNI', quantity: { numeric: '10000' } })
    expect(uni?.price).toBeCloseTo(8, 9)

    const numeric = await get(`/v1/account/${ACCOUNT_1.slice(2)}/balance?projectId=${PROJECT}&chainId=137`)
    expect(numeric.json()).toEqual(response.json())
    // Without a chain id: every served chain.
    const all = balanceResponseSchema.parse(
      (await get(`/v1/account/${ACCOUNT_1}/balance?projectId=${PROJECT}`)).json(),
    )
    expect(all.balances.map((b) => `${b.chainId} ${b.symbol}`)).toEqual([
      'eip155:1 ETH',
      'eip155:1 USDC',
      'eip155:1 WBTC',
      'eip155:1 DAI',
      'eip155:1 UNI',
      'eip155:137 POL',
      'eip155:137 USDC',
      'eip155:137 WBTC',
      'eip155:137 DAI',
      'eip155:137 UNI',
    ])
  })

  it('matches the chain after a transfer, served from cache until forceUpdate', async () => {
    const url = `/v1/account/${ACCOUNT_1}/balance?projectId=${PROJECT}&currency=usd&chainId=eip155:1`
    const before = balanceResponseSchema.parse((await get(url)).json()).balances
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    const ethHash = await wallet.sendTransaction({ to: ACCOUNT_1, value: parseEther('1.5') })
    await publicClient.waitForTransactionReceipt({ hash: ethHash })
    const usdcHash = await wallet.writeContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ACCOUNT_1, parseUnits('250.25', 6)],
    })
    await publicClient.waitForTransactionReceipt({ hash: usdcHash })

    expect(balanceResponseSchema.parse((await get(url)).json()).balances).toEqual(before)
    const after = balanceResponseSchema.parse((await get(`${url}&forceUpdate=true`)).json()).balances
    const onChainEth = await publicClient.getBalance({ address: ACCOUNT_1 })
    const onChainUsdc = await publicClient.readContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [ACCOUNT_1],
    })
    expect(after[0]?.quantity.numeric).toBe('10001.5')
    expect(parseEther(after[0]?.quantity.numeric ?? '')).toBe(onChainEth)
    expect(after[0]?.value).toBeCloseTo(10001.5 * 3000, 4)
    expect(after[1]).toMatchObject({ symbol: 'USDC', quantity: { numeric: '1000250.25' }, value: 1000250.25 })
    expect(parseUnits(after[1]?.quantity.numeric ?? '', 6)).toBe(onChainUsdc)
    // The forced read refreshed the cache for everyone after it.
    expect(balanceResponseSchema.parse((await get(url)).json()).balances).toEqual(after)
    // `?forceUpdate` without a value counts as true.
    expect((await get(`${url}&forceUpdate`)).statusCode).toBe(200)

    const sender = balanceResponseSchema.parse(
      (await get(`/v1/account/${ACCOUNT_0}/balance?projectId=${PROJECT}&chainId=1`)).json(),
    )
    expect(sender.balances[1]?.quantity.numeric).toBe('999749.75')
  })

  it('omits zero ERC-20 balances but always lists the native one', async () => {
    const empty = '0x000000000000000000000000000000000000dEaD'
    const { balances } = balanceResponseSchema.parse(
      (await get(`/v1/account/${empty}/balance?projectId=${PROJECT}&chainId=eip155:1`)).json(),
    )
    expect(balances).toHaveLength(1)
    expect(balances[0]).toMatchObject({ symbol: 'ETH', value: 0, quantity: { numeric: '0' } })
  })
})

describe('POST /v1/fungible/price', () => {
  it('prices known tokens and the native currency from the pools, and skips unknown ones', async () => {
    const request = (projectIdIn: 'body' | 'query') =>
      server.app.inject({
        method: 'POST',
        url: projectIdIn === 'query' ? `/v1/fungible/price?projectId=${PROJECT}` : '/v1/fungible/price',
        payload: {
          ...(projectIdIn === 'body' ? { projectId: PROJECT } : {}),
          currency: 'usd',
          addresses: [
            `eip155:1:${USDC.address}`,
            `eip155:137:${NATIVE_TOKEN_ADDRESS}`,
            'eip155:1:0x1111111111111111111111111111111111111111',
            `eip155:137:${WBTC.address.toLowerCase()}`,
          ],
        },
      })
    const response = await request('body')
    expect(response.statusCode).toBe(200)
    const { fungibles } = fungiblePriceResponseSchema.parse(response.json())
    expect(fungibles.map(({ price, ...rest }) => rest)).toEqual([
      { name: 'USD Coin', symbol: 'USDC', iconUrl: 'http://127.0.0.1:3001/public/getTokenImage/USDC' },
      {
        name: 'Polygon Ecosystem Token',
        symbol: 'POL',
        iconUrl: 'http://127.0.0.1:3001/public/getTokenImage/POL',
      },
      {
        name: 'Wrapped Bitcoin',
        symbol: 'WBTC',
        iconUrl: 'http://127.0.0.1:3001/public/getTokenImage/WBTC',
      },
    ])
    // The stablecoin is the unit; the others are their pools' spot prices (chain 137 is not swapped on here).
    expect(fungibles[0]?.price).toBe(1)
    expect(fungibles[1]?.price).toBe(0.5)
    expect(fungibles[2]?.price).toBeCloseTo(60_000, 4)
    expect((await request('query')).json()).toEqual(response.json())
  })
})

describe('GET /v1/convert/gas-price', () => {
  it('answers wei strings from the chain with standard <= fast <= instant', async () => {
    const response = await get(`/v1/convert/gas-price?projectId=${PROJECT}&chainId=eip155:1`)
    expect(response.statusCode).toBe(200)
    const { standard, fast, instant } = gasPriceResponseSchema.parse(response.json())
    const { publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    expect(BigInt(standard)).toBeGreaterThanOrEqual(await publicClient.getGasPrice())
    expect(BigInt(standard)).toBeGreaterThan(0n)
    expect(BigInt(fast)).toBeGreaterThanOrEqual(BigInt(standard))
    expect(BigInt(instant)).toBeGreaterThan(BigInt(fast))
  })
})

describe('GET /v1/identity/{address}', () => {
  it('is null until a name exists, then the newest name and its avatar', async () => {
    const url = `/v1/identity/${ACCOUNT_1}?projectId=${PROJECT}&sender=${ACCOUNT_0}`
    expect(identityResponseSchema.parse((await get(url)).json())).toEqual({ name: null, avatar: null })
    await server.db
      .insertInto('names')
      .values({
        name: 'alice.wcn.id',
        address: ACCOUNT_1.toLowerCase(),
        avatar: 'https://a.example/alice.png',
      })
      .execute()
    expect((await get(url)).json()).toEqual({ name: 'alice.wcn.id', avatar: 'https://a.example/alice.png' })
  })
})

describe('CORS', () => {
  it('allows local dApp origins and no others by default', async () => {
    const preflight = (origin: string) =>
      server.app.inject({
        method: 'OPTIONS',
        url: `/v1/account/${ACCOUNT_1}/balance?projectId=${PROJECT}`,
        headers: { origin, 'access-control-request-method': 'GET' },
      })
    expect((await preflight('http://localhost:5173')).headers['access-control-allow-origin']).toBe(
      'http://localhost:5173',
    )
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
  })
})
