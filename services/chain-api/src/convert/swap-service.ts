import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, type PublicClient } from 'viem'
import { ChainApiError, InvalidParameterError, UpstreamError } from '../chain-api-errors.js'
import type { ChainClients } from '../chain-clients.js'
import type { ManifestUniswapV2 } from '../chain-manifest.js'
import { type KnownToken, type KnownTokens, NATIVE_TOKEN_ADDRESS } from '../known-tokens.js'
import { tokenIconUrl } from '../token-icons.js'
import type { PriceBook } from '../token-prices.js'
import type {
  BuildApproveResponse,
  BuildTransactionResponse,
  SwapAllowanceResponse,
  SwapQuoteResponse,
  SwapToken,
} from './convert-response.js'
import {
  SWAP_DEADLINE_SECONDS,
  SWAP_ESTIMATE_GAS_LIMIT,
  SWAP_PROVIDER_FEE_MILLIONTHS,
  SWAP_SUPPORTED_CHAIN_IDS,
  SWAP_UNESTIMATED_GAS_LIMIT,
} from './swap-constants.js'
import { feeRouterSwapAbi, routerQuoteAbi } from './uniswap-v2-abis.js'

/** A token named by a request: its chain and address (the 0xeeee… sentinel for the native currency). */
export interface TokenRef {
  chainId: number
  address: string
}

export interface SwapServiceOptions {
  clients: ChainClients
  known: KnownTokens
  priceBook: PriceBook
  explorerUrl: string
  /** Clock in ms for deadlines (tests move it). */
  now?: () => number
}

/** A token resolved on a swap chain: where pools hold it (WETH for the native currency). */
interface SwapSide {
  token: KnownToken
  native: boolean
  poolAddress: Address
}

/** The best exact-input route of a quote: what goes in, the fee taken, the path and what comes out. */
export interface SwapRoute {
  amountIn: bigint
  fee: bigint
  path: Address[]
  amountOut: bigint
}

/** Of the amount in, what the fee router keeps (rounded down, as the contract does). */
export const providerFeeOf = (amountIn: bigint) => (amountIn * SWAP_PROVIDER_FEE_MILLIONTHS) / 1_000_000n

const caip = (chainId: number, address: string) => `eip155:${chainId}:${address}` as const

/**
 * Swaps on the served chains' Uniswap V2 (spec §9's networks only): token lists, quotes equal to the
 * router's getAmountsOut over the best of the direct, via-WETH and via-stablecoin paths (after the provider
 * fee), allowances and approvals for the fee router, and swap transactions with a slippage minimum and a
 * deadline.
 */
