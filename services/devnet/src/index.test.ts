import { expect, it } from 'vitest'
import * as devnet from './index.js'

it('exports the public API', () => {
  expect(Object.keys(devnet).sort()).toMatchInlineSnapshot(`
    [
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
      "MULTICALL3_ADDRESS",
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
