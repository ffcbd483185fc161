import type * as z from 'zod/mini'
import { PorticoError } from '../../errors/errors.js'
import { HttpRequestError } from '../../errors/wallet-errors.js'
import {
  buildApproveResponseSchema,
  buildTransactionResponseSchema,
  fungiblePriceResponseSchema,
  gasPriceResponseSchema,
  type SwapTokenListing,
  swapAllowanceResponseSchema,
  swapQuoteResponseSchema,
  swapTokensResponseSchema,
} from './swap-schemas.js'

/** A transaction the Blockchain API built, as the wallet is asked to send it. */
export interface BuiltTransaction {
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas: bigint
  gasPrice: bigint
}

/** The `tx` of a build-approve answer: `from` is the token contract `approve` is called on. */
export interface ApprovalBuild {
  from: string
  to: string
  data: `0x${string}`
  gas: bigint | undefined
  gasPrice: bigint
}

export interface SwapBuild {
  from: string
  to: string
  data: `0x${string}`
  amount: bigint
  gas: bigint
  gasPrice: bigint
}

export interface SwapQuote {
  fromAmount: bigint
  toAmount: bigint
}

/** The swap calls of the Blockchain API (spec §7). Tokens and users are CAIP-10 ids unless said. */
export interface SwapClient {
  tokens(chainId: number): Promise<SwapTokenListing[]>
  /** USD per whole token, by symbol, for the CAIP-10 ids asked for. */
  prices(addresses: readonly string[]): Promise<Map<string, number>>
  /** Wei per gas: the standard price. */
  gasPrice(chainId: number): Promise<bigint>
  quote(request: {
    from: string
    to: string
    amount: bigint
    userAddress: string
    gasPrice: bigint
  }): Promise<SwapQuote | undefined>
  allowance(request: { tokenAddress: string; userAddress: string }): Promise<bigint>
  buildApprove(request: {
    from: string
    to: string
    userAddress: string
    amount: bigint
  }): Promise<ApprovalBuild>
  buildTransaction(request: {
    from: string
    to: string
    userAddress: string
    amount: bigint
    slippage: number
    /** Built before its approval (to follow it in one batch): not estimated, the allowance not checked. */
    disableEstimate?: boolean
  }): Promise<SwapBuild>
}

/** A refused or failed call; `reason` is what the chain API said about it (for logs, not for visitors). */
export class SwapApiError extends HttpRequestError {
  readonly reason: string | undefined
  constructor(status: number, reason: string | undefined) {
    super(status)
    this.reason = reason
  }
}

/** The chain API's own words for a refusal, in its error body, when it has them. */
async function refusal(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown; reasons?: { description?: unknown }[] }
    const reason = body.reasons?.[0]?.description
    if (typeof reason === 'string') return reason
    return typeof body.message === 'string' ? body.message : undefined
  } catch {
    return undefined
  }
}

interface SwapClientOptions {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

/** One checked call of the chain API: the project id in the query (and body), the answer parsed by `schema`. */
function createApiCall(options: SwapClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  return async function call<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    init: { query?: Record<string, string>; body?: Record<string, unknown> } = {},
  ): Promise<T> {
    const query = new URLSearchParams({ projectId: options.projectId, ...init.query })
    const response = await fetcher(`${baseUrl}${path}?${query}`, {
      method: init.body ? 'POST' : 'GET',
      headers: init.body ? { 'content-type': 'application/json' } : undefined,
      body: init.body ? JSON.stringify({ projectId: options.projectId, ...init.body }) : undefined,
    })
    if (!response.ok) throw new SwapApiError(response.status, await refusal(response))
    const result = schema.safeParse(await response.json())
    if (!result.success) throw new PorticoError('INVALID_RESPONSE', `Unexpected answer from ${path}`)
    return result.data
  }
}

export function createSwapClient(options: SwapClientOptions): SwapClient {
  const call = createApiCall(options)
  return {
    async tokens(chainId) {
      const answer = await call('/v1/convert/tokens', swapTokensResponseSchema, {
        query: { chainId: `eip155:${chainId}` },
      })
      return answer.tokens
    },
    async prices(addresses) {
      const answer = await call('/v1/fungible/price', fungiblePriceResponseSchema, {
        body: { currency: 'usd', addresses },
      })
      return new Map(answer.fungibles.map((fungible) => [fungible.symbol, fungible.price]))
    },
    async gasPrice(chainId) {
      const answer = await call('/v1/convert/gas-price', gasPriceResponseSchema, {
        query: { chainId: `eip155:${chainId}` },
      })
      return answer.standard
    },
    async quote({ from, to, amount, userAddress, gasPrice }) {
      const answer = await call('/v1/convert/quotes', swapQuoteResponseSchema, {
        query: { amount: amount.toString(), userAddress, from, to, gasPrice: gasPrice.toString() },
      })
      const [first] = answer.quotes
      return first && { fromAmount: first.fromAmount, toAmount: first.toAmount }
    },
    async allowance({ tokenAddress, userAddress }) {
      const answer = await call('/v1/convert/allowance', swapAllowanceResponseSchema, {
        query: { tokenAddress, userAddress },
      })
      return answer.allowance
    },
    async buildApprove({ from, to, userAddress, amount }) {
      const { tx } = await call('/v1/convert/build-approve', buildApproveResponseSchema, {
        query: { userAddress, from, to, amount: amount.toString() },
      })
      return {
        from: tx.from,
        to: tx.to,
        data: tx.data as `0x${string}`,
        gas: tx.eip155.gas,
        gasPrice: tx.eip155.gasPrice,
      }
    },
    async buildTransaction({ from, to, userAddress, amount, slippage, disableEstimate }) {
      const { tx } = await call('/v1/convert/build-transaction', buildTransactionResponseSchema, {
        body: {
          amount: amount.toString(),
          eip155: { slippage: String(slippage) },
          from,
          to,
          userAddress,
          ...(disableEstimate ? { disableEstimate } : {}),
        },
      })
      return {
        from: tx.from,
        to: tx.to,
        data: tx.data as `0x${string}`,
        amount: tx.amount,
        gas: tx.eip155.gas,
        gasPrice: tx.eip155.gasPrice,
      }
    },
  }
}
