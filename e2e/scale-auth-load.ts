import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { HttpsAnswer } from './production-front.js'
import { DOMAIN, httpsRequest } from './production-front.js'
import type { ScaleCluster } from './scale-cluster.js'

// E-mail sign-ins through the balancer, as the auth frame makes them: start, confirm the new device from
// the mailed link, then verify the mailed code. Mail goes by SMTP to the cluster's capture server.

/** A request answered by no replica: nginx's 502/504, or the connection failing. */
const unanswered = (answer: HttpsAnswer | undefined) =>
  !answer || answer.status === 502 || answer.status === 504

export interface SignedIn {
  email: string
  token: string
}

export function authVisitors(cluster: ScaleCluster) {
  /** Mails that never came because the replica sending them died, and were asked for again. */
  let mailsResent = 0
  const authHost = `auth.${DOMAIN}`
  const origin = `https://${authHost}:${cluster.httpsPort}`
  /** Through nginx, or straight to one replica when `port` is given. */
  const send = (
    path: string,
    options: { body?: string; form?: boolean; token?: string; port?: number; visitor?: string } = {},
  ) =>
    httpsRequest({
      host: authHost,
      port: options.port ?? cluster.httpsPort,
      ...(options.port ? {} : { ca: cluster.certificate }),
      path,
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        origin,
        ...(options.body === undefined
          ? {}
          : { 'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body,
      ...(options.visitor ? { localAddress: options.visitor } : {}),
    }).catch(() => undefined)

  /** A POST a client repeats while no replica answered it (at most 5 times). */
  const post = async (path: string, payload: object | string, visitor: string) => {
    const form = typeof payload === 'string'
    for (let attempt = 1; ; attempt++) {
      const answer = await send(path, { body: form ? payload : JSON.stringify(payload), form, visitor })
      if (!unanswered(answer) || attempt === 5) return { answer, attempts: attempt }
      await sleep(200)
    }
  }

  const mailTo = async (email: string, match: (subject: string) => boolean, after: number) => {
    for (let waited = 0; waited < 8_000; waited += 50) {
      const mail = cluster.mail.messages(email).find((each) => each.id > after && match(each.subject))
      if (mail) return mail
      await sleep(50)
    }
    return undefined
  }

  /** POST /email/start until answered: a 429 (the cooldown of a mail already counted) is waited out. */
  const start = async (email: string, deviceId: string, visitor: string) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { answer } = await post('/auth/v1/email/start', { email, deviceId }, visitor)
      if (answer?.status === 200) return
      if (answer?.status !== 429) throw new Error(`email/start answered ${answer?.status}: ${answer?.body}`)
      const refusal = JSON.parse(answer.body) as { error?: { retryAfterSeconds?: number } }
      await sleep((refusal.error?.retryAfterSeconds ?? 5) * 1_000)
    }
    throw new Error(`email/start for ${email} stayed refused`)
  }

  /**
   * Waits for a mail; when none comes (a replica committed the step and died before mailing), asks again
   * as the frame's "resend" does, after the cooldown.
   */
  const awaitMail = async (
    address: { email: string; deviceId: string; visitor: string },
    match: (subject: string) => boolean,
    after: number,
  ) => {
    for (let round = 0; round < 3; round++) {
      const mail = await mailTo(address.email, match, after)
      if (mail) return mail
      mailsResent++
      await start(address.email, address.deviceId, address.visitor)
    }
    throw new Error(`no mail to ${address.email}`)
  }

  /** Starts a sign-in on a new device and confirms the device; resolves with the code mailed to it. */
  const requestCode = async (email: string, deviceId: string, visitor: string) => {
    await start(email, deviceId, visitor)
    const isLink = (subject: string) => subject === 'Confirm your new device'
    const link = await awaitMail({ email, deviceId, visitor }, isLink, 0)
    const token = new URL(link.text.match(/https?:\S+/)?.[0] ?? '').searchParams.get('token')
    const confirm = await post('/auth/v1/device/confirm', `token=${token}`, visitor)
    // A repeated confirm whose first try had gone through finds the link used.
    if (confirm.answer?.status !== 200 && !(confirm.attempts > 1 && confirm.answer?.status === 404))
      throw new Error(`device/confirm answered ${confirm.answer?.status}: ${confirm.answer?.body}`)
    const codeMail = await awaitMail(
      { email, deviceId, visitor },
      (subject) => /\d{6}$/.test(subject),
      link.id,
    )
    return codeMail.subject.match(/(\d{6})$/)?.[1] ?? ''
  }

  const newVisitor = (index: number) => ({
    email: `visitor-${index}-${randomBytes(4).toString('hex')}@scale.example`,
    deviceId: `device-${randomBytes(12).toString('hex')}`,
    visitor: `127.0.3.${(index % 250) + 1}`,
  })

  return {
    mailsResent: () => mailsResent,
    requestCode,
    newVisitor,
    /**
     * One whole sign-in. Resolves with the session, or undefined when the verify itself went unanswered
     * and its repeat found the code spent: the session the first try made never reached the visitor.
     */
    async signIn(index: number): Promise<SignedIn | undefined> {
      const { email, deviceId, visitor } = newVisitor(index)
      const otp = await requestCode(email, deviceId, visitor)
      const verified = await post('/auth/v1/email/verify', { email, otp, deviceId }, visitor)
      if (verified.answer?.status === 200)
        return {
          email,
          token: (JSON.parse(verified.answer.body) as { session: { token: string } }).session.token,
        }
      if (verified.attempts > 1 && verified.answer?.status === 400) return undefined
      throw new Error(`email/verify answered ${verified.answer?.status}: ${verified.answer?.body}`)
    },
    /** GET /auth/v1/session with the token, through nginx or at one replica. */
    async sessionStatus(token: string, port?: number) {
      return (await send('/auth/v1/session', { token, ...(port ? { port } : {}) }))?.status ?? 0
    },
    /**
     * One code redeemed by `copies` requests at once at each of `ports` (each straight to a replica) and
     * through nginx; resolves with every answer's status.
     */
    async redeemConcurrently(index: number, ports: number[], copies: number) {
      const { email, deviceId, visitor } = newVisitor(index)
      const otp = await requestCode(email, deviceId, visitor)
      const body = JSON.stringify({ email, otp, deviceId })
      const targets = [...ports, undefined].flatMap((port) => Array.from({ length: copies }, () => port))
      const answers = await Promise.all(
        targets.map((port) => send('/auth/v1/email/verify', { body, visitor, ...(port ? { port } : {}) })),
      )
      return answers.map((answer) => answer?.status ?? 0)
    },
  }
}
