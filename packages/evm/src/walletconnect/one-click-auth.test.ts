import { buildAuthObject, createEncodedRecap, formatMessage } from '@walletconnect/utils'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { authenticateParams, readSignedCacao } from './one-click-auth.js'

// Anvil's first dev key: a throwaway key known to everyone.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const request = {
  domain: 'dapp.example',
  uri: 'https://dapp.example',
  nonce: 'n0nce0001',
  statement: 'Sign in to the dApp.',
  expirationTime: '2030-01-01T00:00:00.000Z',
}

describe('one-click auth params and cacaos', () => {
  it('asks for the sign-in message on every chain and for the session methods', () => {
    expect(authenticateParams(request, [10, 1], ['personal_sign', 'eth_sendTransaction'])).toEqual({
      chains: ['eip155:10', 'eip155:1'],
      methods: ['personal_sign', 'eth_sendTransaction'],
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      nonce: 'n0nce0001',
      statement: 'Sign in to the dApp.',
      exp: '2030-01-01T00:00:00.000Z',
    })
    expect(authenticateParams({ domain: 'd', uri: 'https://d', nonce: 'n0nce0001' }, [1], [])).toEqual({
      chains: ['eip155:1'],
      methods: [],
      domain: 'd',
      uri: 'https://d',
      nonce: 'n0nce0001',
    })
  })

  it('turns a signed cacao into the EIP-4361 text the wallet signed, its signature and its signer', async () => {
    const iss = `did:pkh:eip155:10:${account.address}`
    const payload = {
      type: 'caip122',
      chains: ['eip155:10'],
      domain: request.domain,
      aud: request.uri,
      version: '1',
      nonce: request.nonce,
      iat: '2029-12-31T23:59:00.000Z',
      exp: request.expirationTime,
      statement: request.statement,
      resources: [createEncodedRecap('eip155', 'request', ['personal_sign'])],
    }
    const signature = await account.signMessage({ message: formatMessage(payload, iss) })
    const signed = readSignedCacao(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))

    expect(signed).toMatchObject({ signature, address: account.address, chainId: 10 })
    const message = signed?.message as string
    await expect(verifyMessage({ address: account.address, message, signature })).resolves.toBe(true)
    // What the dApp's backend reads (viem's EIP-4361 parser, as @portico/siwe uses it).
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'dapp.example',
      address: account.address,
      uri: 'https://dapp.example',
      version: '1',
      chainId: 10,
      nonce: 'n0nce0001',
      issuedAt: new Date('2029-12-31T23:59:00.000Z'),
      expirationTime: new Date(request.expirationTime),
    })
  })

  it('refuses a cacao that is not for an eip155 account or has no hex signature', () => {
    const payload = {
      type: 'caip122',
      chains: ['eip155:1'],
      domain: 'd',
      aud: 'https://d',
      version: '1',
      nonce: 'n0nce0001',
      iat: '2030-01-01T00:00:00Z',
    }
    const solana = buildAuthObject(payload, { t: 'eip191', s: '0x00' }, 'did:pkh:solana:abc:Fx')
    expect(readSignedCacao(solana)).toBeUndefined()
    const unsigned = buildAuthObject(
      payload,
      { t: 'eip191', s: 'nope' },
      `did:pkh:eip155:1:${account.address}`,
    )
    expect(readSignedCacao(unsigned)).toBeUndefined()
  })
})
