import {
  type Address,
  type Chain,
  type Client,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
  keccak256,
  type LocalAccount,
  parseAbi,
  type Transport,
} from 'viem'
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { executeBatchAbi } from './wallet-calls.js'

/**
 * PorticoSmartAccountFactory (EntryPoint v0.8), the same address on every chain that has it: SimpleAccount
 * v0.8 with ERC-1271, and a `createAccount` any caller may run so ERC-6492 verifies an undeployed account.
 */
export const SMART_ACCOUNT_FACTORY: Address = '0xdDd02b678E78682C9b722086B0B373B6A05456e5'

/** One account per owner: salt 0. */
const SALT = 0n

export const smartAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const executeAbi = parseAbi(['function execute(address target, uint256 value, bytes data)'])

/** viem's placeholder for gas estimation: a well-formed 65-byte signature that recovers to some address. */
const STUB_SIGNATURE: Hex = `0x${'f'.repeat(31)}${'0'.repeat(33)}7${'a'.repeat(63)}1c`

/**
 * The hash the owner signs for `hash` to hold for `account` on `chainId` (PorticoSmartAccount.replaySafeHash):
 * a signature made for the owner's own address, or another chain, is not valid for the smart account.
 */
export const replaySafeHash = (account: Address, chainId: number, hash: Hex): Hex =>
  keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }],
      [account, BigInt(chainId), hash],
    ),
  )

/** The owner's counterfactual smart-account address, read from the factory (a view call, nothing sent). */
export const counterfactualAddress = (
  client: Client<Transport, Chain, undefined>,
  owner: Address,
): Promise<Address> =>
  readContract(client, {
    address: SMART_ACCOUNT_FACTORY,
    abi: smartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, SALT],
  })

/**
 * The embedded key's ERC-4337 smart account as a viem SmartAccount: a separate address, counterfactual
 * until its first user operation deploys it (viem adds the factory's initCode then, and wraps messages in
 * ERC-6492 until the account has code; after, the account answers ERC-1271).
 */
export async function toCounterfactualAccount(
  client: Client<Transport, Chain, undefined>,
  owner: LocalAccount,
): Promise<SmartAccount> {
  if (!owner.sign) throw new Error('The smart account needs an owner that signs hashes')
  const sign = owner.sign
  const chainId = client.chain.id
  const address = await counterfactualAddress(client, owner.address)
  const signForAccount = (hash: Hex) => sign({ hash: replaySafeHash(address, chainId, hash) })
  const entryPoint = { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' } as const
  return toSmartAccount({
    client,
    entryPoint,
    getAddress: async () => address,
    async getFactoryArgs() {
      return {
        factory: SMART_ACCOUNT_FACTORY,
        factoryData: encodeFunctionData({
          abi: smartAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner.address, SALT],
        }),
      }
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only)
        return encodeFunctionData({
          abi: executeAbi,
          functionName: 'execute',
          args: [only.to, only.value ?? 0n, only.data ?? '0x'],
        })
      return encodeFunctionData({
        abi: executeBatchAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
      })
    },
    getStubSignature: async () => STUB_SIGNATURE,
    sign: ({ hash }) => signForAccount(hash),
    signMessage: ({ message }) => signForAccount(hashMessage(message)),
    signTypedData: (typedData) => signForAccount(hashTypedData(typedData)),
    // SimpleAccount v0.8 recovers the owner from the (EIP-712) user operation hash as it is.
    async signUserOperation({ chainId: opChainId = chainId, ...userOperation }) {
      const hash = getUserOperationHash({
        chainId: opChainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: address },
      })
      return sign({ hash })
    },
  })
}
