import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

/** Shares are lowercase hex without 0x, as the auth API stores them. */
export interface WalletShares {
  privateKey: Hex
  address: Hex
  deviceShare: string
  authShare: string
  recoveryShare: string
}

const toShareHex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)
const fromShareHex = (share: string) => hexToBytes(`0x${share}`)

/** A fresh key split 2-of-3: any two of device, auth and recovery share rebuild it. */
export function createWalletShares(): Promise<WalletShares> {
  return splitWalletKey(generatePrivateKey())
}

/** A new 2-of-3 split of `privateKey` (shares of an earlier split do not combine with these). */
export async function splitWalletKey(privateKey: Hex): Promise<WalletShares> {
  const [deviceShare, authShare, recoveryShare] = await split(hexToBytes(privateKey), 3, 2)
  if (!deviceShare || !authShare || !recoveryShare) throw new Error('Key split failed')
  return {
    privateKey,
    address: privateKeyToAddress(privateKey),
    deviceShare: toShareHex(deviceShare),
    authShare: toShareHex(authShare),
    recoveryShare: toShareHex(recoveryShare),
  }
}

/** Rebuilds the key from two shares and checks it belongs to `expectedAddress`. */
export async function combineShares(first: string, second: string, expectedAddress: string): Promise<Hex> {
  let privateKey: Hex
  try {
    privateKey = bytesToHex(await combine([fromShareHex(first), fromShareHex(second)]))
  } catch {
    throw new Error('Wallet key shares could not be combined')
  }
  if (
    privateKey.length !== 66 ||
    privateKeyToAddress(privateKey).toLowerCase() !== expectedAddress.toLowerCase()
  ) {
    throw new Error('Wallet key does not match the stored address')
  }
  return privateKey
}
