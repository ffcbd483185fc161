import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AddressAvatar } from './address-avatar.js'

const gradientOf = (address: string) =>
  /radial-gradient\([^"]+\)/.exec(renderToString(<AddressAvatar address={address} />))?.[0] ?? ''

describe('AddressAvatar', () => {
  it('draws an EVM address from its hex digits, as before', () => {
    // 0xf39f % 360 = 87, 0x2266 % 360 = 166.
    expect(gradientOf('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(
      'radial-gradient(circle at 30% 30%, hsl(87 90% 70%), hsl(166 80% 45%))',
    )
  })

  it('draws a base58 (Solana) address too, the same one alike and another one otherwise', () => {
    const solana = gradientOf('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    expect(solana).toMatch(/^radial-gradient\(circle at 30% 30%, hsl\(\d+ 90% 70%\), hsl\(\d+ 80% 45%\)\)$/)
    expect(gradientOf('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(solana)
    expect(gradientOf('HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH')).not.toBe(solana)
  })
})
