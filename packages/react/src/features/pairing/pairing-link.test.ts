import { describe, expect, it } from 'vitest'
import { pairingLink } from './pairing-link.js'

const uri = 'wc:ab@2?relay-protocol=irn&symKey=cd'

describe('pairing links', () => {
  it('appends wc?uri= to native schemes and universal links', () => {
    const encoded = encodeURIComponent(uri)
    expect(pairingLink('rainbow://', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(pairingLink('rainbow:', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(pairingLink('https://rnbwapp.com', uri)).toBe(`https://rnbwapp.com/wc?uri=${encoded}`)
    expect(pairingLink('https://app.example/', uri)).toBe(`https://app.example/wc?uri=${encoded}`)
  })
})
