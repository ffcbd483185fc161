/** The parts of a WalletConnect session proposal the wallet shows and answers. */
export interface ProposedNamespace {
  chains?: string[] | undefined
  methods: string[]
  events: string[]
}

export interface ProposalSummary {
  chains: string[]
  methods: string[]
  events: string[]
}

/** Every eip155 chain, method and event the dApp asked for, required or optional, once each. */
export function summarizeProposal(
  required: Record<string, ProposedNamespace> | undefined,
  optional: Record<string, ProposedNamespace> | undefined,
): ProposalSummary {
  const namespaces = [required?.eip155, optional?.eip155].filter(
    (namespace): namespace is ProposedNamespace => namespace !== undefined,
  )
  const unique = (pick: (namespace: ProposedNamespace) => string[] | undefined) => [
    ...new Set(namespaces.flatMap((namespace) => pick(namespace) ?? [])),
  ]
  return {
    chains: unique((namespace) => namespace.chains).filter((chain) => /^eip155:\d+$/.test(chain)),
    methods: unique((namespace) => namespace.methods),
    events: unique((namespace) => namespace.events),
  }
}

/** The eip155 namespace the wallet approves: its one account on every proposed chain. */
export function approvedNamespaces(summary: ProposalSummary, address: string) {
  return {
    eip155: {
      chains: summary.chains,
      methods: summary.methods,
      events: summary.events,
      accounts: summary.chains.map((chain) => `${chain}:${address}`),
    },
  }
}
