/** Two hues from the address: its first and last hex digits (EVM), else a hash of its characters (base58). */
function huesOf(address: string): [number, number] {
  const hex = address.replace(/^0x/, '')
  if (/^[0-9a-fA-F]*$/.test(hex)) {
    const padded = hex.padEnd(12, '0')
    return [Number.parseInt(padded.slice(0, 4), 16) % 360, Number.parseInt(padded.slice(-4), 16) % 360]
  }
  let hueA = 0
  let hueB = 0
  for (const char of address) {
    hueA = (hueA * 31 + char.charCodeAt(0)) % 360
    hueB = (hueB * 37 + char.charCodeAt(0) * 7) % 360
  }
  return [hueA, hueB]
}

/** A gradient derived from the address, so the same account always looks the same. */
export function AddressAvatar({ address, size = 20 }: { address: string; size?: number }) {
  const [hueA, hueB] = huesOf(address)
  return (
    <span
      aria-hidden="true"
      className="portico-avatar"
      style={{
        width: size,
        height: size,
        background: `radial-gradient(circle at 30% 30%, hsl(${hueA} 90% 70%), hsl(${hueB} 80% 45%))`,
      }}
    />
  )
}
