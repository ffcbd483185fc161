import { getContractAddress, parseTransaction, recoverTransactionAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { MULTICALL3_ADDRESS, MULTICALL3_DEPLOYER, MULTICALL3_DEPLOYMENT_TX } from './multicall3.js'

describe('the canonical Multicall3 deployment', () => {
  it('is signed by the published deployer, without a chain id, and creates the canonical address at nonce 0', async () => {
    const transaction = parseTransaction(MULTICALL3_DEPLOYMENT_TX)
    expect(transaction.chainId).toBeUndefined()
    expect(transaction.nonce ?? 0).toBe(0)
    expect(transaction.to ?? null).toBeNull()
    const signer = await recoverTransactionAddress({
      serializedTransaction: MULTICALL3_DEPLOYMENT_TX as Parameters<
        typeof recoverTransactionAddress
      >[0]['serializedTransaction'],
    })
    expect(signer).toBe(MULTICALL3_DEPLOYER)
    expect(getContractAddress({ from: signer, nonce: 0n })).toBe(MULTICALL3_ADDRESS)
  })
})
