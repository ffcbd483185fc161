import { type Address, type Hex, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { type DeployerClients, waitForReceipt } from './deploy-fixed-contracts.js'
import { DEV_MNEMONIC } from './dev-accounts.js'

/**
 * Keys the local services sign with on the devnets, derived from the dev mnemonic past the ten dev accounts
 * (tests and visitors spend from those; a service's nonces must not race them). Dev keys: never on a real chain.
 */
export const DEVNET_SERVICE_ACCOUNT_INDEX = {
  /** Sends the bundler's handleOps transactions (and deploys its simulation contract). */
  bundlerExecutor: 12,
  /** Signs the paymaster's sponsorships (the verifying paymaster's signer). */
  paymasterSigner: 13,
} as const

export type DevnetServiceAccount = keyof typeof DEVNET_SERVICE_ACCOUNT_INDEX

/** The private key of a devnet service account. */
export function devnetServiceKey(account: DevnetServiceAccount): Hex {
  const hd = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEVNET_SERVICE_ACCOUNT_INDEX[account] })
  const key = hd.getHdKey().privateKey
  if (!key) throw new Error(`no private key derived for ${account}`)
  return `0x${Buffer.from(key).toString('hex')}`
}

/** The bundler executor's address (m/44'/60'/0'/0/12 of the dev mnemonic). */
export const BUNDLER_EXECUTOR_ADDRESS: Address = '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a'

/** The paymaster service's signer on the devnets (m/44'/60'/0'/0/13), which the devnet paymaster trusts. */
export const PAYMASTER_SIGNER_ADDRESS: Address = '0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec'

const EXECUTOR_TOP_UP = parseEther('1000')
const EXECUTOR_LOW = parseEther('100')

/**
 * Gives the bundler executor gas money from the deployer when it runs low, by a plain transfer (no cheat
 * code), so a restored chain tops it up only when a long session spent it.
 */
export async function fundBundlerExecutor(clients: DeployerClients): Promise<'funded' | 'present'> {
  const { publicClient, walletClient } = clients
  const balance = await publicClient.getBalance({ address: BUNDLER_EXECUTOR_ADDRESS })
  if (balance >= EXECUTOR_LOW) return 'present'
  const hash = await walletClient.sendTransaction({
    chain: null,
    to: BUNDLER_EXECUTOR_ADDRESS,
    value: EXECUTOR_TOP_UP,
  })
  await waitForReceipt(publicClient, hash)
  return 'funded'
}
