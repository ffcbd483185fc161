import type { RefusalReason } from './paymaster-rpc.js'
import type { ChainBudget, ProjectPolicy, SponsorshipPolicy } from './sponsorship-policy.js'

export type SponsorshipDecision =
  | { project: ProjectPolicy; budget: ChainBudget }
  | { refused: RefusalReason; message: string }

/** Whether the policy sponsors this project's request on this chain at all (the budget comes after). */
export function sponsorshipDecision(request: {
  policy: SponsorshipPolicy
  projectId: string
  origin: string | undefined
  chainId: number
  servedChain: boolean
  entryPointSupported: boolean
}): SponsorshipDecision {
  const project = Object.hasOwn(request.policy.projects, request.projectId)
    ? request.policy.projects[request.projectId]
    : undefined
  if (!project)
    return { refused: 'unknown-project', message: `project ${request.projectId} is not sponsored` }
  if (project.origins && (!request.origin || !project.origins.includes(request.origin)))
    return {
      refused: 'origin-not-allowed',
      message: `project ${request.projectId} is not sponsored for ${request.origin ?? 'requests without an origin'}`,
    }
  const budget = Object.hasOwn(project.chains, String(request.chainId))
    ? project.chains[String(request.chainId)]
    : undefined
  if (!budget || !request.servedChain)
    return {
      refused: 'chain-not-sponsored',
      message: `chain ${request.chainId} is not sponsored for this project`,
    }
  if (!request.entryPointSupported)
    return {
      refused: 'entry-point-not-supported',
      message: 'the paymaster sponsors EntryPoint v0.8 operations only',
    }
  return { project, budget }
}
