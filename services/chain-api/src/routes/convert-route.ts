import type { FastifyPluginAsync } from 'fastify'
import {
  buildApproveRequest,
  buildTransactionRequest,
  swapAllowanceRequest,
  swapQuoteRequest,
  swapTokensRequest,
} from '../convert/convert-request.js'
import type {
  BuildApproveResponse,
  BuildTransactionResponse,
  SwapAllowanceResponse,
  SwapQuoteResponse,
  SwapTokensResponse,
} from '../convert/convert-response.js'
import { parseParameters } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

/**
 * `/v1/convert/*` (gas-price aside, in its own module): swap tokens, quotes, allowance, approval and swap
 * transactions on the devnet's Uniswap V2, as a Web3Modal 5.1.11 swap client calls them.
 */
export const convertRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { swap }) => {
  app.get('/v1/convert/tokens', async (request): Promise<SwapTokensResponse> => {
    const input = parseParameters(swapTokensRequest, singleValues(request.query))
    return { tokens: await swap.tokens(input.chainId) }
  })

  app.get('/v1/convert/quotes', async (request): Promise<SwapQuoteResponse> => {
    const input = parseParameters(swapQuoteRequest, singleValues(request.query))
    return swap.quote(input.from, input.to, input.amount)
  })

  app.get('/v1/convert/allowance', async (request): Promise<SwapAllowanceResponse> => {
    const input = parseParameters(swapAllowanceRequest, singleValues(request.query))
    return swap.allowance(input.tokenAddress, input.userAddress)
  })

  app.get('/v1/convert/build-approve', async (request): Promise<BuildApproveResponse> => {
    const input = parseParameters(buildApproveRequest, singleValues(request.query))
    return swap.buildApprove(input.userAddress, input.from, input.to, input.amount)
  })

  app.post(
    '/v1/convert/build-transaction',
    { bodyLimit: 16 * 1024 },
    async (request): Promise<BuildTransactionResponse> => {
      const body = request.body && typeof request.body === 'object' ? request.body : {}
      const input = parseParameters(buildTransactionRequest, { ...singleValues(request.query), ...body })
      return swap.buildTransaction(
        input.userAddress,
        input.from,
        input.to,
        input.amount,
        input.eip155.slippage,
        input.disableEstimate,
      )
    },
  )
}
