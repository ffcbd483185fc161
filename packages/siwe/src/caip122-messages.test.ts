import { createEncodedRecap, formatMessage } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createSiwe } from './create-siwe.js'

// WalletConnect's one-click auth: the wallet signs the CAIP-122 message its SDK formats from the
// dApp's request; the dApp's backend gets that text. It must read as EIP-4361 here.
const visitor = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const DOMAIN = 'app.example:8080'
const START = Date.UTC(2026, 0, 1, 12)

async function signedCaip122(nonce: string, fields: { statement?: string; resources?: string[] } = {}) {
  const iss = `did:pkh:eip155:10:${visitor.address}`
  const message = formatMessage(
    {
      type: 'caip122',
      domain: DOMAIN,
      aud: `http://${DOMAIN}`,
      version: '1',
      nonce,
      iat: new Date(START).toISOString(),
      exp: new Date(START + 600_000).toISOString(),
      ...fields,
    },
    iss,
  )
  return { message, signature: await visitor.signMessage({ message }) }
}

describe('createSiwe with CAIP-122 messages (WalletConnect one-click auth)', () => {
  it('opens a session for a message with the ReCap statement and resource a wallet signs', async () => {
    const siwe = createSiwe({ domain: DOMAIN, chainIds: [1, 10], now: () => START + 1_000 })
    const signed = await signedCaip122(await siwe.issueNonce(), {
      statement: 'Sign in to the Portico demo.',
      resources: [createEncodedRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction'])],
    })
    expect(signed.message).toContain('I further authorize the stated URI')
    const session = await siwe.verify(signed)
    // The session ends with the message's Expiration Time.
    expect(session).toMatchObject({ address: visitor.address, chainId: 10, expiresAt: START + 600_000 })
  })

  it('opens a session for a message without a statement', async () => {
    const siwe = createSiwe({ domain: DOMAIN, chainIds: [10], now: () => START })
    await expect(siwe.verify(await signedCaip122(await siwe.issueNonce()))).resolves.toMatchObject({
      address: visitor.address,
      chainId: 10,
    })
  })

  it('still checks its domain, chain and nonce', async () => {
    const nonce = await createSiwe({ domain: DOMAIN, chainIds: [10] }).issueNonce()
    const other = createSiwe({ domain: 'other.example', chainIds: [10], now: () => START })
    await expect(other.verify(await signedCaip122(nonce))).rejects.toMatchObject({ code: 'WRONG_DOMAIN' })
    const mainnetOnly = createSiwe({ domain: DOMAIN, chainIds: [1], now: () => START })
    await expect(mainnetOnly.verify(await signedCaip122(nonce))).rejects.toMatchObject({
      code: 'WRONG_CHAIN',
    })
    const fresh = createSiwe({ domain: DOMAIN, chainIds: [10], now: () => START })
    await expect(fresh.verify(await signedCaip122(nonce))).rejects.toMatchObject({ code: 'UNKNOWN_NONCE' })
  })
})
