import { describe, expect, it } from 'vitest'
import { SMART_ACCOUNT_FACTORY_ADDRESS } from './account-abstraction-contracts.js'
import { compileContract } from './compile-contracts.js'
import { computedSmartAccountFactoryAddress } from './deploy-smart-account-factory.js'
import { smartAccountFactoryArtifact } from './smart-account-factory-artifact.js'

describe('smart-account factory artifact', () => {
  it('matches a fresh offline compile of contracts/PorticoSmartAccountFactory.sol (else run `npm run build:contracts`)', async () => {
    const compiled = await compileContract('PorticoSmartAccountFactory')
    expect(
      smartAccountFactoryArtifact.sourceHash,
      'stale artifact: run `npm run build:contracts -w @portico/devnet`',
    ).toBe(compiled.sourceHash)
    expect(smartAccountFactoryArtifact).toEqual(compiled)
    // solc-js compiles the account, the proxy and the factory: slower than the 30 s default on a busy machine.
  }, 180_000)

  it('lands at the address the manifest lists', () => {
    expect(computedSmartAccountFactoryAddress()).toBe(SMART_ACCOUNT_FACTORY_ADDRESS)
  })
})
