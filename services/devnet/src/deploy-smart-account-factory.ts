import { type Address, concat, encodeAbiParameters, getContractAddress, type Hex, zeroHash } from 'viem'
import { ENTRY_POINT_08_ADDRESS } from './account-abstraction-contracts.js'
import { CREATE2_DEPLOYER_ADDRESS } from './deploy-account-abstraction.js'
import { type DeployerClients, waitForReceipt } from './deploy-fixed-contracts.js'
import { DevnetError } from './devnet-error.js'
import { smartAccountFactoryArtifact } from './smart-account-factory-artifact.js'

const initCode: Hex = concat([
  smartAccountFactoryArtifact.bytecode,
  encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_08_ADDRESS]),
])

/**
 * Where CREATE2 (salt 0) puts PorticoSmartAccountFactory for EntryPoint v0.8: the same on every chain. It must
 * equal SMART_ACCOUNT_FACTORY_ADDRESS (written out for importers that should not load the artifact).
 */
export const computedSmartAccountFactoryAddress = (): Address =>
  getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_DEPLOYER_ADDRESS,
    salt: zeroHash,
    bytecode: initCode,
  })

/**
 * Deploys the smart-account factory (and, from its constructor, the account implementation) unless state
 * restored from disk already has it. Its address depends on code and salt only, not on the deployer's nonce.
 */
export async function deploySmartAccountFactory(clients: DeployerClients, chainId: number): Promise<boolean> {
  const { publicClient, walletClient } = clients
  const address = computedSmartAccountFactoryAddress()
  const code = await publicClient.getCode({ address })
  if (code !== undefined && code !== '0x') return false
  const hash = await walletClient.sendTransaction({
    chain: null,
    to: CREATE2_DEPLOYER_ADDRESS,
    data: concat([zeroHash, initCode]),
    // Above the ~3.1 M the factory and its implementation take; a fixed limit spares anvil an estimate.
    gas: 6_000_000n,
  })
  const receipt = await waitForReceipt(publicClient, hash)
  const deployedCode = await publicClient.getCode({ address })
  if (receipt.status !== 'success' || deployedCode === undefined || deployedCode === '0x')
    throw new DevnetError(
      'DEVNET_SEED_FAILED',
      `PorticoSmartAccountFactory deployment on chain ${chainId} failed (${receipt.status})`,
    )
  return true
}
