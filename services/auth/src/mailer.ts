import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

/** Where the service's mail goes; the default sends SMTP to the embedded capture server. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): Promise<void>
}

/** Sends over SMTP with nodemailer; `smtpUrl` like smtp://user:pass@host:587 or smtps://…. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    async close() {
      transport.close()
    },
  }
}
