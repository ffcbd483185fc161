/** A gradient derived from the address, so the same account always looks the same. */
export function AddressAvatar({ address, size = 20 }: { address: string; size?: number }) {
  const hex = address.replace(/^0x/, '').padEnd(12, '0')
  const hueA = Number.parseInt(hex.slice(0, 4), 16) % 360
  const hueB = Number.parseInt(hex.slice(-4), 16) % 360
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
