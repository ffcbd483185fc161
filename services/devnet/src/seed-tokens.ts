import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  isAddressEqual,
} from 'viem'
import { DEPLOYER_ADDRESS, DEV_ACCOUNTS } from './dev-accounts.js'
import { devTokenArtifact } from './dev-token-artifact.js'
import { DEV_TOKEN_SPECS } from './dev-tokens.js'
import { DevnetError } from './devnet-error.js'

export type SeedResult = { deployed: string[]; present: string[] }

/**
 * Deploys the dev tokens from the deployer account at their fixed nonces, skipping any token whose code is
 * already at its expected address (state restored from disk). Talks to the anvil directly, which has the
 * dev accounts unlocked, so no key material is needed.
 */
export async function seedTokens(anvilUrl: string, chainId: number): Promise<SeedResult> {
  const chain = defineChain({
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvilUrl] } },
  })
  const transport = http(anvilUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain, transport })
  const walletClient = createWalletClient({ chain, transport, account: DEPLOYER_ADDRESS })
  const result: SeedResult = { deployed: [], present: [] }

  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  const setDeployerNonce = (nonce: number) => testClient.setNonce({ address: DEPLOYER_ADDRESS, nonce })

  let nonceToRestore: number | undefined
  try {
    for (const token of DEV_TOKEN_SPECS) {
      const code = await publicClient.getCode({ address: token.address })
      if (code !== undefined && code !== '0x') {
        result.present.push(token.symbol)
        continue
      }
      // The address is fixed by the deployer's nonce; if that account was used since, rewind it (devnet only)
      // so the token still lands at its published address, and put the nonce back afterwards.
      const nonce = await publicClient.getTransactionCount({ address: DEPLOYER_ADDRESS, blockTag: 'pending' })
      if (nonce !== token.deployNonce) {
        nonceToRestore = Math.max(nonceToRestore ?? 0, nonce)
        await setDeployerNonce(token.deployNonce)
      }
      const hash = await walletClient.deployContract({
        abi: devTokenArtifact.abi,
        bytecode: devTokenArtifact.bytecode,
        args: [token.name, token.symbol, token.decimals, [...DEV_ACCOUNTS], token.amountPerAccount],
      })
      // Anvil automines, so the receipt exists by the time eth_sendTransaction returns.
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      assertDeployedAt(
        receipt.status,
        receipt.contractAddress ?? undefined,
        token.address,
        token.symbol,
        chainId,
      )
      result.deployed.push(token.symbol)
    }
  } catch (error) {
    if (error instanceof DevnetError) throw error
    throw new DevnetError(
      'DEVNET_SEED_FAILED',
      `seeding tokens on chain ${chainId} failed: ${String(error)}`,
      undefined,
      {
        cause: error,
      },
    )
  } finally {
    if (nonceToRestore !== undefined) {
      const nonce = await publicClient.getTransactionCount({ address: DEPLOYER_ADDRESS, blockTag: 'pending' })
      if (nonceToRestore > nonce) await setDeployerNonce(nonceToRestore)
    }
  }
  return result
}

function assertDeployedAt(
  status: 'success' | 'reverted',
  actual: Address | undefined,
  expected: Address,
  symbol: string,
  chainId: number,
): void {
  if (status === 'success' && actual !== undefined && isAddressEqual(actual, expected)) return
  throw new DevnetError(
    'DEVNET_SEED_FAILED',
    `${symbol} deployment on chain ${chainId} ${status === 'success' ? `landed at ${actual}, expected ${expected}` : 'reverted'}`,
  )
}
