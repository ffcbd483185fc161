import { describe, expect, it } from 'vitest'
import { relayJwt } from './relay-test-clients.js'
import { verifyRelayJwt } from './verify-relay-jwt.js'

const audience = 'wss://relay.example.com'
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token whose issuer is `iss`; the signature is never reached when the issuer is refused first. */
function tokenFrom(iss: string) {
  const now = Math.floor(Date.now() / 1000)
  const header = part({ alg: 'EdDSA', typ: 'JWT' })
  const claims = part({ iss, sub: 's', aud: audience, iat: now, exp: now + 60 })
  return `${header}.${claims}.${Buffer.alloc(64).toString('base64url')}`
}

describe('verifyRelayJwt', () => {
  it('names the client by its did:key issuer', async () => {
    const claims = verifyRelayJwt(await relayJwt(audience), new Set([audience]))
    expect(claims.clientId).toMatch(/^did:key:z6Mk/)
    expect(claims.audience).toBe(audience)
  })

  it('refuses an issuer that is not an ed25519 did:key, before looking at the signature', () => {
    const audiences = new Set([audience])
    for (const iss of [
      'did:key:z0OIl', // outside the base58btc alphabet
      'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme', // secp256k1 (multicodec 0xe7)
      'did:key:z6Mk', // the ed25519 header with no key
    ]) {
      expect(() => verifyRelayJwt(tokenFrom(iss), audiences)).toThrow(
        'Auth token issuer is not an ed25519 did:key',
      )
    }
  })
})
