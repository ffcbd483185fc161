import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { qrMatrix } from './qr-matrix.js'

const PIXELS_PER_MODULE = 4

/**
 * The code as a camera would see it: each module a square of pixels, and the logo square painted with a
 * dark, busy pattern (worse for a reader than any real logo), then decoded by jsQR.
 */
function decode(value: string, withLogo: boolean) {
  const { modules, count, logo } = qrMatrix(value, withLogo)
  const side = count * PIXELS_PER_MODULE
  const pixels = new Uint8ClampedArray(side * side * 4)
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / PIXELS_PER_MODULE)
      const y = Math.floor(py / PIXELS_PER_MODULE)
      const inLogo = logo && x >= logo.x && x < logo.x + logo.size && y >= logo.y && y < logo.y + logo.size
      const dark = inLogo ? (x * 7 + y * 3) % 5 < 3 : modules[y]?.[x]
      const offset = (py * side + px) * 4
      pixels.fill(dark ? 0 : 255, offset, offset + 3)
      pixels[offset + 3] = 255
    }
  }
  return { result: jsQR(pixels, side, side), logo, count }
}

// A WalletConnect pairing URI of the length the pairing view shows.
const PAIRING_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1732435200'

describe('QR code with a logo', () => {
  it('still decodes with the logo square covered', () => {
    const { result, logo, count } = decode(PAIRING_URI, true)
    expect(result?.data).toBe(PAIRING_URI)
    // The logo covers a real share of the code, centred.
    expect(logo?.size).toBeGreaterThanOrEqual(Math.floor((count - 4) * 0.2))
    expect(logo && logo.x * 2 + logo.size).toBe(count)
  })

  it('leaves the logo square light and uses level H only when there is a logo', () => {
    const plain = qrMatrix(PAIRING_URI, false)
    const withLogo = qrMatrix(PAIRING_URI, true)
    expect(plain.logo).toBeUndefined()
    // Level H needs more modules for the same data than level M.
    expect(withLogo.count).toBeGreaterThan(plain.count)
    const { logo, modules } = withLogo
    if (!logo) throw new Error('no logo square')
    const square = modules
      .slice(logo.y, logo.y + logo.size)
      .flatMap((row) => row.slice(logo.x, logo.x + logo.size))
    expect(square.every((dark) => !dark)).toBe(true)
    expect(decode(PAIRING_URI, false).result?.data).toBe(PAIRING_URI)
  })
})
