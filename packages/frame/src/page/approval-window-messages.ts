import type { Address, Hex } from 'viem'
import { z } from 'zod'
import type { ApprovalDetails } from './approval-request.js'
import type { ApprovalPrompt } from './approval-sheet.js'
import { MAX_CALLS } from './calls-constants.js'

/**
 * What the wallet frame and the approval window it opened say to each other, both on the auth origin.
 * The window says it is ready, the frame hands it the request, the window answers it. Each side checks
 * the sender's origin and that it is exactly the window it expects (its opener, or the one it opened).
 */
export const APPROVAL_READY = 'portico-approval:ready'
export const APPROVAL_REQUEST = 'portico-approval:request'
export const APPROVAL_ANSWER = 'portico-approval:answer'

const text = z.string().max(100_000)
const amount = z.bigint().nonnegative()
/** A field the sheet shows as unknown when it is missing: present in the object, maybe undefined. */
const maybe = <T extends z.ZodType>(schema: T) => z.union([schema, z.undefined()])
const address = z.custom<Address>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value))

const tokenSchema = maybe(
  z.object({ symbol: z.string().max(20), decimals: z.number().int().min(0).max(255) }),
)
const callSchema = z.object({
  to: address,
  value: amount,
  action: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('contract') }),
    z.object({ kind: z.literal('tokenTransfer'), recipient: address, amount, token: tokenSchema }),
    z.object({
      kind: z.literal('tokenApproval'),
      spender: address,
      amount,
      unlimited: z.boolean(),
      token: tokenSchema,
    }),
  ]),
})

const detailsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), text }),
  z.object({
    kind: z.literal('typedData'),
    domainName: maybe(text),
    primaryType: text,
    json: text,
  }),
  z.object({
    kind: z.literal('transaction'),
    chainId: z.number().int().positive(),
    symbol: z.string().max(20),
    to: maybe(address),
    value: amount,
    hasData: z.boolean(),
    fee: maybe(amount),
    balance: maybe(amount),
    insufficientFunds: z.boolean(),
  }),
  z.object({
    kind: z.literal('solanaTransaction'),
    network: z.string().max(100),
    send: z.boolean(),
    transfers: z
      .array(
        z.object({
          to: z.string().max(100),
          amount,
          decimals: z.number().int().min(0).max(255),
          symbol: z.string().max(40),
        }),
      )
      .max(64),
    otherInstructions: z.boolean(),
    fee: maybe(amount),
    balance: maybe(amount),
    insufficientFunds: z.boolean(),
  }),
  z.object({
    kind: z.literal('calls'),
    chainId: z.number().int().positive(),
    symbol: z.string().max(20),
    calls: z.array(callSchema).min(1).max(MAX_CALLS),
    upgrade: z.boolean(),
    fee: maybe(amount),
    sponsored: z.boolean(),
    balance: maybe(amount),
    insufficientFunds: z.boolean(),
  }),
  z.object({
    kind: z.literal('permissions'),
    chainId: z.number().int().positive(),
    expiry: z.number().int().positive(),
    allowances: z
      .array(
        z.object({
          token: maybe(address),
          symbol: z.string().max(20),
          decimals: z.number().int().min(0).max(255),
          limit: amount,
        }),
      )
      .min(1)
      .max(8),
  }),
  z.object({
    kind: z.literal('callsStatus'),
    chainId: z.number().int().positive(),
    symbol: z.string().max(20),
    status: z.enum(['pending', 'confirmed', 'failed']),
    transactionHash: maybe(
      z.custom<Hex>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)),
    ),
    calls: maybe(z.array(callSchema).min(1).max(MAX_CALLS)),
  }),
  z.object({
    kind: z.literal('upgrade'),
    chainId: z.number().int().positive(),
    symbol: z.string().max(20),
    fee: maybe(amount),
    balance: maybe(amount),
    insufficientFunds: z.boolean(),
  }),
]) satisfies z.ZodType<ApprovalDetails>

const promptSchema = z.object({
  details: detailsSchema,
  origin: z.string().max(300),
  themeMode: z.enum(['light', 'dark']),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/)
    .optional(),
}) satisfies z.ZodType<ApprovalPrompt>

/** A fresh random key per request: an answer names the request it answers. */
const keySchema = z.string().regex(/^[0-9a-f]{32}$/)

export const approvalRequestSchema = z.object({
  type: z.literal(APPROVAL_REQUEST),
  key: keySchema,
  prompt: promptSchema,
})
export type ApprovalRequestMessage = z.infer<typeof approvalRequestSchema>

/** What the frame takes from its approval window. */
export const approvalWindowMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(APPROVAL_READY) }),
  z.object({ type: z.literal(APPROVAL_ANSWER), key: keySchema, approved: z.boolean() }),
])
export type ApprovalWindowMessage = z.infer<typeof approvalWindowMessageSchema>
