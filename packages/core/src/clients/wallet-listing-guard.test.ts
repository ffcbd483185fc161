import { describe, expect, it } from 'vitest'
import { getWalletsResponseSchema, walletListingSchema } from './wallet-listing.js'
import { getWalletsResponseGuard, parseListings } from './wallet-listing-guard.js'

const valid = {
  id: 'w1',
  name: 'Wallet One',
  homepage: null,
  image_id: 'img',
  image_url: 'https://example.com/w1.png',
  order: 3,
  rdns: 'com.example',
  chains: ['eip155:1'],
  injected: [{ namespace: 'eip155', injected_id: 'isExample', extra: 1 }],
  unknownKey: 'dropped',
}

/** Listings that break one rule each of the zod schema. */
const invalid: unknown[] = [
  { ...valid, id: '' },
  { ...valid, name: 5 },
  { ...valid, image_url: undefined },
  { ...valid, order: 'first' },
  { ...valid, mobile_link: 3 },
  { ...valid, chains: ['eip155:1', 2] },
  { ...valid, injected: [{ namespace: 'eip155' }] },
  { ...valid, injected: 'isExample' },
  null,
  'wallet',
  [valid],
]
const accepted: unknown[] = [
  valid,
  { id: 'a', name: 'A', image_id: '', image_url: '' },
  { ...valid, injected: null, chains: undefined, desktop_link: null },
]

// The guards replace the zod schemas on the modal's opening: both must accept and reject the same answers.
describe('wallet listing guards', () => {
  it('accept and reject listings as the zod schema does, with the same data', () => {
    for (const listing of [...accepted, ...invalid]) {
      const expected = walletListingSchema.safeParse(listing)
      const parsed = parseListings([listing])
      expect(parsed !== undefined, JSON.stringify(listing)).toBe(expected.success)
      if (expected.success) expect(parsed?.[0]).toEqual(expected.data)
    }
  })

  it('check /getWallets answers as the zod schema does', () => {
    const answers: unknown[] = [
      { count: 2, data: accepted },
      { count: 0, data: [] },
      { count: -1, data: [] },
      { count: 1.5, data: [] },
      { count: 1, data: [valid, invalid[0]] },
      { count: 1 },
      { data: [] },
      [],
    ]
    for (const answer of answers) {
      const expected = getWalletsResponseSchema.safeParse(answer)
      const guarded = getWalletsResponseGuard.safeParse(answer)
      expect(guarded.success, JSON.stringify(answer)).toBe(expected.success)
      if (expected.success && guarded.success) expect(guarded.data).toEqual(expected.data)
    }
  })
})
