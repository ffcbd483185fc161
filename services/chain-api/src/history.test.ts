import {
  DEV_ACCOUNTS,
  type Devnet,
  devToken,
  devTokenArtifact,
  SWAP_CONTRACTS,
  startDevnet,
} from '@portico/devnet'
import { createTestClient, erc20Abi, getAddress, http, parseAbi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import {
  type ChainApiServer,
  createChainApiServer,
  type HistoryResponse,
  historyResponseSchema,
} from './index.js'

const USDC = devToken('USDC')
const WBTC = devToken('WBTC')
const [ACCOUNT_0, ACCOUNT_1, ACCOUNT_2, ACCOUNT_3, , ACCOUNT_5, ACCOUNT_6, ACCOUNT_7] = DEV_ACCOUNTS

let devnet: Devnet
let server: ChainApiServer

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1, 10] })
  // Prices read fresh, so the test sees each swap's effect at once.
  server = await createChainApiServer({
    manifest: devnet.manifest,
    indexerPollIntervalMs: 50,
    priceCacheTtlMs: 0,
  })
})

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

async function history(address: string, chainId: string, cursor?: string): Promise<HistoryResponse> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/account/${address}/history?projectId=${PROJECT}&chainId=${chainId}${cursor ? `&cursor=${cursor}` : ''}`,
  })
  expect(response.statusCode, response.body).toBe(200)
  return historyResponseSchema.parse(response.json())
}

/** ETH's price on chain 1 as the fungible price endpoint answers it now. */
async function ethPriceNow(): Promise<number> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/fungible/price',
    payload: {
      projectId: PROJECT,
      currency: 'usd',
      addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
    },
  })
  const price = (response.json() as { fungibles: { price: number }[] }).fungibles[0]?.price
  if (price === undefined) throw new Error(`no ETH price: ${response.body}`)
  return price
}

const summary = (page: HistoryResponse) =>
  page.data.map((tx) => ({
    type: tx.metadata.operationType,
    status: tx.metadata.status,
    transfers: tx.transfers.map(
      // In cents: prices come from the pools' reserves, a hair off round numbers.
      (t) =>
        `${t.direction} ${t.quantity.numeric} ${t.fungible_info.symbol} $${Math.round(t.value * 100) / 100}`,
    ),
  }))

// The seeding deployment of each token mints to every dev account: the first entries of every history.
const MINTS = [
  { type: 'receive', status: 'confirmed', transfers: ['in 10000 UNI $80000'] },
  { type: 'receive', status: 'confirmed', transfers: ['in 1000000 DAI $1000000'] },
  { type: 'receive', status: 'confirmed', transfers: ['in 10 WBTC $600000'] },
  { type: 'receive', status: 'confirmed', transfers: ['in 1000000 USDC $1000000'] },
]

describe('indexer and GET /v1/account/{address}/history', () => {
  it('finds native and ERC-20 transfers, contract calls and failures, newest first, on the requested chain only', async () => {
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    const mined = async (hash: `0x${string}`) =>
      (await publicClient.waitForTransactionReceipt({ hash })).transactionHash
    const ethHash = await mined(await wallet.sendTransaction({ to: ACCOUNT_1, value: parseEther('1.5') }))
    const usdcHash = await mined(
      await wallet.writeContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [ACCOUNT_1, parseUnits('250', 6)],
      }),
    )
    const account1 = devnetClients(devnet.rpcUrl(1), 1, 1).wallet
    const approveHash = await mined(
      await account1.writeContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [ACCOUNT_2, 1n],
      }),
    )
    // More WBTC than account 1 holds, with gas given so it is mined (and reverts) instead of failing estimation.
    const failedHash = await mined(
      await account1.writeContract({
        address: WBTC.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [ACCOUNT_2, parseUnits('11', 8)],
        gas: 100_000n,
      }),
    )
    const head = Number(await publicClient.getBlockNumber())
    expect((await server.indexer.catchUp())[1]).toBe(head)

    const received = await history(ACCOUNT_1, 'eip155:1')
    expect(received.next).toBeNull()
    expect(received.data.map((tx) => tx.metadata.hash)).toEqual([
      failedHash,
      approveHash,
      usdcHash,
      ethHash,
      ...received.data.slice(4).map((tx) => tx.metadata.hash),
    ])
    expect(summary(received)).toEqual([
      { type: 'execute', status: 'failed', transfers: [] },
      { type: 'approve', status: 'confirmed', transfers: [] },
      { type: 'receive', status: 'confirmed', transfers: ['in 250 USDC $250'] },
      { type: 'receive', status: 'confirmed', transfers: ['in 1.5 ETH $4500'] },
      ...MINTS,
    ])
    const [, approveTx, usdcTx, ethTx] = received.data
    // The approval names its spender and allowance; the USDC contract it called is not the counterparty.
    expect(approveTx?.approvals).toEqual([
      {
        fungible_info: expect.objectContaining({ symbol: 'USDC' }),
        quantity: { numeric: '0.000001' },
        unlimited: false,
        spender: ACCOUNT_2,
      },
    ])
    expect(approveTx?.metadata.counterparty).toEqual({ address: ACCOUNT_2 })
    expect(ethTx?.metadata).toMatchObject({
      sentFrom: ACCOUNT_0,
      sentTo: ACCOUNT_1,
      chain: 'eip155:1',
      nonce: 0,
      status: 'confirmed',
    })
    expect(ethTx?.id).toBe(`eip155:1:${ethHash}`)
    expect(new Date(ethTx?.metadata.minedAt ?? '').toISOString()).toBe(ethTx?.metadata.minedAt)
    expect(usdcTx?.metadata).toMatchObject({
      sentFrom: ACCOUNT_0,
      sentTo: getAddress(USDC.address),
      nonce: 1,
    })
    expect(usdcTx?.transfers[0]).toEqual({
      fungible_info: {
        name: 'USD Coin',
        symbol: 'USDC',
        icon: { url: 'http://127.0.0.1:3001/public/getTokenImage/USDC' },
      },
      direction: 'in',
      quantity: { numeric: '250' },
      sender: ACCOUNT_0,
      recipient: ACCOUNT_1,
      value: 250,
      price: 1,
    })
    // The sender's counterparty is the person paid, not the token contract the transaction called.
    expect(usdcTx?.metadata.counterparty).toEqual({ address: ACCOUNT_0 })

    expect(summary(await history(ACCOUNT_0, 'eip155:1'))).toEqual([
      { type: 'send', status: 'confirmed', transfers: ['out 250 USDC $250'] },
      { type: 'send', status: 'confirmed', transfers: ['out 1.5 ETH $4500'] },
      ...MINTS,
    ])
    // Same account, other chain (both forms of the chain id): only that chain's mints.
    expect(summary(await history(ACCOUNT_1, 'eip155:10'))).toEqual(MINTS)
    expect(await history(ACCOUNT_1.toLowerCase().slice(2), '10')).toEqual(
      await history(ACCOUNT_1, 'eip155:10'),
    )
  })

  it('flags transfers of unknown tokens as spam so a client can drop all-spam transactions', async () => {
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 4)
    const hash = await wallet.deployContract({
      abi: devTokenArtifact.abi,
      bytecode: devTokenArtifact.bytecode,
      args: ['Free Airdrop', 'SPAM', 18, [ACCOUNT_5], parseEther('7')],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    await server.indexer.catchUp()
    const page = await history(ACCOUNT_5, 'eip155:1')
    const [airdrop] = page.data
    expect(airdrop?.transfers).toEqual([
      {
        fungible_info: {
          name: 'Unknown token',
          symbol: '???',
          icon: { url: '' },
        },
        direction: 'in',
        quantity: { numeric: '7' },
        sender: '0x0000000000000000000000000000000000000000',
        recipient: ACCOUNT_5,
        value: 0,
        price: 0,
        nft_info: { flags: { is_spam: true } },
      },
    ])
    // The spec's filter: drop a transaction whose transfers are all spam.
    const kept = page.data.filter((tx) => !tx.transfers.every((t) => t.nft_info?.flags.is_spam === true))
    expect(summary({ data: kept, next: null })).toEqual(MINTS)
  })

  it('pages 50 at a time with an opaque cursor, also through a block holding many transactions', async () => {
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 2)
    const testClient = createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl(1)) })
    const nonce = await publicClient.getTransactionCount({ address: ACCOUNT_2 })
    const fees = await publicClient.estimateFeesPerGas()
    // Sixty transfers in one block: the cursor must split a block by transaction index.
    await testClient.setAutomine(false)
    const hashes: `0x${string}`[] = []
    try {
      for (let i = 0; i < 60; i++) {
        hashes.push(
          await wallet.sendTransaction({
            to: ACCOUNT_3,
            value: BigInt(i + 1),
            nonce: nonce + i,
            gas: 21_000n,
            ...fees,
          }),
        )
      }
      await testClient.mine({ blocks: 1 })
    } finally {
      await testClient.setAutomine(true)
    }
    await server.indexer.catchUp()

    const first = await history(ACCOUNT_3, 'eip155:1')
    expect(first.data).toHaveLength(50)
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/)
    const second = await history(ACCOUNT_3, 'eip155:1', first.next ?? undefined)
    expect(second.next).toBeNull()
    const all = [...first.data, ...second.data]
    expect(all.map((tx) => tx.metadata.hash)).toEqual([
      ...hashes.reverse(),
      ...all.slice(60).map((tx) => tx.metadata.hash),
    ])
    expect(summary({ data: all.slice(60), next: null })).toEqual(MINTS)
    expect(all[0]?.transfers[0]).toMatchObject({
      direction: 'in',
      quantity: { numeric: '0.00000000000000006' },
    })
    expect(new Set(all.map((tx) => tx.id)).size).toBe(60 + MINTS.length)
  })

  it("keeps each transfer's price at its block, whatever the price is when the history is read", async () => {
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 6)
    const mined = async (hash: Promise<`0x${string}`>) =>
      (await publicClient.waitForTransactionReceipt({ hash: await hash })).transactionHash
    const sendOneEth = () => mined(wallet.sendTransaction({ to: ACCOUNT_7, value: parseEther('1') }))
    const priceBefore = await ethPriceNow()
    const first = await sendOneEth()
    // 30 ETH sold into the ETH/USDC pool: ETH's price falls before the second transfer.
    await mined(
      wallet.writeContract({
        address: SWAP_CONTRACTS.router,
        abi: parseAbi([
          'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
        ]),
        functionName: 'swapExactETHForTokens',
        args: [0n, [SWAP_CONTRACTS.weth, USDC.address], ACCOUNT_6, 2n ** 40n],
        value: parseEther('30'),
      }),
    )
    const priceAfter = await ethPriceNow()
    expect(priceAfter).toBeLessThan(priceBefore * 0.99)
    const second = await sendOneEth()
    await server.indexer.catchUp()

    const page = await history(ACCOUNT_7, 'eip155:1')
    const transferOf = (hash: string) => page.data.find((tx) => tx.metadata.hash === hash)?.transfers[0]
    expect(transferOf(first)?.price).toBeCloseTo(priceBefore, 9)
    expect(transferOf(first)?.value).toBeCloseTo(priceBefore, 9)
    expect(transferOf(second)?.price).toBeCloseTo(priceAfter, 9)
    expect(transferOf(second)?.value).toBeCloseTo(priceAfter, 9)
  })
})
