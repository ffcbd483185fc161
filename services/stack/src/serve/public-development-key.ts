import { BUNDLER_EXECUTOR_ADDRESS, DEV_ACCOUNTS, PAYMASTER_SIGNER_ADDRESS } from '@portico/devnet'
import { isHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/**
 * The public development mnemonic's accounts ("test test … junk", which the devnet and every Hardhat and
 * Anvil install use): the ten dev accounts and the devnet's bundler executor and paymaster signer.
 */
const PUBLIC_ADDRESSES = new Set(
  [...DEV_ACCOUNTS, BUNDLER_EXECUTOR_ADDRESS, PAYMASTER_SIGNER_ADDRESS].map((address) =>
    address.toLowerCase(),
  ),
)

/**
 * Whether a private key is one anyone can sign with: a bundler executor or paymaster signer holding it
 * would be drained, or would sponsor for anyone.
 */
export function isPublicDevelopmentKey(key: string | undefined): boolean {
  const value = key?.trim()
  if (!value || !isHex(value) || value.length !== 66) return false
  return PUBLIC_ADDRESSES.has(privateKeyToAddress(value).toLowerCase())
}
