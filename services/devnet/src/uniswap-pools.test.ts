import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEPLOYER_ADDRESS, devAccount } from './dev-accounts.js'
import { devToken } from './dev-tokens.js'
import { type Devnet, startDevnet } from './start-devnet.js'
import { SWAP_CONTRACTS, SWAP_PROVIDER_FEE } from './swap-contracts.js'
import { swapFeeRouterArtifact } from './swap-fee-router-artifact.js'

const USDC = devToken('USDC')
const WBTC = devToken('WBTC')
const DAI = devToken('DAI')
const UNI = devToken('UNI')
const { weth: WETH, router: ROUTER, factory: FACTORY, feeRouter: FEE_ROUTER } = SWAP_CONTRACTS

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1, 137] })
})
afterAll(() => devnet?.stop())

function clients(chainId: number, account = 2) {
  const transport = http(devnet.rpcUrl(chainId), { retryCount: 0 })
  const chain = {
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.rpcUrl(chainId)] } },
  }
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
    wallet: createWalletClient({ chain, transport, account: devAccount(account) }),
  }
}

/** Whole units of `to` one whole `from` fetches on the router (0.3 % pool fee included). */
async function quote(chainId: number, path: Address[], amountIn: bigint, toDecimals: number) {
  const amounts = await clients(chainId).publicClient.readContract({
    address: ROUTER,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  return Number(formatUnits(amounts.at(-1) as bigint, toDecimals))
}

/** USDC per whole `token` in its USDC pool, from the reserves. */
async function spotPrice(chainId: number, token: Address, decimals: number) {
  const { publicClient } = clients(chainId)
  const pair = await publicClient.readContract({
    address: FACTORY,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [token, USDC.address],
  })
  const [reserve0, reserve1] = await publicClient.readContract({
    address: pair,
    abi: pairAbi,
    functionName: 'getReserves',
  })
  const token0 = await publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })
  const [tokenReserve, usdcReserve] =
    token0.toLowerCase() === token.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0]
  return Number(formatUnits(usdcReserve, 6)) / Number(formatUnits(tokenReserve, decimals))
}

describe('Uniswap V2 on the devnet', () => {
  it('deploys the npm Router02 wired to the npm factory and WETH9', async () => {
    const { publicClient } = clients(1)
    expect(
      await publicClient.readContract({ address: ROUTER, abi: routerAbi, functionName: 'factory' }),
    ).toBe(FACTORY)
    expect(await publicClient.readContract({ address: ROUTER, abi: routerAbi, functionName: 'WETH' })).toBe(
      WETH,
    )
  })

  it('opens the pools at realistic prices, the native currency priced per chain', async () => {
    expect(await spotPrice(1, WETH, 18)).toBeCloseTo(3000, 6)
    expect(await spotPrice(137, WETH, 18)).toBeCloseTo(0.5, 6)
    expect(await spotPrice(1, WBTC.address, 8)).toBeCloseTo(60_000, 3)
    expect(await spotPrice(1, DAI.address, 18)).toBeCloseTo(1, 6)
    expect(await spotPrice(1, UNI.address, 18)).toBeCloseTo(8, 6)
    // Through WETH as directly: the native/WBTC pool agrees with both USDC pools (0.3 % per hop).
    const direct = await quote(1, [WBTC.address, USDC.address], parseUnits('0.01', 8), 6)
    const viaWeth = await quote(1, [WBTC.address, WETH, USDC.address], parseUnits('0.01', 8), 6)
    expect(direct).toBeCloseTo(600 * 0.997, 0)
    expect(viaWeth).toBeCloseTo(600 * 0.997 * 0.997, 0)
  })

  it('swaps 1,000 USD on the router (the pair init code hash matches) and moves the price by less than 1 %', async () => {
    const { publicClient, wallet } = clients(1, 2)
    const before = await spotPrice(1, WETH, 18)
    const amountIn = parseUnits('1000', 6)
    const expected = await publicClient.readContract({
      address: ROUTER,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, [USDC.address, WETH]],
    })
    await publicClient.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [ROUTER, maxUint256],
      }),
    })
    const ethBefore = await publicClient.getBalance({ address: wallet.account.address })
    const hash = await wallet.writeContract({
      address: ROUTER,
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [amountIn, 0n, [USDC.address, WETH], wallet.account.address, maxUint256],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: wallet.account.address })).toBe(
      ethBefore + (expected[1] as bigint) - receipt.gasUsed * receipt.effectiveGasPrice,
    )
    const after = await spotPrice(1, WETH, 18)
    expect(after).toBeGreaterThan(before)
    expect((after - before) / before).toBeLessThan(0.01)
  })

  it('the fee router keeps 0.0085 of the amount in and swaps the rest on the router', async () => {
    const { publicClient, wallet } = clients(137, 3)
    const value = parseEther('100')
    const fee = (value * 8_500n) / 1_000_000n
    expect(Number(fee) / Number(value)).toBe(SWAP_PROVIDER_FEE)
    const [, expectedOut] = await publicClient.readContract({
      address: ROUTER,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [value - fee, [WETH, USDC.address]],
    })
    const balanceOf = (address: Address) =>
      publicClient.readContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const usdcBefore = await balanceOf(wallet.account.address)
    const feeRecipientBefore = await publicClient.getBalance({ address: DEPLOYER_ADDRESS })
    const hash = await wallet.writeContract({
      address: FEE_ROUTER,
      abi: swapFeeRouterArtifact.abi,
      functionName: 'swapExactETHForTokens',
      args: [expectedOut as bigint, [WETH, USDC.address], wallet.account.address, maxUint256],
      value,
    })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balanceOf(wallet.account.address)) - usdcBefore).toBe(expectedOut)
    expect(await publicClient.getBalance({ address: DEPLOYER_ADDRESS })).toBe(feeRecipientBefore + fee)
  })
})

