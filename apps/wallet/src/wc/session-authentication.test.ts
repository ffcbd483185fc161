import { createEncodedRecap, isCacaoBoundToRequest, validateSignedCacao } from '@walletconnect/utils'
import { verifyMessage } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { testWalletAccount } from '../test-wallet-account.js'
import { type AuthPayload, prepareAuthentication, signAuthentication } from './session-authentication.js'

const account = testWalletAccount(0)

/** A request as the dApp's `authenticate()` sends it: its message fields and a ReCap of the session methods. */
const request: AuthPayload = {
  type: 'caip122',
  chains: ['eip155:10', 'eip155:1'],
  domain: 'dapp.example',
  aud: 'https://dapp.example',
  version: '1',
  nonce: 'n0nce0001',
  iat: '2030-01-01T00:00:00.000Z',
  exp: '2030-01-01T00:10:00.000Z',
  statement: 'Sign in to the dApp.',
  resources: [createEncodedRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction', 'eth_sign'])],
}

describe('one-click auth in the WalletConnect test wallet', () => {
  it('signs one message on the first requested chain, for the methods it supports', async () => {
    const prepared = prepareAuthentication(request, account.address)
    expect(prepared.iss).toBe(`did:pkh:eip155:10:${account.address}`)
    // The session methods it grants (eth_sign is not one it carries out) are spelled out in the statement.
    expect(prepared.message).toContain("'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'")
    expect(prepared.message).not.toContain("eth_sign'")
    expect(parseSiweMessage(prepared.message)).toMatchObject({
      domain: 'dapp.example',
      address: account.address,
      uri: 'https://dapp.example',
      chainId: 10,
      nonce: 'n0nce0001',
    })

    const cacao = await signAuthentication(prepared, account)
    expect(cacao.p.iss).toBe(prepared.iss)
    await expect(
      verifyMessage({
        address: account.address,
        message: prepared.message,
        signature: cacao.s.s as `0x${string}`,
      }),
    ).resolves.toBe(true)
    // What the dApp's sign-client checks before it takes the answer (offline: a plain-key signature).
    await expect(validateSignedCacao({ cacao, projectId: 'p' })).resolves.toBe(true)
    expect(isCacaoBoundToRequest({ cacao, request })).toMatchObject({ valid: true })
  })
})
