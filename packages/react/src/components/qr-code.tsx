import { useMemo, useState } from 'react'
import { qrMatrix } from './qr-matrix.js'

/** The white square a QR code sits in (`.qr-frame`), for the views that show one; loads with them. */
export const qrFrameStyles =
  '.qr-frame{display:flex;align-items:center;justify-content:center;width:256px;height:256px;border-radius:16px;background:#fff}.qr-code{display:block}'

/**
 * A QR code drawn locally as one SVG path: no image service, no canvas. With `logo` (the wallet's image
 * URL) the logo sits in the middle of the code, over a square the code leaves light for it.
 */
export function QrCode({
  value,
  label,
  size = 240,
  logo,
}: {
  value: string
  label: string
  size?: number
  logo?: string | undefined
}) {
  const [logoFailed, setLogoFailed] = useState(false)
  const withLogo = Boolean(logo) && !logoFailed
  const { path, count, box } = useMemo(() => {
    const { modules, count, logo: box } = qrMatrix(value, withLogo)
    let d = ''
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, count, box }
  }, [value, withLogo])
  const svg = (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
  if (!logo || !box) return svg
  // The logo keeps a quiet margin of one module inside the light square.
  const module = size / count
  const logoSize = (box.size - 2) * module
  return (
    // A QR code is an image, not text: it reads the same in a right-to-left dialog, logo included.
    <span dir="ltr" style={{ position: 'relative', display: 'inline-block', width: size, height: size }}>
      {svg}
      <img
        className="qr-logo"
        src={logo}
        alt=""
        width={logoSize}
        height={logoSize}
        style={{
          position: 'absolute',
          insetInlineStart: (box.x + 1) * module,
          insetBlockStart: (box.y + 1) * module,
          width: logoSize,
          height: logoSize,
          borderRadius: '22%',
        }}
        onError={() => setLogoFailed(true)}
      />
    </span>
  )
}
