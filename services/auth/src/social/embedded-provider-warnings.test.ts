import { afterEach, expect, it, vi } from 'vitest'
import { startTestServer } from '../auth-test-helpers.js'

afterEach(() => {
  vi.restoreAllMocks()
})

it('starts the six stand-in issuers without oidc-provider development warnings', async () => {
  const warn = vi.spyOn(console, 'warn')
  const info = vi.spyOn(console, 'info')
  const t = await startTestServer()
  try {
    // Discovery and a key set per issuer: each provider is fully set up, not only constructed.
    for (const name of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
      const jwks = await t.app.inject({ method: 'GET', url: `/oidc/${name}/jwks` })
      expect(jwks.json().keys).toHaveLength(1)
    }
    const printed = [...warn.mock.calls, ...info.mock.calls].map((call) => String(call[0]))
    expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([])
  } finally {
    await t.server.close()
  }
})
