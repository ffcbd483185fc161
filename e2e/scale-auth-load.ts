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

interface Visitor {
  email: string
  deviceId: string
  /** The loopback address the visitor's requests come from. */
  address: string
}

interface SendOptions {
  body?: string
  form?: boolean
  token?: string
  /** Straight to this replica's port, past nginx. */
  port?: number
  address?: string
}

export class AuthVisitors {
  /** Mails that never came because the replica sending them died, and were asked for again. */
  mailsResent = 0
  /** Why the last request got no answer, for the failure message. */
  #lastFailure = ''
  readonly #host = `auth.${DOMAIN}`

  constructor(private readonly cluster: ScaleCluster) {}

  /** One request through nginx, or straight to one replica; undefined when nothing answered. */
  send(path: string, options: SendOptions = {}) {
    const post = options.body !== undefined
    return httpsRequest({
      host: this.#host,
      port: options.port ?? this.cluster.httpsPort,
      ...(options.port ? {} : { ca: this.cluster.certificate }),
      path,
      method: post ? 'POST' : 'GET',
      headers: {
        origin: `https://${this.#host}:${this.cluster.httpsPort}`,
        ...(post
          ? { 'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json' }
          : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body,
      ...(options.address ? { localAddress: options.address } : {}),
    }).catch((error: Error) => {
      this.#lastFailure = error.message
      return undefined
    })
  }

  /** A POST a client repeats while no replica answered it (at most 5 times). */
  async post(path: string, payload: object | string, address: string) {
    const form = typeof payload === 'string'
    for (let attempts = 1; ; attempts++) {
      const answer = await this.send(path, { body: form ? payload : JSON.stringify(payload), form, address })
      if (!unanswered(answer) || attempts === 5) return { answer, attempts }
      await sleep(200)
    }
  }

  #failure(step: string, answer: HttpsAnswer | undefined) {
    return new Error(`${step} answered ${answer?.status ?? this.#lastFailure}: ${answer?.body}`)
  }

  /** POST /email/start until answered: a 429 (the cooldown of a mail already counted) is waited out. */
  async start({ email, deviceId, address }: Visitor) {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { answer } = await this.post('/auth/v1/email/start', { email, deviceId }, address)
      if (answer?.status === 200) return
      if (answer?.status !== 429) throw this.#failure('email/start', answer)
      const refusal = JSON.parse(answer.body) as { error?: { retryAfterSeconds?: number } }
      await sleep((refusal.error?.retryAfterSeconds ?? 5) * 1_000)
    }
    throw new Error(`email/start for ${email} stayed refused`)
  }

  async #mailTo(email: string, match: (subject: string) => boolean, after: number) {
    for (let waited = 0; waited < 8_000; waited += 50) {
      const mail = this.cluster.mail.messages(email).find((each) => each.id > after && match(each.subject))
      if (mail) return mail
      await sleep(50)
    }
    return undefined
  }

  /**
   * Waits for a mail; when none comes (a replica committed the step and died before mailing), asks again
   * as the frame's "resend" does, after the cooldown.
   */
  async #awaitMail(visitor: Visitor, match: (subject: string) => boolean, after: number) {
    for (let round = 0; round < 3; round++) {
      const mail = await this.#mailTo(visitor.email, match, after)
      if (mail) return mail
      this.mailsResent++
      await this.start(visitor)
    }
    throw new Error(`no mail to ${visitor.email}`)
  }

  /** Starts a sign-in on a new device and confirms the device; resolves with the code mailed to it. */
  async requestCode(visitor: Visitor) {
    await this.start(visitor)
    const link = await this.#awaitMail(visitor, (subject) => subject === 'Confirm your new device', 0)
    const token = new URL(link.text.match(/https?:\S+/)?.[0] ?? '').searchParams.get('token')
    const confirm = await this.post('/auth/v1/device/confirm', `token=${token}`, visitor.address)
    // A repeated confirm whose first try had gone through finds the link used.
    if (confirm.answer?.status !== 200 && !(confirm.attempts > 1 && confirm.answer?.status === 404))
      throw this.#failure('device/confirm', confirm.answer)
    const codeMail = await this.#awaitMail(visitor, (subject) => /\d{6}$/.test(subject), link.id)
    return codeMail.subject.match(/(\d{6})$/)?.[1] ?? ''
  }

  newVisitor(index: number): Visitor {
    return {
      email: `visitor-${index}-${randomBytes(4).toString('hex')}@scale.example`,
      deviceId: `device-${randomBytes(12).toString('hex')}`,
      address: `127.0.3.${(index % 250) + 1}`,
    }
  }

  /**
   * One whole sign-in. Resolves with the session, or undefined when the verify itself went unanswered
   * and its repeat found the code spent: the session the first try made never reached the visitor.
   */
  async signIn(index: number): Promise<SignedIn | undefined> {
    const visitor = this.newVisitor(index)
    const { email, deviceId } = visitor
    const otp = await this.requestCode(visitor)
    const verified = await this.post('/auth/v1/email/verify', { email, otp, deviceId }, visitor.address)
    if (verified.answer?.status === 200)
      return {
        email,
        token: (JSON.parse(verified.answer.body) as { session: { token: string } }).session.token,
      }
    if (verified.attempts > 1 && verified.answer?.status === 400) return undefined
    throw this.#failure('email/verify', verified.answer)
  }

  /** GET /auth/v1/session in `loops` loops round the tokens until `until` settles; answers by status. */
  async readSessionsWhile(tokens: string[], loops: number, until: Promise<unknown>) {
    const statuses: Record<number, number> = {}
    let done = false
    void until.finally(() => {
      done = true
    })
    const loop = async (offset: number) => {
      for (let i = offset; !done; i += loops) {
        const token = tokens[i % tokens.length] ?? ''
        const status = (await this.send('/auth/v1/session', { token, address: `127.0.6.${offset + 1}` }))
          ?.status
        statuses[status ?? 0] = (statuses[status ?? 0] ?? 0) + 1
      }
    }
    await Promise.all(Array.from({ length: loops }, (_, offset) => loop(offset)))
    return statuses
  }

  /** GET /auth/v1/session with the token, through nginx or at one replica; 0 when nothing answered. */
  async sessionStatus(token: string, port?: number) {
    return (await this.send('/auth/v1/session', { token, ...(port ? { port } : {}) }))?.status ?? 0
  }

  /**
   * One code redeemed by `copies` requests at once at each of `ports` (each straight to a replica) and
   * through nginx; resolves with every answer's status.
   */
  async redeemConcurrently(index: number, ports: number[], copies: number) {
    const visitor = this.newVisitor(index)
    const { email, deviceId, address } = visitor
    const otp = await this.requestCode(visitor)
    const body = JSON.stringify({ email, otp, deviceId })
    const targets = [...ports, undefined].flatMap((port) => Array.from({ length: copies }, () => port))
    const answers = await Promise.all(
      targets.map((port) => this.send('/auth/v1/email/verify', { body, address, ...(port ? { port } : {}) })),
    )
    return answers.map((answer) => answer?.status ?? 0)
  }
}
