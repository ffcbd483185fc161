import { createRequire } from 'node:module'
import { type Address, concat, type Hex } from 'viem'
import { z } from 'zod'
import {
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_ADDRESS,
} from './account-abstraction-contracts.js'
import { type DeployerClients, type DeployResult, waitForReceipt } from './deploy-fixed-contracts.js'
import { DevnetError } from './devnet-error.js'

const require = createRequire(import.meta.url)

/**
 * The deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy): called with
 * `salt ‖ init code`, it CREATE2s the contract. Anvil has it in every genesis, as most public chains do.
 */
export const CREATE2_DEPLOYER_ADDRESS: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** A contract the public chains got through CREATE2_DEPLOYER_ADDRESS, with the salt they used. */
export type Create2Deployment = {
  label: string
  address: Address
  salt: Hex
  /** The compiled artifact in node_modules, as the npm package ships it (Hardhat output). */
  artifact: string
}

/**
 * The published npm artifacts are the bytecode the public deployments were made from, so CREATE2 with the
 * same salt lands at the same address (account-abstraction-contracts.test.ts recomputes each one).
 */
export const ACCOUNT_ABSTRACTION_DEPLOYMENTS: readonly Create2Deployment[] = [
  {
    label: 'EntryPoint v0.8',
    address: ENTRY_POINT_08_ADDRESS,
    salt: '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
    artifact: '@account-abstraction/contracts/artifacts/EntryPoint.json',
  },
  {
    label: 'Simple7702Account',
    address: SIMPLE_7702_ACCOUNT_ADDRESS,
    salt: '0x0000000000000000000000000000000000000000000000000000000000000000',
    artifact: '@account-abstraction/contracts/artifacts/Simple7702Account.json',
  },
  {
    label: 'EntryPoint v0.7',
    address: ENTRY_POINT_07_ADDRESS,
    salt: '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
    // The 0.7.0 release of the same package, installed under an npm alias beside 0.8.0.
    artifact: 'account-abstraction-contracts-0.7/artifacts/EntryPoint.json',
  },
]

/**
 * Above the most any of them takes (EntryPoint v0.8: 5.04 M) and below EIP-7825's 16.7 M cap: a fixed limit
 * spares anvil running each constructor once more to estimate it (it halved this step's time).
 */
const DEPLOYMENT_GAS = 8_000_000n

const artifactSchema = z.object({ bytecode: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/) })

/** The creation code of a deployment, read from its package on first use (EntryPoint's JSON is 117 KB). */
export function initCode(deployment: Create2Deployment): Hex {
  const parsed = artifactSchema.safeParse(require(deployment.artifact))
  if (!parsed.success)
    throw new DevnetError('DEVNET_SEED_FAILED', `${deployment.artifact} holds no creation bytecode`)
  return parsed.data.bytecode as Hex
}

/**
 * Deploys EntryPoint v0.8, Simple7702Account and EntryPoint v0.7 through the CREATE2 deployer, from the
 * deployer account, skipping any already there (state restored from disk). Their addresses depend on salt
 * and code only, so they land right whatever the deployer's nonce; they are sent after the nonce-fixed
 * contracts, which need that nonce untouched.
 */
export async function deployAccountAbstraction(
  clients: DeployerClients,
  chainId: number,
): Promise<DeployResult> {
  const { publicClient, walletClient } = clients
  const result: DeployResult = { deployed: [], present: [] }
  try {
    const [factoryCode, ...codes] = await Promise.all([
      publicClient.getCode({ address: CREATE2_DEPLOYER_ADDRESS }),
      ...ACCOUNT_ABSTRACTION_DEPLOYMENTS.map(({ address }) => publicClient.getCode({ address })),
    ])
    const missing = ACCOUNT_ABSTRACTION_DEPLOYMENTS.filter((deployment, index) => {
      const present = codes[index] !== undefined && codes[index] !== '0x'
      if (present) result.present.push(deployment.label)
      return !present
    })
    if (missing.length === 0) return result
    if (factoryCode === undefined || factoryCode === '0x')
      throw new DevnetError(
        'DEVNET_SEED_FAILED',
        `chain ${chainId} has no CREATE2 deployer at ${CREATE2_DEPLOYER_ADDRESS}, so ${missing.map(({ label }) => label).join(', ')} cannot be deployed`,
      )
    // One after the other (anvil numbers the deployer's nonces as they come), without the chain id check a
    // wallet makes before each: the clients were built for this anvil. Then one batch of checks for all.
    const hashes: Hex[] = []
    for (const deployment of missing)
      hashes.push(
        await walletClient.sendTransaction({
          chain: null,
          to: CREATE2_DEPLOYER_ADDRESS,
          data: concat([deployment.salt, initCode(deployment)]),
          gas: DEPLOYMENT_GAS,
        }),
      )
    const receipts = await Promise.all(hashes.map((hash) => waitForReceipt(publicClient, hash)))
    const deployedCodes = await Promise.all(missing.map(({ address }) => publicClient.getCode({ address })))
    for (const [index, deployment] of missing.entries()) {
      const status = receipts[index]?.status
      const code = deployedCodes[index]
      if (status !== 'success' || code === undefined || code === '0x')
        throw new DevnetError(
          'DEVNET_SEED_FAILED',
          `${deployment.label} deployment on chain ${chainId} ${status === 'success' ? `left no code at ${deployment.address}` : 'reverted'}`,
        )
      result.deployed.push(deployment.label)
    }
  } catch (error) {
    if (error instanceof DevnetError) throw error
    throw new DevnetError(
      'DEVNET_SEED_FAILED',
      `deploying the smart-account contracts on chain ${chainId} failed: ${String(error)}`,
      undefined,
      { cause: error },
    )
  }
  return result
}
