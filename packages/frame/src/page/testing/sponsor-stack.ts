import { type SponsoredDevnet, startSponsoredDevnet } from '@portico/paymaster/account-abstraction'
import { parseEther } from 'viem'

export type SponsorStack = SponsoredDevnet

/**
 * What a sponsored user operation runs on, for the wallet's tests: a devnet with chain 10, the bundler and
 * the paymaster, which sponsors project `demo` on chain 10 (10 operations and 1 ETH a day).
 */
export function startSponsorStack(name: string): Promise<SponsorStack> {
  return startSponsoredDevnet({
    name: `frame-${name}`,
    chainId: 10,
    projectId: 'demo',
    budget: { maxOpsPerDay: 10, maxWeiPerDay: parseEther('1') },
  })
}
