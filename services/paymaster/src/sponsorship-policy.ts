import { z } from 'zod'

const weiAmount = z
  .union([z.string().regex(/^\d+$/, 'a whole number of wei'), z.number().int().nonnegative()])
  .transform((value) => BigInt(value))

const chainBudgetSchema = z.strictObject({
  /** User operations sponsored per UTC day on this chain. */
  maxOpsPerDay: z.number().int().positive(),
  /** The most the paymaster may pay per UTC day on this chain, in wei (counted at each operation's maximum). */
  maxWeiPerDay: weiAmount,
})

const projectPolicySchema = z.strictObject({
  /** Shown to the visitor as who pays ("Paid by <name>"). */
  name: z.string().trim().min(1).max(80),
  /** Origins whose requests may use this project's budget; unset: any origin (and server calls). */
  origins: z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)).optional(),
  /** Chain id → that chain's daily budget; a chain not listed is not sponsored. */
  chains: z.record(z.string().regex(/^\d+$/, 'a chain id'), chainBudgetSchema),
})

/** The operator's sponsorship policy: which projects are sponsored, on which chains, up to what per day. */
export const sponsorshipPolicySchema = z.strictObject({
  projects: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a project id'), projectPolicySchema),
})

export type SponsorshipPolicy = z.output<typeof sponsorshipPolicySchema>
export type ProjectPolicy = SponsorshipPolicy['projects'][string]
export type ChainBudget = z.output<typeof chainBudgetSchema>
