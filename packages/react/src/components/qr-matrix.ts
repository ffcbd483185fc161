import { encode } from 'uqr'

/** Modules on each side of the code, counted in the border too. */
const BORDER = 2
/** The share of the code's side the logo may cover: about 5% of its area, far below what level H recovers. */
const LOGO_SIDE = 0.22

export interface QrMatrix {
  /** Rows of modules, dark = true, with a BORDER of light modules around the code. */
  modules: boolean[][]
  count: number
  /** The square of modules left light for a logo, when one was asked for. */
  logo: { x: number; y: number; size: number } | undefined
}

/**
 * The modules of a QR code. With a logo, the code uses error correction level H (30% of it can be lost)
 * and leaves a centred square light, so the logo drawn there hides nothing a reader needs.
 */
export function qrMatrix(value: string, withLogo: boolean): QrMatrix {
  const { data, size: count } = encode(value, { ecc: withLogo ? 'H' : 'M', border: BORDER })
  const modules = data.map((row) => [...row])
  if (!withLogo) return { modules, count, logo: undefined }
  const code = count - 2 * BORDER
  // Odd sizes stay centred on the middle module, as a QR code's side is always odd.
  let size = Math.round(code * LOGO_SIDE)
  if (size % 2 === 0) size += 1
  const start = (count - size) / 2
  for (let y = start; y < start + size; y++) {
    const row = modules[y]
    if (row) for (let x = start; x < start + size; x++) row[x] = false
  }
  return { modules, count, logo: { x: start, y: start, size } }
}