export function createSwapService(options: SwapServiceOptions) {
  const { clients, known, priceBook, explorerUrl } = options
  const now = options.now ?? Date.now
  const contracts = new Map<number, ManifestUniswapV2>()
  for (const chain of clients.chains) {
    if (chain.uniswapV2 && SWAP_SUPPORTED_CHAIN_IDS.includes(chain.chainId))
      contracts.set(chain.chainId, chain.uniswapV2)
  }
  const swapChains = [...contracts.keys()]

  const swapContracts = (chainId: number, parameter: string): ManifestUniswapV2 => {
    const found = contracts.get(chainId)
    if (found) return found
    const offered = swapChains.map((id) => `eip155:${id}`).join(', ') || 'none'
    throw new InvalidParameterError(
      parameter,
      `swaps are not offered on eip155:${chainId} (swap networks here: ${offered})`,
    )
  }

  const side = (ref: TokenRef, parameter: string): SwapSide => {
    const swap = swapContracts(ref.chainId, parameter)
    const token = known.find(ref.chainId, ref.address)
    if (!token) {
      throw new InvalidParameterError(
        parameter,
        `${caip(ref.chainId, ref.address)} is not a token swapped here`,
      )
    }
    const native = token.address === undefined
    return { token, native, poolAddress: native ? swap.weth : (token.address as Address) }
  }

  /** Both sides of a swap, on one chain and different. */
  const pair = (from: TokenRef, to: TokenRef) => {
    const source = side(from, 'from')
    if (to.chainId !== from.chainId) {
      throw new InvalidParameterError(
        'to',
        `eip155:${to.chainId} is not the chain of from (eip155:${from.chainId})`,
      )
    }
    const target = side(to, 'to')
    if (source.token === target.token) throw new InvalidParameterError('to', 'is the same token as from')
    return { source, target, swap: swapContracts(from.chainId, 'from') }
  }

  const chainRead = async <T>(chainId: number, read: (client: PublicClient) => Promise<T>): Promise<T> => {
    try {
      return await read(clients.client(chainId))
    } catch (error) {
      throw new UpstreamError(chainId, error)
    }
  }

  /** The router's getAmountsOut over every candidate path, read together; the largest output wins. */
  const bestRoute = async (
    chainId: number,
    from: TokenRef,
    to: TokenRef,
    amountIn: bigint,
  ): Promise<SwapRoute> => {
    const { source, target, swap } = pair(from, to)
    const fee = providerFeeOf(amountIn)
    const net = amountIn - fee
    if (net === 0n)
      throw new InvalidParameterError('amount', 'is too small: nothing is left after the provider fee')
    const a = source.poolAddress
    const b = target.poolAddress
    const paths: Address[][] = [[a, b]]
    for (const hop of [swap.weth, swap.stablecoin]) {
      if (hop !== a && hop !== b) paths.push([a, hop, b])
    }
    const client = clients.client(chainId)
    // A path without a pool (or too shallow for the amount) reverts: it is simply not a candidate.
    const outputs = await Promise.all(
      paths.map((path) =>
        client
          .readContract({
            address: swap.router,
            abi: routerQuoteAbi,
            functionName: 'getAmountsOut',
            args: [net, path],
          })
          .then((amounts) => amounts.at(-1) ?? 0n)
          .catch(() => undefined),
      ),
    )
    let best: SwapRoute | undefined
    outputs.forEach((amountOut, index) => {
      if (amountOut !== undefined && amountOut > (best?.amountOut ?? 0n))
        best = { amountIn, fee, path: paths[index] as Address[], amountOut }
    })
    if (!best) {
      // Tell a node that is down apart from a route that does not exist.
      await chainRead(chainId, (c) => c.getChainId())
      throw new InvalidParameterError(
        'amount',
        `no Uniswap V2 route swaps it from ${source.token.symbol} to ${target.token.symbol}`,
      )
    }
    return best
  }

  const gasPrice = (chainId: number) => chainRead(chainId, (client) => client.getGasPrice())

  return {
    /** Chains swaps are offered on: spec §9's networks that are served with Uniswap V2. */
    chainIds: swapChains,

    /** The native currency and the ERC-20s the pools price (the stablecoin included). */
    async tokens(chainId: number): Promise<SwapToken[]> {
      swapContracts(chainId, 'chainId')
      const prices = await chainRead(chainId, () => priceBook.prices(chainId))
      return [known.native(chainId), ...known.erc20s(chainId)]
        .filter((token) => (prices.get(token.symbol) ?? 0) > 0)
        .map((token) => ({
          name: token.name,
          symbol: token.symbol,
          address: caip(chainId, token.address ?? NATIVE_TOKEN_ADDRESS),
          decimals: token.decimals,
          logoUri: tokenIconUrl(explorerUrl, token.symbol),
        }))
    },

    route: bestRoute,

    async quote(from: TokenRef, to: TokenRef, amountIn: bigint): Promise<SwapQuoteResponse> {
      const route = await bestRoute(from.chainId, from, to, amountIn)
      return {
        quotes: [
          {
            id: `uniswap-v2:${route.path.join('>')}`,
            fromAmount: amountIn.toString(),
            fromAccount: caip(from.chainId, from.address),
            toAmount: route.amountOut.toString(),
            toAccount: caip(to.chainId, to.address),
          },
        ],
      }
    },

    async allowance(token: TokenRef, owner: Address): Promise<SwapAllowanceResponse> {
      const { token: known, native } = side(token, 'tokenAddress')
      if (native) return { allowance: maxUint256.toString() }
      const spender = swapContracts(token.chainId, 'tokenAddress').feeRouter
      const allowance = await chainRead(token.chainId, (client) =>
        client.readContract({
          address: known.address as Address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, spender],
        }),
      )
      return { allowance: allowance.toString() }
    },

    async buildApprove(
      user: Address,
      from: TokenRef,
      to: TokenRef,
      amount: bigint | undefined,
    ): Promise<BuildApproveResponse> {
      const { source, swap } = pair(from, to)
      if (source.native)
        throw new InvalidParameterError('from', 'is the native currency, which needs no approval')
      const token = source.token.address as Address
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [swap.feeRouter, amount ?? maxUint256],
      })
      const [gas, price] = await Promise.all([
        chainRead(from.chainId, (client) => client.estimateGas({ account: user, to: token, data })).catch(
          // An approval that cannot be estimated (an account without gas money) still gets the spec's limit.
          () => SWAP_ESTIMATE_GAS_LIMIT,
        ),
        gasPrice(from.chainId),
      ])
      return {
        tx: {
          from: caip(from.chainId, token),
          to: caip(from.chainId, swap.feeRouter),
          data,
          value: '0',
          eip155: { gas: Number(withMargin(gas)), gasPrice: price.toString() },
        },
      }
    },

    async buildTransaction(
      user: Address,
      from: TokenRef,
      to: TokenRef,
      amountIn: bigint,
      slippagePercent: number,
      /**
       * The swap is sent after an approval in the same batch (EIP-5792): the allowance is not there yet, so
       * it is not checked and the gas not estimated (a fixed limit; a batch is estimated whole).
       */
      disableEstimate = false,
    ): Promise<BuildTransactionResponse> {
      const { source, target, swap } = pair(from, to)
      const chainId = from.chainId
      const client = clients.client(chainId)
      const [route, block, balance, allowance] = await Promise.all([
        bestRoute(chainId, from, to, amountIn),
        chainRead(chainId, (c) => c.getBlock()),
        chainRead(chainId, (c) =>
          source.native
            ? c.getBalance({ address: user })
            : c.readContract({
                address: source.poolAddress,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [user],
              }),
        ),
        source.native
          ? maxUint256
          : chainRead(chainId, (c) =>
              c.readContract({
                address: source.poolAddress,
                abi: erc20Abi,
                functionName: 'allowance',
                args: [user, swap.feeRouter],
              }),
            ),
      ])
      if (balance < amountIn) {
        throw new InvalidParameterError(
          'amount',
          `is more than the ${source.token.symbol} balance of userAddress`,
        )
      }
      if (allowance < amountIn && !disableEstimate) {
        throw new InvalidParameterError(
          'from',
          `the fee router may spend only ${allowance} of it for userAddress: approve first (GET /v1/convert/build-approve)`,
        )
      }
      const slippageBasisPoints = BigInt(Math.round(slippagePercent * 100))
      const minimumOut = (route.amountOut * (10_000n - slippageBasisPoints)) / 10_000n
      // From the chain's clock as well as ours, so a devnet whose time was moved still accepts it.
      const deadline = BigInt(
        Math.max(Number(block.timestamp), Math.floor(now() / 1000)) + SWAP_DEADLINE_SECONDS,
      )
      const data: Hex = source.native
        ? encodeFunctionData({
            abi: feeRouterSwapAbi,
            functionName: 'swapExactETHForTokens',
            args: [minimumOut, route.path, user, deadline],
          })
        : encodeFunctionData({
            abi: feeRouterSwapAbi,
            functionName: target.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
            args: [amountIn, minimumOut, route.path, user, deadline],
          })
      const value = source.native ? amountIn : 0n
      const [gas, price] = await Promise.all([
        disableEstimate
          ? SWAP_UNESTIMATED_GAS_LIMIT
          : client.estimateGas({ account: user, to: swap.feeRouter, data, value }).catch((error: unknown) => {
              throw new ChainApiError(
                'SWAP_WOULD_FAIL',
                400,
                `The swap would fail on chain: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`,
              )
            }),
        gasPrice(chainId),
      ])
      return {
        tx: {
          from: caip(chainId, user),
          to: caip(chainId, swap.feeRouter),
          data,
          amount: amountIn.toString(),
          eip155: { gas: withMargin(gas).toString(), gasPrice: price.toString() },
        },
      }
    },
  }
}

/** A fifth more gas than estimated: reserves that move between build and send can cost a little more. */
const withMargin = (gas: bigint) => (gas * 6n) / 5n

export type SwapService = ReturnType<typeof createSwapService>
