import { z } from 'zod'
import { chainIdSchema, projectIdSchema } from '../request-parameters.js'
import { SWAP_DEFAULT_SLIPPAGE_PERCENT, SWAP_MAX_SLIPPAGE_PERCENT } from './swap-constants.js'

const UINT256_MAX = 2n ** 256n - 1n

/** A token as CAIP-10, `eip155:<chain>:0x<40 hex>`; the native currency is 0xeeee…eeee. */
export const caipTokenSchema = z
  .string({ error: 'is required' })
  .regex(/^eip155:[1-9]\d{0,15}:0x[0-9a-fA-F]{40}$/, 'expected a CAIP-10 id such as eip155:1:0x…')
  .transform((value) => {
    const [, chain, address] = value.split(':')
    return { chainId: Number(chain), address: (address as string).toLowerCase() }
  })

/**
 * The user as a plain 0x address (quotes) or as CAIP-10 (the other calls), as Web3Modal sends them; the
 * CAIP-10 form's chain is kept, so the request can refuse an account of another chain.
 */
export const userAddressSchema = z
  .string({ error: 'is required' })
  .regex(/^(eip155:[1-9]\d{0,15}:)?0x[0-9a-fA-F]{40}$/, 'expected a 0x address or a CAIP-10 account id')
  .transform((value) => {
    const chain = /^eip155:(\d+):/.exec(value)?.[1]
    return {
      address: value.slice(-42).toLowerCase() as `0x${string}`,
      chainId: chain === undefined ? undefined : Number(chain),
    }
  })

type UserAccount = z.output<typeof userAddressSchema>

/**
 * Refuses a CAIP-10 userAddress of another chain than the request's (`eip155:10:0x…` for a swap on
 * chain 1 is another account), then reduces it to its 0x address.
 */
const userOnRequestChain =
  <T extends { userAddress: UserAccount }>(chainOf: (request: T) => number) =>
  (request: T, context: z.RefinementCtx): Omit<T, 'userAddress'> & { userAddress: `0x${string}` } => {
    const { chainId } = request.userAddress
    const expected = chainOf(request)
    if (chainId !== undefined && chainId !== expected)
      context.addIssue({
        code: 'custom',
        path: ['userAddress'],
        message: `is an account of eip155:${chainId}, not of this request's chain eip155:${expected}`,
      })
    return { ...request, userAddress: request.userAddress.address }
  }

/**
 * An amount in the token's smallest unit: a positive integer, as digits or in the exponent form a
 * big-number library prints for large integers (`1e+21`).
 */
export const baseUnitAmountSchema = z
  .union([z.string(), z.number()], { error: 'is required' })
  .transform((value, context) => {
    const text = String(value).trim()
    const match = /^(\d+)(?:\.(\d+))?(?:e\+?(\d+))?$/i.exec(text)
    if (!match) {
      context.addIssue({
        code: 'custom',
        message: "expected a positive integer in the token's smallest unit",
      })
      return z.NEVER
    }
    const [, whole = '', fraction = '', exponent = '0'] = match
    const shift = Number(exponent) - fraction.length
    if (shift < 0 && /[1-9]/.test(fraction.slice(shift))) {
      context.addIssue({
        code: 'custom',
        message: "expected an integer in the token's smallest unit, not a fraction",
      })
      return z.NEVER
    }
    const digits = whole + fraction
    const amount = shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits.slice(0, shift) || '0')
    if (amount === 0n) {
      context.addIssue({ code: 'custom', message: 'must be greater than 0' })
      return z.NEVER
    }
    if (amount > UINT256_MAX) {
      context.addIssue({ code: 'custom', message: 'is larger than a uint256' })
      return z.NEVER
    }
    return amount
  })

export const swapTokensRequest = z.object({ projectId: projectIdSchema, chainId: chainIdSchema })

export const swapQuoteRequest = z
  .object({
    projectId: projectIdSchema,
    amount: baseUnitAmountSchema,
    userAddress: userAddressSchema,
    from: caipTokenSchema,
    to: caipTokenSchema,
    /** Sent by the client for its own fee display; the quote does not depend on it. */
    gasPrice: z.string().regex(/^\d*$/, 'expected wei as digits').optional(),
    chainId: chainIdSchema.optional(),
  })
  .transform(userOnRequestChain((request) => request.from.chainId))

export const swapAllowanceRequest = z
  .object({
    projectId: projectIdSchema,
    tokenAddress: caipTokenSchema,
    userAddress: userAddressSchema,
  })
  .transform(userOnRequestChain((request) => request.tokenAddress.chainId))

export const buildApproveRequest = z
  .object({
    projectId: projectIdSchema,
    userAddress: userAddressSchema,
    from: caipTokenSchema,
    to: caipTokenSchema,
    amount: baseUnitAmountSchema.optional(),
  })
  .transform(userOnRequestChain((request) => request.from.chainId))

/**
 * Slippage in percent, as a decimal string (Web3Modal sends '1') or a number. Only decimal digits: JavaScript
 * would read "0x10" as 16 % and "1e1" as 10 %.
 */
const slippageSchema = z
  .union([
    z
      .string()
      .trim()
      .regex(/^(\d+(\.\d*)?|\.\d+)$/, 'expected a decimal number of percent, such as 0.5'),
    z.number(),
  ])
  .transform((value) => Number(value))
  .pipe(
    z
      .number({ error: 'expected a number of percent' })
      .gt(0, 'must be greater than 0')
      .max(SWAP_MAX_SLIPPAGE_PERCENT, `at most ${SWAP_MAX_SLIPPAGE_PERCENT} (percent)`),
  )

export const buildTransactionRequest = z
  .object({
    projectId: projectIdSchema,
    userAddress: userAddressSchema,
    from: caipTokenSchema,
    to: caipTokenSchema,
    amount: baseUnitAmountSchema,
    eip155: z
      .object({ slippage: slippageSchema.optional(), permit: z.string().optional() })
      .optional()
      .transform((value) => ({ slippage: value?.slippage ?? SWAP_DEFAULT_SLIPPAGE_PERCENT })),
    disableEstimate: z.boolean().optional(),
  })
  .transform(userOnRequestChain((request) => request.from.chainId))
