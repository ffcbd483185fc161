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
  // As the frame sends them: JSON, from the service's own origin (the frame page is served by it).
  const origin = new URL(options.publicUrl ?? 'http://localhost:3004').origin
  const post = (url: string, payload: object, token?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { origin, authorization: `Bearer ${token}` } : { origin },
    })
  const get = (url: string, token?: string) =>
    server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })
  /** Confirms a device by posting the token of the newest confirmation link to `email` after `after`. */
  const confirmDeviceLink = async (email: string, after = 0) => {
    const mail = await nextMail(email, after)
    if (mail.subject !== 'Confirm your new device') throw new Error(`unexpected mail ${mail.subject}`)
    const token = new URL(mail.text.match(/http\S+/)?.[0] ?? '').searchParams.get('token')
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/device/confirm',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
      },
      payload: `token=${token}`,
    })
    if (confirmed.statusCode !== 200) throw new Error(confirmed.body)
    return mail.id
  }
  /** Asks for a sign-in code on the device, confirming it by the mailed link first if asked to. */
  const requestCode = async (email: string, deviceId = DEVICE) => {
    let before = await lastMailId(email)
    const start = await post('/auth/v1/email/start', { email, deviceId })
    if (start.statusCode !== 200) throw new Error(`unexpected ${start.body}`)
    if (start.json().action === 'VERIFY_DEVICE') before = await confirmDeviceLink(email, before)
    return codeOf(await nextMail(email, before))
  }
  /** Full e-mail sign-in on a confirmed or new device; returns the LoginResult. */
  const signIn = async (email: string, deviceId = DEVICE) => {
    const code = await requestCode(email, deviceId)
    const verified = await post('/auth/v1/email/verify', { email, otp: code, deviceId })
    if (verified.statusCode !== 200) throw new Error(verified.body)
    return verified.json() as {
      session: { token: string; expiresAt: string }
      user: { id: string; email: string }
    }
  }
  return {
    server,
    app: server.app,
    inbox,
    nextMail,
    lastMailId,
    codeOf,
    post,
    get,
    signIn,
    requestCode,
    confirmDeviceLink,
  }
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
