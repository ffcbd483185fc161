import type { Devnet } from '@portico/devnet'
import { createMemoryStorage, createTestWalletProvider, type TestWalletProvider } from '@portico/wallet'

/**
 * The test wallet on a devnet, knowing Ethereum and OP Mainnet only (a third chain must be added through
 * wallet_addEthereumChain), approving every prompt and noting each prompt's kind in `approvals`.
 */
export function approvingTestWallet(devnet: Devnet, approvals: string[]): TestWalletProvider {
  return createTestWalletProvider({
    rpcUrl: (chainId) => devnet.rpcUrl(chainId),
    chains: [
      { id: 1, name: 'Ethereum' },
      { id: 10, name: 'OP Mainnet' },
    ],
    storage: createMemoryStorage(),
    origin: 'http://dapp.test',
    approve: async (request) => {
      approvals.push(request.kind)
      return true
    },
  })
}
