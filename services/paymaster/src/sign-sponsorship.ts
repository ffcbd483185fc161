import { type Address, concat, type Hex, numberToHex, type PublicClient, pad, parseAbi } from 'viem'
import { toPackedUserOperation } from 'viem/account-abstraction'
import type { LocalAccount } from 'viem/accounts'
import type { RpcUserOperation } from './paymaster-rpc.js'

const paymasterAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
])

/** What the paymaster's validation spends (a hash and an ecrecover; measured ~12k) with room, and no postOp. */
export const PAYMASTER_VERIFICATION_GAS = 60_000n
export const PAYMASTER_POST_OP_GAS = 0n
/** A signature of the right shape for gas estimation; it never validates. */
const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(32)}${'00'.repeat(32)}1b`

export type Sponsorship = {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

const validity = (validUntil: number, validAfter: number): Hex =>
  concat([pad(numberToHex(validUntil), { size: 6 }), pad(numberToHex(validAfter), { size: 6 })])

/** The most an operation with these gas limits can cost its payer (EntryPoint's prefund). */
export function maxCostWei(operation: RpcUserOperation): bigint {
  const gas =
    operation.callGasLimit +
    operation.verificationGasLimit +
    operation.preVerificationGas +
    PAYMASTER_VERIFICATION_GAS +
    PAYMASTER_POST_OP_GAS
  return gas * operation.maxFeePerGas
}

/** paymasterAndData for estimation: real gas limits and window, a signature that does not validate. */
export function stubSponsorship(paymaster: Address, validUntil: number): Sponsorship {
  return {
    paymaster,
    paymasterData: concat([validity(validUntil, 0), STUB_SIGNATURE]),
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS,
  }
}

/**
 * Signs the sponsorship of exactly this operation: the paymaster contract computes the hash (so the service
 * and the contract can never disagree on it), the signer signs it as an EIP-191 message.
 */
export async function signSponsorship(options: {
  client: PublicClient
  paymaster: Address
  signer: LocalAccount
  operation: RpcUserOperation
  validUntil: number
}): Promise<Sponsorship> {
  const { operation, paymaster } = options
  const unsigned = {
    ...stubSponsorship(paymaster, options.validUntil),
    paymasterData: validity(options.validUntil, 0),
  }
  const packed = toPackedUserOperation({
    ...operation,
    factory: operation.factory ?? undefined,
    factoryData: operation.factoryData ?? undefined,
    signature: '0x',
    ...unsigned,
  })
  const hash = await options.client.readContract({
    address: paymaster,
    abi: paymasterAbi,
    functionName: 'getHash',
    args: [packed, options.validUntil, 0],
  })
  const signature = await options.signer.signMessage({ message: { raw: hash } })
  return { ...unsigned, paymasterData: concat([unsigned.paymasterData, signature]) }
}
