import { z } from 'zod'

/** Body of POST /e as the modal sends it. Unknown top-level keys are dropped, not stored. */
export const analyticsEventSchema = z.object({
  eventId: z.uuid(),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  domain: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/, 'must be a host name'),
  // Milliseconds since the epoch, between 2000-01-01 and 2100-01-01.
  timestamp: z.number().int().min(946_684_800_000).max(4_102_444_800_000),
  props: z.object({
    type: z.string().min(1).max(64).optional(),
    event: z.string().min(1).max(128),
    properties: z.record(z.string().max(128), z.unknown()).optional(),
  }),
})

export type AnalyticsEvent = z.output<typeof analyticsEventSchema>

/** Properties are free-form; cap their serialised size so one client cannot bloat the table. */
export const MAX_PROPERTIES_BYTES = 8 * 1024
