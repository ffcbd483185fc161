import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { type CreateAuthServerOptions, createAuthServer } from './create-auth-server.js'

export const DEVICE = 'device-aaaaaaaaaaaaaaaa'
export const OTHER_DEVICE = 'device-bbbbbbbbbbbbbbbb'

export function tempFrameDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>frame</title><script type="module" src="/frame/assets/app.js"></script></head><body></body></html>',
  )
  return dir
}

/** A manually advanced clock. */
export function testClock(start = new Date('2030-01-01T00:00:00Z')) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

export async function startTestServer(options: Partial<CreateAuthServerOptions> = {}) {
  const server = await createAuthServer({
    publicUrl: 'http://localhost:3004',
    framePageDir: tempFrameDir(),
    rpcUrlTemplate: 'http://127.0.0.1:8545/{chainId}',
    smtpPort: 0,
    longPollMs: 2_000,
    ...options,
  })
  const inbox = async (to: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/inbox/messages?to=${encodeURIComponent(to)}`,
    })
    return response.json() as { id: number; to: string; subject: string; text: string; receivedAt: string }[]
  }
  /** Waits for a mail to `to` newer than the `after` id. */
  const nextMail = async (to: string, after = 0) => {
    for (let i = 0; i < 100; i++) {
      const mail = (await inbox(to)).find((message) => message.id > after)
      if (mail) return mail
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`no mail to ${to}`)
  }
  const lastMailId = async (to: string) => (await inbox(to))[0]?.id ?? 0
  const codeOf = (mail: { subject: string }) => mail.subject.match(/(\d{6})$/)?.[1] ?? ''
  const post = (url: string, payload: object, token?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  const get = (url: string, token?: string) =>
    server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })
  /** Full e-mail sign-in on a trusted or new device; returns the LoginResult. */
  const signIn = async (email: string, deviceId = DEVICE) => {
    const before = await lastMailId(email)
    const start = await post('/auth/v1/email/start', { email, deviceId })
    if (start.json().action !== 'VERIFY_OTP') throw new Error(`unexpected ${start.body}`)
    const code = codeOf(await nextMail(email, before))
    const verified = await post('/auth/v1/email/verify', { email, otp: code, deviceId })
    if (verified.statusCode !== 200) throw new Error(verified.body)
    return verified.json() as {
      session: { token: string; expiresAt: string }
      user: { id: string; email: string }
    }
  }
  return { server, app: server.app, inbox, nextMail, lastMailId, codeOf, post, get, signIn }
}

/** For a test file whose tests each start their own server: returns the starter, and closes them after each. */
export function serversClosedAfterEach() {
  const servers: { server: { close(): Promise<void> } }[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((t) => t.server.close()))
  })
  return async (...args: Parameters<typeof startTestServer>) => {
    const t = await startTestServer(...args)
    servers.push(t)
    return t
  }
}
