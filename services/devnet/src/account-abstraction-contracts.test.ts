import { createRequire } from 'node:module'
import { type Abi, createPublicClient, getContractAddress, http, keccak256 } from 'viem'
import { entryPoint07Address, entryPoint08Address, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_ABSTRACTION_CONTRACTS,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_ADDRESS,
  SMART_ACCOUNT_FACTORY_ADDRESS,
  VERIFYING_PAYMASTER_ADDRESS,
} from './account-abstraction-contracts.js'
import {
  ACCOUNT_ABSTRACTION_DEPLOYMENTS,
  CREATE2_DEPLOYER_ADDRESS,
  initCode,
} from './deploy-account-abstraction.js'

const require = createRequire(import.meta.url)

/** A function's inputs without Solidity's `internalType` notes, which the ABI encoding ignores. */
function inputsOf(abi: Abi, name: string) {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'internalType')
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value
  const item = abi.find((entry) => entry.type === 'function' && entry.name === name)
  return strip(item && 'inputs' in item ? item.inputs : undefined)
}

describe('the smart-account contracts', () => {
  it('land at their public-chain addresses when the package bytecode is CREATE2d with the published salts', () => {
    expect(ACCOUNT_ABSTRACTION_DEPLOYMENTS.map(({ address }) => address)).toEqual([
      ENTRY_POINT_08_ADDRESS,
      SIMPLE_7702_ACCOUNT_ADDRESS,
      ENTRY_POINT_07_ADDRESS,
    ])
    for (const deployment of ACCOUNT_ABSTRACTION_DEPLOYMENTS) {
      const address = getContractAddress({
        opcode: 'CREATE2',
        from: CREATE2_DEPLOYER_ADDRESS,
        salt: deployment.salt,
        bytecodeHash: keccak256(initCode(deployment)),
      })
      expect(address, deployment.label).toBe(deployment.address)
    }
  })

  it("are the ones viem's EIP-7702 smart account delegates to and sends user operations to", async () => {
    expect([entryPoint08Address, entryPoint07Address]).toEqual([
      ENTRY_POINT_08_ADDRESS,
      ENTRY_POINT_07_ADDRESS,
    ])
    const account = await toSimple7702SmartAccount({
      // Never called: building the account reads nothing from the chain.
      client: createPublicClient({ transport: http('http://127.0.0.1:9') }),
      owner: privateKeyToAccount(`0x${'11'.repeat(32)}`),
    })
    expect(account.authorization.address).toBe(SIMPLE_7702_ACCOUNT_ADDRESS)
    expect(account.entryPoint.address).toBe(ENTRY_POINT_08_ADDRESS)
    // The calls viem encodes are the ones the deployed implementation decodes.
    const { abi } = require('@account-abstraction/contracts/artifacts/Simple7702Account.json') as { abi: Abi }
    for (const name of ['execute', 'executeBatch'])
      expect(inputsOf(account.abi as Abi, name), name).toEqual(inputsOf(abi, name))
    expect(ACCOUNT_ABSTRACTION_CONTRACTS).toEqual({
      entryPoint08: ENTRY_POINT_08_ADDRESS,
      simple7702Account: SIMPLE_7702_ACCOUNT_ADDRESS,
      entryPoint07: ENTRY_POINT_07_ADDRESS,
      verifyingPaymaster: VERIFYING_PAYMASTER_ADDRESS,
      smartAccountFactory: SMART_ACCOUNT_FACTORY_ADDRESS,
    })
  })
})
