import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { VERIFYING_PAYMASTER_ADDRESS } from './account-abstraction-contracts.js'
import { compileContract } from './compile-contracts.js'
import { computedPaymasterAddress } from './deploy-verifying-paymaster.js'
import { BUNDLER_EXECUTOR_ADDRESS, devnetServiceKey, PAYMASTER_SIGNER_ADDRESS } from './service-accounts.js'
import { verifyingPaymasterArtifact } from './verifying-paymaster-artifact.js'

describe('verifying paymaster artifact', () => {
  it('matches a fresh offline compile of contracts/PorticoVerifyingPaymaster.sol (else run `npm run build:contracts`)', async () => {
    const compiled = await compileContract('PorticoVerifyingPaymaster')
    expect(
      verifyingPaymasterArtifact.sourceHash,
      'stale artifact: run `npm run build:contracts -w @portico/devnet`',
    ).toBe(compiled.sourceHash)
    expect(verifyingPaymasterArtifact).toEqual(compiled)
  })

  it('lands at the address the manifest lists, trusting the key the paymaster service signs with', () => {
    expect(computedPaymasterAddress()).toBe(VERIFYING_PAYMASTER_ADDRESS)
    expect(privateKeyToAccount(devnetServiceKey('paymasterSigner')).address).toBe(PAYMASTER_SIGNER_ADDRESS)
    expect(privateKeyToAccount(devnetServiceKey('bundlerExecutor')).address).toBe(BUNDLER_EXECUTOR_ADDRESS)
  })
})
