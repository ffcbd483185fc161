import { type Kysely, sql } from 'kysely'
import type { PaymasterDatabase } from './paymaster-database.js'
import type { ChainBudget } from './sponsorship-policy.js'

export type BudgetRefusal = 'daily-operations-spent' | 'daily-amount-spent'

/**
 * Each project's spending per chain per UTC day, in the paymaster's database: every replica on one
 * PostgreSQL counts against the same rows. `reserve` checks and counts in one statement (an upsert whose
 * update holds the row's lock and applies only within the limits), so two replicas racing for the day's
 * last operation cannot both get it.
 */
export class SponsorshipBudget {
  readonly #db: Kysely<PaymasterDatabase>
  readonly #now: () => Date

  constructor(db: Kysely<PaymasterDatabase>, now: () => Date = () => new Date()) {
    this.#db = db
    this.#now = now
  }

  #today = () => this.#now().toISOString().slice(0, 10)

  /** Counts one operation of at most `maxCostWei` against the budget, or says which limit it would pass. */
  async reserve(
    projectId: string,
    chainId: number,
    budget: ChainBudget,
    maxCostWei: bigint,
  ): Promise<BudgetRefusal | null> {
    if (budget.maxOpsPerDay < 1) return 'daily-operations-spent'
    if (maxCostWei > budget.maxWeiPerDay) return 'daily-amount-spent'
    const day = this.#today()
    const cost = maxCostWei.toString()
    const { rows } = await sql<{ ops: number }>`
      insert into sponsorship_usage (project_id, chain_id, day, ops, wei)
      values (${projectId}, ${chainId}, ${day}, 1, ${cost}::numeric)
      on conflict (project_id, chain_id, day) do update
        set ops = sponsorship_usage.ops + 1, wei = sponsorship_usage.wei + excluded.wei
        where sponsorship_usage.ops + 1 <= ${budget.maxOpsPerDay}
          and sponsorship_usage.wei + excluded.wei <= ${budget.maxWeiPerDay.toString()}::numeric
      returning ops`.execute(this.#db)
    if (rows.length > 0) return null
    // Refused: the row as it stands says which limit (a count that moved on since is as refused).
    const usage = await this.usage(projectId, chainId)
    return usage.ops + 1 > budget.maxOpsPerDay ? 'daily-operations-spent' : 'daily-amount-spent'
  }

  /** Today's usage, for the operator's view and the tests. */
  async usage(projectId: string, chainId: number): Promise<{ ops: number; wei: bigint }> {
    const row = await this.#db
      .selectFrom('sponsorship_usage')
      .select(['ops', 'wei'])
      .where('project_id', '=', projectId)
      .where('chain_id', '=', chainId)
      .where('day', '=', this.#today())
      .executeTakeFirst()
    return row ? { ops: Number(row.ops), wei: BigInt(row.wei) } : { ops: 0, wei: 0n }
  }
}
