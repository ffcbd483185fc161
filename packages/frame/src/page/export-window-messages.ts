import { z } from 'zod'

/**
 * What the wallet frame and the export window it opened say to each other, both on the auth origin. The
 * window says it is ready (APPROVAL_READY, as the approval window does), the frame hands it the export
 * request, the window sends each factor the visitor gives, and the frame answers it: wrong, locked, or the
 * keys. Each side checks the sender's origin and that it is exactly the window it expects.
 */
export const EXPORT_REQUEST = 'portico-export:request'
export const EXPORT_FACTOR = 'portico-export:factor'
export const EXPORT_RESULT = 'portico-export:result'
/** The visitor closed or cancelled the export in the window. */
export const EXPORT_CANCEL = 'portico-export:cancel'

/** Wrong factors allowed before export locks, and for how long it then stays locked. */
export const EXPORT_ATTEMPTS = 5
export const EXPORT_LOCK_MS = 15 * 60_000

/** What the visitor gave in the export window (the PRF output travels as base64url). */
export type ExportFactor = { kind: 'code'; code: string } | { kind: 'passkey'; prf: Uint8Array }

/** A fresh random key per export: every message names the export it belongs to. */
const keySchema = z.string().regex(/^[0-9a-f]{32}$/)
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/)

export const exportRequestSchema = z.object({
  type: z.literal(EXPORT_REQUEST),
  key: keySchema,
  factor: z.object({
    kind: z.enum(['passkey', 'code']),
    credentialId: base64url(1400).optional(),
    salt: base64url(128),
  }),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  origin: z.string().max(300),
  themeMode: z.enum(['light', 'dark']),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/)
    .optional(),
})
export type ExportRequestMessage = z.infer<typeof exportRequestSchema>

/** What the frame takes from its export window (besides APPROVAL_READY). */
export const exportWindowMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(EXPORT_FACTOR),
    key: keySchema,
    factor: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('code'), code: z.string().max(64) }),
      z.object({ kind: z.literal('passkey'), prf: base64url(128) }),
    ]),
  }),
  z.object({ type: z.literal(EXPORT_CANCEL), key: keySchema }),
])
export type ExportWindowMessage = z.infer<typeof exportWindowMessageSchema>

export const exportResultSchema = z.object({
  type: z.literal(EXPORT_RESULT),
  key: keySchema,
  answer: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('revealed'),
      keys: z.object({
        evm: z.string().regex(/^0x[0-9a-f]{64}$/),
        solana: z.object({
          address: z.string().max(64),
          secretKey: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,100}$/),
        }),
      }),
    }),
    z.object({ status: z.literal('wrong'), attemptsLeft: z.number().int().min(0) }),
    z.object({ status: z.literal('locked') }),
  ]),
})
export type ExportResultMessage = z.infer<typeof exportResultSchema>
