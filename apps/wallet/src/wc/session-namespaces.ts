import { solanaCluster } from '@portico/devnet/solana'
import type { WcNamespace } from './wc-wallet-options.js'

/** The parts of a WalletConnect session proposal the wallet shows and answers. */
export interface ProposedNamespace {
  chains?: string[] | undefined
  methods: string[]
  events: string[]
}

export interface NamespaceSummary {
  chains: string[]
  methods: string[]
  events: string[]
}

/** What the dApp asked for in each namespace the wallet serves; a namespace it did not propose is absent. */
export type ProposalSummary = Partial<Record<WcNamespace, NamespaceSummary>>

/** The chains of each namespace the wallet can serve: any EVM chain id, the three local Solana clusters. */
const SERVED: Record<WcNamespace, (chain: string) => boolean> = {
  eip155: (chain) => /^eip155:\d+$/.test(chain),
  solana: (chain) => solanaCluster(chain)?.caip2 === chain,
}

/** Every chain, method and event the dApp asked for in each namespace, required or optional, once each. */
export function summarizeProposal(
  required: Record<string, ProposedNamespace> | undefined,
  optional: Record<string, ProposedNamespace> | undefined,
): ProposalSummary {
  const summary: ProposalSummary = {}
  for (const namespace of Object.keys(SERVED) as WcNamespace[]) {
    const proposed = [required?.[namespace], optional?.[namespace]].filter(
      (entry): entry is ProposedNamespace => entry !== undefined,
    )
    const unique = (pick: (entry: ProposedNamespace) => string[] | undefined) => [
      ...new Set(proposed.flatMap((entry) => pick(entry) ?? [])),
    ]
    const chains = unique((entry) => entry.chains).filter(SERVED[namespace])
    if (chains.length === 0) continue
    summary[namespace] = {
      chains,
      methods: unique((entry) => entry.methods),
      events: unique((entry) => entry.events),
    }
  }
  return summary
}

/**
 * The namespaces the wallet approves: for each one it holds an account in (`addresses`) and the dApp
 * proposed, that one account on every proposed chain.
 */
export function approvedNamespaces(
  summary: ProposalSummary,
  addresses: Partial<Record<WcNamespace, string>>,
): Record<string, NamespaceSummary & { accounts: string[] }> {
  const approved: Record<string, NamespaceSummary & { accounts: string[] }> = {}
  for (const [namespace, proposed] of Object.entries(summary) as [WcNamespace, NamespaceSummary][]) {
    const address = addresses[namespace]
    if (!address) continue
    approved[namespace] = { ...proposed, accounts: proposed.chains.map((chain) => `${chain}:${address}`) }
  }
  return approved
}
