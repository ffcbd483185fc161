import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  id: number
  to: string
  subject: string
  text: string
  receivedAt: string
}

export interface MailCaptureServer {
  port: number
  /** Newest first; with `to`, only mail to that address. */
  messages(to?: string): CapturedMail[]
  close(): Promise<void>
}

const KEPT_MESSAGES = 500

/** A local SMTP server on 127.0.0.1 that keeps what it receives, for the demo inbox and for tests. */
export async function startMailCaptureServer(port: number): Promise<MailCaptureServer> {
  const kept: CapturedMail[] = []
  let nextId = 1
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
          for (const to of recipients) {
            kept.unshift({
              id: nextId++,
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              receivedAt: new Date().toISOString(),
            })
          }
          kept.splice(KEPT_MESSAGES)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    messages: (to) => (to ? kept.filter((mail) => mail.to === to.toLowerCase()) : [...kept]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
