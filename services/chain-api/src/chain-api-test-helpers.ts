import { devAccount } from '@portico/devnet'
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type HDAccount,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'

// Shared by the *.test.ts files.
export const PROJECT = 'test-project'

export interface DevnetClients {
  wallet: WalletClient<Transport, Chain, HDAccount>
  publicClient: PublicClient
}

/** A viem wallet (dev account `index`) and a public client on one devnet chain. */
export function devnetClients(rpcUrl: string, chainId: number, index: number): DevnetClients {
  const chain = defineChain({
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl)
  return {
    wallet: createWalletClient({ chain, transport, account: devAccount(index) }),
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
  }
}
