import { describe, expect, it } from 'vitest'
import { looksLikeName, resolveName } from './resolve-name.js'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A fetch that answers like the chain API's /v1/profile/account/{name}, recording what was asked. */
function chainApi(profiles: Record<string, unknown>) {
  const asked: string[] = []
  const fetcher = (async (input: string) => {
    const url = new URL(input)
    asked.push(`${url.pathname}?${url.searchParams}`)
    const name = decodeURIComponent(url.pathname.split('/').at(-1) ?? '')
    const profile = profiles[name]
    return profile
      ? new Response(JSON.stringify(profile), { status: 200 })
      : new Response(
          JSON.stringify({ status: 'ERROR', reasons: [{ name: 'x', description: 'not found' }] }),
          {
            status: 404,
          },
        )
  }) as typeof fetch
  return { asked, options: { chainApiUrl: 'http://chain-api.test/', projectId: 'p1', fetch: fetcher } }
}

const profile = (addresses: Record<string, string>, attributes: unknown = []) => ({
  name: 'alice.wcn.id',
  registered: 1,
  updated: 1,
  addresses: Object.fromEntries(
    Object.entries(addresses).map(([coinType, address]) => [coinType, { address, created: '1' }]),
  ),
  attributes,
})

describe('resolveName', () => {
  it("takes the name's address for the chain's coin type, else its Ethereum one, and its avatar", async () => {
    const { asked, options } = chainApi({
      'alice.wcn.id': profile({ '60': ALICE, '2147483658': OTHER }, [{ avatar: 'https://img.test/a.png' }]),
    })
    await expect(resolveName(options, 'Alice.wcn.id', 10)).resolves.toEqual({
      name: 'alice.wcn.id',
      address: OTHER,
      avatar: 'https://img.test/a.png',
    })
    await expect(resolveName(options, 'alice.wcn.id', 1)).resolves.toMatchObject({ address: ALICE })
    expect(asked[0]).toBe('/v1/profile/account/alice.wcn.id?projectId=p1')
  })

  it('refuses an unknown name, a name without an EVM address and an avatar that is no web image', async () => {
    const { options } = chainApi({
      'sol.wcn.id': profile({ '501': 'So11111111111111111111111111111111111111112' }),
      'odd.wcn.id': profile({ '60': ALICE }, [{ avatar: 'javascript:alert(1)' }]),
    })
    await expect(resolveName(options, 'nobody.wcn.id', 1)).rejects.toMatchObject({ code: 'HTTP_ERROR' })
    await expect(resolveName(options, 'sol.wcn.id', 1)).rejects.toThrow('no address')
    await expect(resolveName(options, 'odd.wcn.id', 1)).resolves.toMatchObject({ avatar: undefined })
  })

  it('tells names from addresses and other text', () => {
    for (const name of ['alice.wcn.id', 'vitalik.eth', 'a-b.c']) expect(looksLikeName(name), name).toBe(true)
    for (const text of ['alice', '0x1234', 'alice.', '.eth', 'a b.eth', 'alice..eth'])
      expect(looksLikeName(text), text).toBe(false)
  })
})
