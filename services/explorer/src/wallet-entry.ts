import { z } from 'zod'

/** Schemes a deep link may never use: they would run code in the page that renders the link. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:'])

const httpUrl = z
  .string()
  .max(2048)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'must be an http(s) URL',
  )

// Native deep links use their own schemes (`metamask://`, `tpoutside://`) or universal https links.
const deepLink = z
  .string()
  .max(2048)
  .regex(/^[a-z][a-z0-9+.-]*:/i, 'must start with a URL scheme such as metamask:// or https://')
  .refine(
    (value) => !FORBIDDEN_SCHEMES.has(`${value.split(':')[0]?.toLowerCase()}:`),
    'uses a forbidden scheme',
  )

/** CAIP-2 chain id, e.g. eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp. */
export const caip2ChainId = z
  .string()
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id')

export const injectedEntrySchema = z.object({
  namespace: z.string().regex(/^[-a-z0-9]{3,8}$/),
  injected_id: z.string().min(1).max(128),
})

/** One wallet as the seed registry and the import command describe it. */
export const walletEntrySchema = z.strictObject({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by -')
    .max(64),
  name: z.string().trim().min(1).max(64),
  homepage: httpUrl.nullable().default(null),
  order: z.number().int().min(1).max(1_000_000).default(10_000),
  mobile_link: deepLink.nullable().default(null),
  desktop_link: deepLink.nullable().default(null),
  webapp_link: httpUrl.nullable().default(null),
  app_store: httpUrl.nullable().default(null),
  play_store: httpUrl.nullable().default(null),
  rdns: z
    .string()
    .regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i, 'must be a reverse domain name such as io.metamask')
    .nullable()
    .default(null),
  chains: z.array(caip2ChainId).max(64),
  injected: z.array(injectedEntrySchema).max(16).nullable().default(null),
})

export type WalletEntry = z.output<typeof walletEntrySchema>
export type WalletEntryInput = z.input<typeof walletEntrySchema>
