import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { DEPLOYER_ADDRESS, DEV_ACCOUNTS } from './dev-accounts.js'
import { devTokenArtifact } from './dev-token-artifact.js'
import { DEV_TOKEN_SPECS } from './dev-tokens.js'
import { DevnetError } from './devnet-error.js'
import { SWAP_CONTRACT_NONCES, SWAP_CONTRACTS } from './swap-contracts.js'
import { swapFeeRouterArtifact } from './swap-fee-router-artifact.js'
import { uniswapV2Artifacts } from './uniswap-v2-artifacts.js'

export type DeployResult = { deployed: string[]; present: string[] }

/** A contract created by the deployer at a fixed nonce, hence at the same address on every chain. */
type FixedContract = {
  label: string
  address: Address
  nonce: number
  /** Built only when the contract is missing, so a restored chain never reads the Uniswap artifacts. */
  build(): { abi: Abi; bytecode: Hex; args: readonly unknown[] }
}

/** The deployer's clients on one anvil, which has the dev accounts unlocked (no key material needed). */
export type DeployerClients = {
  publicClient: PublicClient
  walletClient: WalletClient<
    Transport,
    ReturnType<typeof defineChain>,
    { address: Address; type: 'json-rpc' }
  >
  testClient: TestClient<'anvil'>
}

export function deployerClients(anvilUrl: string, chainId: number): DeployerClients {
  const chain = defineChain({
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvilUrl] } },
  })
  // Reads issued together (a restored chain's checks) go out as one JSON-RPC batch.
  const transport = http(anvilUrl, { retryCount: 0, batch: { wait: 0 } })
  return {
    publicClient: createPublicClient({ chain, transport }) as PublicClient,
    walletClient: createWalletClient({
      chain,
      transport,
      account: DEPLOYER_ADDRESS,
    }) as DeployerClients['walletClient'],
    testClient: createTestClient({ chain, transport, mode: 'anvil' }),
  }
}

/** The dev tokens, then Uniswap V2 (WETH9, factory, Router02) and the fee router, in nonce order. */
function fixedContracts(): FixedContract[] {
  let uniswap: ReturnType<typeof uniswapV2Artifacts> | undefined
  const artifacts = () => {
    uniswap ??= uniswapV2Artifacts()
    return uniswap
  }
  return [
    ...DEV_TOKEN_SPECS.map((token) => ({
      label: token.symbol,
      address: token.address,
      nonce: token.deployNonce,
      build: () => ({
        abi: devTokenArtifact.abi as Abi,
        bytecode: devTokenArtifact.bytecode as Hex,
        args: [token.name, token.symbol, token.decimals, [...DEV_ACCOUNTS], token.amountPerAccount],
      }),
    })),
    {
      label: 'WETH9',
      address: SWAP_CONTRACTS.weth,
      nonce: SWAP_CONTRACT_NONCES.weth,
      build: () => ({ ...artifacts().weth9, args: [] }),
    },
    {
      label: 'UniswapV2Factory',
      address: SWAP_CONTRACTS.factory,
      nonce: SWAP_CONTRACT_NONCES.factory,
      build: () => ({ ...artifacts().factory, args: [DEPLOYER_ADDRESS] }),
    },
    {
      label: 'UniswapV2Router02',
      address: SWAP_CONTRACTS.router,
      nonce: SWAP_CONTRACT_NONCES.router,
      build: () => ({ ...artifacts().router02, args: [SWAP_CONTRACTS.factory, SWAP_CONTRACTS.weth] }),
    },
    {
      label: 'SwapFeeRouter',
      address: SWAP_CONTRACTS.feeRouter,
      nonce: SWAP_CONTRACT_NONCES.feeRouter,
      build: () => ({
        abi: swapFeeRouterArtifact.abi as Abi,
        bytecode: swapFeeRouterArtifact.bytecode as Hex,
        args: [SWAP_CONTRACTS.router, DEPLOYER_ADDRESS],
      }),
    },
  ]
}

/**
 * Deploys the dev tokens and the swap contracts from the deployer account at their fixed nonces, skipping
 * any whose code is already at its expected address (state restored from disk).
 */
export async function deployFixedContracts(clients: DeployerClients, chainId: number): Promise<DeployResult> {
  const { publicClient, walletClient, testClient } = clients
  const setDeployerNonce = (nonce: number) => testClient.setNonce({ address: DEPLOYER_ADDRESS, nonce })
  const result: DeployResult = { deployed: [], present: [] }
  const contracts = fixedContracts()

  let nonceToRestore: number | undefined
  // Sent one after the other without waiting (anvil mines them in nonce order); receipts are checked at the end.
  const sent: { contract: FixedContract; hash: Hex }[] = []
  const confirmSent = async () => {
    for (const { contract, hash } of sent.splice(0)) {
      const receipt = await waitForReceipt(publicClient, hash)
      assertDeployedAt(
        receipt.status,
        receipt.contractAddress ?? undefined,
        contract.address,
        contract.label,
        chainId,
      )
      result.deployed.push(contract.label)
    }
  }
  try {
    // One round of reads for all of them (a restored chain usually has every contract already).
    const codes = await Promise.all(contracts.map(({ address }) => publicClient.getCode({ address })))
    for (const [index, contract] of contracts.entries()) {
      const code = codes[index]
      if (code !== undefined && code !== '0x') {
        result.present.push(contract.label)
        continue
      }
      // The address is fixed by the deployer's nonce; if that account was used since, rewind it (devnet only)
      // so the contract still lands at its published address, and put the nonce back afterwards.
      const nonce = await publicClient.getTransactionCount({ address: DEPLOYER_ADDRESS, blockTag: 'pending' })
      if (nonce !== contract.nonce) {
        await confirmSent()
        nonceToRestore = Math.max(nonceToRestore ?? 0, nonce)
        await setDeployerNonce(contract.nonce)
      }
      const { abi, bytecode, args } = contract.build()
      sent.push({
        contract,
        hash: await walletClient.deployContract({ abi, bytecode, args, chain: walletClient.chain }),
      })
    }
    await confirmSent()
  } catch (error) {
    if (error instanceof DevnetError) throw error
    throw new DevnetError(
      'DEVNET_SEED_FAILED',
      `deploying contracts on chain ${chainId} failed: ${String(error)}`,
      undefined,
      { cause: error },
    )
  } finally {
    if (nonceToRestore !== undefined) {
      const nonce = await publicClient.getTransactionCount({ address: DEPLOYER_ADDRESS, blockTag: 'pending' })
      if (nonceToRestore > nonce) await setDeployerNonce(nonceToRestore)
    }
  }
  return result
}

/** Anvil automines: the receipt follows its transaction within milliseconds, so it is polled for tightly. */
export function waitForReceipt(publicClient: PublicClient, hash: Hex) {
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 5, timeout: 20_000 })
}

function assertDeployedAt(
  status: 'success' | 'reverted',
  actual: Address | undefined,
  expected: Address,
  label: string,
  chainId: number,
): void {
  if (status === 'success' && actual !== undefined && isAddressEqual(actual, expected)) return
  throw new DevnetError(
    'DEVNET_SEED_FAILED',
    `${label} deployment on chain ${chainId} ${status === 'success' ? `landed at ${actual}, expected ${expected}` : 'reverted'}`,
  )
}
