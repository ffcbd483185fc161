import type { Kernel } from '../kernel/kernel-types.js'
import type { ConnectorKind } from './flow-types.js'

/**
 * The kinds every modal knows: injected and announced wallets wait on the wallet's own prompt (also the
 * kind of a type nobody registered), a multi-chain wallet first asks which namespace connects. Features
 * add theirs (WalletConnect's pairing) with `addConnectorKind`.
 */
export const builtInConnectorKinds = (kernel: Pick<Kernel, 'requestAccounts'>): ConnectorKind[] => [
  ...(['INJECTED', 'ANNOUNCED'] as const).map(
    (type): ConnectorKind => ({
      type,
      view: 'ConnectingWallet',
      connect: (connector) => kernel.requestAccounts(connector),
    }),
  ),
  { type: 'MULTI_CHAIN', view: 'ConnectingMultiChain' },
]
