import { expect, it } from 'vitest'
import * as devnet from './index.js'

it('exports the public API', () => {
  expect(Object.keys(devnet).sort()).toMatchInlineSnapshot(`
    [
      "ACCOUNT_ABSTRACTION_CONTRACTS",
      "DEPLOYER_ACCOUNT_INDEX",
      "DEPLOYER_ADDRESS",
      "DEVNET_CHAIN_IDS",
      "DEVNET_MANIFEST_FILE",
      "DEV_ACCOUNTS",
      "DEV_ACCOUNT_BALANCE_ETH",
      "DEV_ACCOUNT_COUNT",
      "DEV_MNEMONIC",
      "DEV_TOKENS",
      "DevnetError",
      "ENTRY_POINT_07_ADDRESS",
      "ENTRY_POINT_08_ADDRESS",
      "MULTICALL3_ADDRESS",
      "SIMPLE_7702_ACCOUNT_ADDRESS",
      "SOLANA_CLUSTERS",
      "SOLANA_CLUSTER_NAMES",
      "SOLANA_DEV_ADDRESSES",
      "SOLANA_DEV_KEY_BALANCE_SOL",
      "SOLANA_DEV_KEY_BALANCE_USDC",
      "SOLANA_DEV_KEY_COUNT",
      "SOLANA_DEV_SOL_USD_PRICE",
      "SOLANA_MINT_AUTHORITY_INDEX",
      "SOLANA_USDC",
      "SWAP_CONTRACTS",
      "SWAP_PROVIDER_FEE",
      "devAccount",
      "devToken",
      "devTokenArtifact",
      "resolveAnvilBinary",
      "solanaChainApiManifest",
      "solanaCluster",
      "solanaClusterUrls",
      "solanaDevKeySeed",
      "solanaDevSigner",
      "startDevnet",
      "startSolanaDevnet",
      "swapFeeRouterArtifact",
    ]
  `)
})
