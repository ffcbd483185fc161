import { DEMO_PROJECT_ID } from '@portico/auth'
import type { Devnet } from '@portico/devnet'
import { parseSponsorshipPolicy, type SponsorshipPolicy } from '@portico/paymaster'
import {
  type AccountAbstractionServices,
  startAccountAbstraction as startServices,
} from '@portico/paymaster/account-abstraction'
import { parseEther } from 'viem'

export type { AccountAbstractionServices }

/** The demo project sponsored on every devnet chain: 1,000 operations and 10 of the native currency a day. */
function demoPolicy(devnet: Devnet): SponsorshipPolicy {
  const budget = { maxOpsPerDay: 1_000, maxWeiPerDay: parseEther('10') }
  return {
    projects: {
      [DEMO_PROJECT_ID]: {
        name: 'Portico demo',
        chains: Object.fromEntries(devnet.chains.map((chain) => [String(chain.chainId), budget])),
      },
    },
  }
}

/**
 * The stack's bundler and paymaster on its devnet, sponsoring under PAYMASTER_POLICY when it is set and
 * else the demo project on every chain.
 */
export function startAccountAbstraction(options: {
  host: string
  ports: { bundler: number; paymaster: number }
  devnet: Devnet
  paymasterPolicy: string | undefined
  /** Where the paymaster keeps its daily counts (PGlite under dataDir, or the shared PostgreSQL). */
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  log: (line: string) => void
}): Promise<AccountAbstractionServices> {
  const { paymasterPolicy, ...rest } = options
  return startServices({
    ...rest,
    policy: paymasterPolicy
      ? parseSponsorshipPolicy(paymasterPolicy, 'PAYMASTER_POLICY')
      : demoPolicy(options.devnet),
  })
}