describe('Uniswap V2 pools across a restart', () => {
  it('keeps the pools as swaps left them instead of seeding them again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-devnet-pools-'))
    try {
      const lines: string[] = []
      const first = await startDevnet({ port: 0, chainIds: [10], dataDir, log: (line) => lines.push(line) })
      let reserves: readonly [bigint, bigint, number]
      try {
        expect(lines.join('\n')).toMatch(
          /seeded pools ETH\/USDC, WBTC\/USDC, DAI\/USDC, UNI\/USDC, ETH\/WBTC/,
        )
        const transport = http(first.rpcUrl(10))
        const publicClient = createPublicClient({ transport, pollingInterval: 20 })
        const wallet = createWalletClient({ transport, account: devAccount(4) })
        const hash = await wallet.writeContract({
          chain: null,
          address: FEE_ROUTER,
          abi: swapFeeRouterArtifact.abi,
          functionName: 'swapExactETHForTokens',
          args: [0n, [WETH, USDC.address], wallet.account.address, maxUint256],
          value: parseEther('1'),
        })
        await publicClient.waitForTransactionReceipt({ hash })
        const pair = await publicClient.readContract({
          address: FACTORY,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [WETH, USDC.address],
        })
        reserves = await publicClient.readContract({
          address: pair,
          abi: pairAbi,
          functionName: 'getReserves',
        })
      } finally {
        await first.stop()
      }
      lines.length = 0
      const second = await startDevnet({ port: 0, chainIds: [10], dataDir, log: (line) => lines.push(line) })
      try {
        expect(lines.join('\n')).toMatch(
          /restored USDC, WBTC, DAI, UNI, WETH9, UniswapV2Factory, UniswapV2Router02, SwapFeeRouter; restored Multicall3; restored EntryPoint v0\.8, Simple7702Account, EntryPoint v0\.7; kept pools/,
        )
        expect(lines.join('\n')).not.toMatch(/seeded pools/)
        const publicClient = createPublicClient({ transport: http(second.rpcUrl(10)) })
        const pair = await publicClient.readContract({
          address: FACTORY,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [WETH, USDC.address],
        })
        expect(
          await publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
        ).toEqual(reserves)
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
