import type { ErrorBody } from '@portico/http-kit'
import { z } from 'zod'

/**
 * Body of every non-2xx answer, the one shape every Portico service uses (the kit's ErrorBody):
 * `parameter` names the offending request parameter on a 400, `retryAfterSeconds` comes with a 429 (also
 * as Retry-After).
 */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    parameter: z.string().optional(),
    hint: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
}) satisfies z.ZodType<ErrorBody>

export type ErrorResponse = z.infer<typeof errorResponseSchema>
