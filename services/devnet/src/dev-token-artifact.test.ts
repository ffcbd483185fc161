import { describe, expect, it } from 'vitest'
import { compileContract } from './compile-contracts.js'
import { devTokenArtifact } from './dev-token-artifact.js'

describe('dev token artifact', () => {
  it('matches a fresh offline compile of contracts/DevToken.sol (else run `npm run build:contracts`)', async () => {
    const compiled = await compileContract('DevToken')
    expect(
      devTokenArtifact.sourceHash,
      'stale artifact: run `npm run build:contracts -w @portico/devnet`',
    ).toBe(compiled.sourceHash)
    expect(devTokenArtifact).toEqual(compiled)
  })
})
