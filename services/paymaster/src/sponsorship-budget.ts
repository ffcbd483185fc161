import type { ChainBudget } from './sponsorship-policy.js'

export type BudgetRefusal = 'daily-operations-spent' | 'daily-amount-spent'

type DayUsage = { day: string; ops: number; wei: bigint }

/**
 * Each project's spending per chain per UTC day, in this process (one paymaster replica; the count starts
 * over when it restarts). `reserve` checks and counts in one step, so two requests racing for the last
 * operation of the day cannot both get it.
 */
export class SponsorshipBudget {
  readonly #usage = new Map<string, DayUsage>()
  readonly #now: () => Date

  constructor(now: () => Date = () => new Date()) {
    this.#now = now
  }

  /** Counts one operation of at most `maxCostWei` against the budget, or says which limit it would pass. */
  reserve(projectId: string, chainId: number, budget: ChainBudget, maxCostWei: bigint): BudgetRefusal | null {
    const day = this.#now().toISOString().slice(0, 10)
    const key = `${projectId}\0${chainId}`
    const current = this.#usage.get(key)
    const usage = current && current.day === day ? current : { day, ops: 0, wei: 0n }
    if (usage.ops + 1 > budget.maxOpsPerDay) return 'daily-operations-spent'
    if (usage.wei + maxCostWei > budget.maxWeiPerDay) return 'daily-amount-spent'
    this.#usage.set(key, { day, ops: usage.ops + 1, wei: usage.wei + maxCostWei })
    return null
  }

  /** Today's usage, for the operator's view and the tests. */
  usage(projectId: string, chainId: number): { ops: number; wei: bigint } {
    const current = this.#usage.get(`${projectId}\0${chainId}`)
    const day = this.#now().toISOString().slice(0, 10)
    return current && current.day === day ? { ops: current.ops, wei: current.wei } : { ops: 0, wei: 0n }
  }
}
