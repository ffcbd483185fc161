import { type Kysely, sql } from 'kysely'
import type { ChainApiDatabase } from '../chain-api-database.js'
import { FIAT_USD_RATES, type PaymentCurrencyId } from './onramp-limits.js'

/** What the sandbox faucet pays out in any 24 hours, in USD. */
export interface SandboxDailyLimits {
  /** Per receiving address. */
  perAddressUsd: number
  /** Across every address. */
  totalUsd: number
}

/** A visitor tries the sandbox a few times a day; a script draining the funded account does not. */
export const DEFAULT_SANDBOX_DAILY_LIMITS: SandboxDailyLimits = { perAddressUsd: 10_000, totalUsd: 100_000 }

const DAY_MS = 24 * 60 * 60_000

/** The purchase would take the address, or the sandbox as a whole, over its daily cap. */
export class SandboxDailyLimitError extends Error {
  readonly code = 'ONRAMP_SANDBOX_DAILY_LIMIT'
  constructor(readonly scope: 'address' | 'total') {
    super(
      scope === 'address'
        ? 'This address has reached the sandbox on-ramp’s daily limit; try again tomorrow.'
        : 'The sandbox on-ramp has reached its daily limit; try again tomorrow.',
    )
  }
}

/**
 * Caps the sandbox's payouts over the last 24 hours. Counts purchases paid (in progress or delivered);
 * checks run one at a time in this process, so two payments confirmed together cannot both slip under.
 */
export function sandboxDailyLimits(db: Kysely<ChainApiDatabase>, limits: SandboxDailyLimits) {
  let queue: Promise<unknown> = Promise.resolve()

  async function paidUsd(since: Date, address?: string): Promise<number> {
    let query = db
      .selectFrom('onramp_purchases')
      .select(['payment_currency', sql<string>`sum(cast(payment_total as numeric))`.as('total')])
      .where('provider', '=', 'sandbox')
      .where('status', 'in', ['in_progress', 'success'])
      .where('updated_at', '>=', since)
      .groupBy('payment_currency')
    if (address) query = query.where('address', '=', address)
    const rows = await query.execute()
    return rows.reduce(
      (sum, row) =>
        sum + Number(row.total) * (FIAT_USD_RATES[row.payment_currency as PaymentCurrencyId] ?? 1),
      0,
    )
  }

  async function check(address: string, amount: number, currency: PaymentCurrencyId, now: number) {
    const since = new Date(now - DAY_MS)
    const usd = amount * FIAT_USD_RATES[currency]
    if ((await paidUsd(since, address)) + usd > limits.perAddressUsd)
      throw new SandboxDailyLimitError('address')
    if ((await paidUsd(since)) + usd > limits.totalUsd) throw new SandboxDailyLimitError('total')
  }

  return {
    /** Throws SandboxDailyLimitError when paying this amount to the address would exceed a cap. */
    assertWithin: (address: string, amount: number, currency: PaymentCurrencyId, now = Date.now()) =>
      check(address, amount, currency, now),
    /** Runs `pay` (which marks the purchase paid) only when within the caps, one payment at a time. */
    whenWithin<T>(
      address: string,
      amount: number,
      currency: PaymentCurrencyId,
      pay: () => Promise<T>,
      now = Date.now(),
    ): Promise<T> {
      const result = queue.then(async () => {
        await check(address, amount, currency, now)
        return pay()
      })
      queue = result.catch(() => undefined)
      return result
    },
  }
}
