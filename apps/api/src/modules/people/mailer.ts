import nodemailer from 'nodemailer'

/**
 * Outgoing mail (decision 0035): one message at a time through the SMTP server of `SMTP_URL`
 * (nodemailer). Without `SMTP_URL` there is no mailer at all and callers show the link instead.
 */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createSmtpMailer(smtp: { url: string; from: string }): Mailer {
  // Bounded waits: an invitation's mail is sent inside its transaction (people.service.ts).
  const transport = nodemailer.createTransport(smtp.url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    close() {
      transport.close()
    },
  }
}
