import {
  type Address,
  concat,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  parseAbi,
  parseEther,
  zeroHash,
} from 'viem'
import { ENTRY_POINT_08_ADDRESS, VERIFYING_PAYMASTER_ADDRESS } from './account-abstraction-contracts.js'
import { CREATE2_DEPLOYER_ADDRESS } from './deploy-account-abstraction.js'
import { type DeployerClients, waitForReceipt } from './deploy-fixed-contracts.js'
import { DEPLOYER_ADDRESS } from './dev-accounts.js'
import { DevnetError } from './devnet-error.js'
import { PAYMASTER_SIGNER_ADDRESS } from './service-accounts.js'
import { verifyingPaymasterArtifact } from './verifying-paymaster-artifact.js'

const initCode: Hex = concat([
  verifyingPaymasterArtifact.bytecode,
  encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
    [ENTRY_POINT_08_ADDRESS, PAYMASTER_SIGNER_ADDRESS, DEPLOYER_ADDRESS],
  ),
])

/**
 * Where CREATE2 (salt 0) puts PorticoVerifyingPaymaster with these arguments: the same on every chain. It must
 * equal VERIFYING_PAYMASTER_ADDRESS (written out for importers that should not load the artifact).
 */
export const computedPaymasterAddress = (): Address =>
  getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_DEPLOYER_ADDRESS,
    salt: zeroHash,
    bytecode: initCode,
  })

const entryPointDepositAbi = parseAbi([
  'function balanceOf(address account) view returns (uint256)',
  'function depositTo(address account) payable',
])
const DEPOSIT_LOW = parseEther('100')
const DEPOSIT_TOP_UP = parseEther('1000')

/**
 * Deploys the verifying paymaster (owned by the deployer, signing key the paymaster service's) and keeps its
 * EntryPoint v0.8 deposit, which pays for the operations it sponsors, above 100 of the native currency.
 */
export async function deployVerifyingPaymaster(
  clients: DeployerClients,
  chainId: number,
): Promise<{ deployed: boolean; deposited: boolean }> {
  const { publicClient, walletClient } = clients
  const result = { deployed: false, deposited: false }
  const code = await publicClient.getCode({ address: VERIFYING_PAYMASTER_ADDRESS })
  if (code === undefined || code === '0x') {
    const hash = await walletClient.sendTransaction({
      chain: null,
      to: CREATE2_DEPLOYER_ADDRESS,
      data: concat([zeroHash, initCode]),
      gas: 3_000_000n,
    })
    const receipt = await waitForReceipt(publicClient, hash)
    const deployedCode = await publicClient.getCode({ address: VERIFYING_PAYMASTER_ADDRESS })
    if (receipt.status !== 'success' || deployedCode === undefined || deployedCode === '0x')
      throw new DevnetError(
        'DEVNET_SEED_FAILED',
        `PorticoVerifyingPaymaster deployment on chain ${chainId} failed (${receipt.status})`,
      )
    result.deployed = true
  }
  const deposit = await publicClient.readContract({
    address: ENTRY_POINT_08_ADDRESS,
    abi: entryPointDepositAbi,
    functionName: 'balanceOf',
    args: [VERIFYING_PAYMASTER_ADDRESS],
  })
  if (deposit < DEPOSIT_LOW) {
    const hash = await walletClient.writeContract({
      chain: null,
      address: ENTRY_POINT_08_ADDRESS,
      abi: entryPointDepositAbi,
      functionName: 'depositTo',
      args: [VERIFYING_PAYMASTER_ADDRESS],
      value: DEPOSIT_TOP_UP,
    })
    await waitForReceipt(publicClient, hash)
    result.deposited = true
  }
  return result
}
