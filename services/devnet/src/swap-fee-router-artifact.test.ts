import { describe, expect, it } from 'vitest'
import { compileContract } from './compile-contracts.js'
import { swapFeeRouterArtifact } from './swap-fee-router-artifact.js'

describe('swap fee router artifact', () => {
  it('matches a fresh offline compile of contracts/SwapFeeRouter.sol (else run `npm run build:contracts`)', async () => {
    const compiled = await compileContract('SwapFeeRouter')
    expect(
      swapFeeRouterArtifact.sourceHash,
      'stale artifact: run `npm run build:contracts -w @portico/devnet`',
    ).toBe(compiled.sourceHash)
    expect(swapFeeRouterArtifact).toEqual(compiled)
  })
})
