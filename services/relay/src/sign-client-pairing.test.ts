import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayServer, type RelayServer } from './index.js'
import { runSdkPairingScenario } from './run-sdk-pairing-scenario.js'

let relay: RelayServer

beforeAll(async () => {
  relay = await createRelayServer()
})
afterAll(async () => {
  await relay.close()
})

describe('real SignClients (dApp and wallet) over the relay', () => {
  it('pairs by URI, settles an eip155 session and gets a verifiable personal_sign', async () => {
    const result = await runSdkPairingScenario({
      dappRelayUrl: relay.url,
      walletRelayUrl: relay.url,
      signatures: 2,
    })
    expect(result.sessionAccounts).toEqual([`eip155:1:${result.address}`])
    expect(result.signatures).toHaveLength(2)
    for (const signature of result.signatures) {
      expect(
        await verifyMessage({
          address: result.address as `0x${string}`,
          message: result.message,
          signature: signature as `0x${string}`,
        }),
      ).toBe(true)
    }
    expect(result.unhandledRejections).toEqual([])
  })

  it('keeps the proposal in the mailbox for a wallet that pairs after the dApp published it', async () => {
    const result = await runSdkPairingScenario({
      dappRelayUrl: relay.url,
      walletRelayUrl: relay.url,
      walletDelayMs: 1_000,
    })
    expect(result.sessionAccounts).toEqual([`eip155:1:${result.address}`])
    expect(result.verifiedInChild).toBe(true)
    expect(result.unhandledRejections).toEqual([])
  })
})
