import type { SiweConfig, SiweSession } from '@portico/core'
import { createSiweMessage } from 'viem/siwe'

/** The demo's own backend (same origin, served by the stack): nonce, verify, session, sign-out. */
const API = '/api/siwe'

/** The URL of this page with SIWE turned on or off. */
export function siweToggleUrl(on: boolean): string {
  const url = new URL(location.href)
  if (on) url.searchParams.set('siwe', '1')
  else url.searchParams.delete('siwe')
  return url.toString()
}

/** The backend's session as the demo page shows it; the SIWE card subscribes. (This module loads lazily, see siwe-switch.ts.) */
let current: SiweSession | null = null
const listeners = new Set<() => void>()
const setCurrent = (session: SiweSession | null) => {
  current = session
  for (const listener of listeners) listener()
}
export const siweSession = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${API}${path}`, { credentials: 'same-origin', ...init })
  if (response.status === 204) return undefined as T
  const body = await response.json()
  if (!response.ok) throw new Error(body?.error?.message ?? `HTTP ${response.status}`)
  return body as T
}

/** This page, its wording, and ten minutes to sign. */
const demoMessageParams = {
  get domain() {
    return location.host
  },
  get uri() {
    return location.origin
  },
  statement: 'Sign in to the Portico demo.',
  expiry: 10 * 60,
}

export const demoSiweConfig: SiweConfig = {
  getNonce: async () => (await request<{ nonce: string }>('/nonce')).nonce,
  getMessageParams: async () => demoMessageParams,
  createMessage(args) {
    return createSiweMessage({
      domain: args.domain,
      uri: args.uri,
      address: args.address as `0x${string}`,
      chainId: args.chainId,
      nonce: args.nonce,
      version: args.version,
      statement: args.statement,
      resources: args.resources,
      issuedAt: new Date(args.issuedAt),
      expirationTime: args.expirationTime ? new Date(args.expirationTime) : undefined,
    })
  },
  async verifyMessage({ message, signature }) {
    await request('/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    })
    return true
  },
  async getSession() {
    const { session } = await request<{ session: SiweSession | null }>('/session')
    setCurrent(session)
    return session
  },
  async signOut() {
    await request('/sign-out', { method: 'POST' })
    setCurrent(null)
    return true
  },
  onSignIn: (session) => setCurrent(session),
  onSignOut: () => setCurrent(null),
}
