import { z } from 'zod'

/** Body of every non-2xx answer. `parameter` names the offending request parameter on a 400. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  parameter: z.string().optional(),
})

export type ErrorResponse = z.infer<typeof errorResponseSchema>
