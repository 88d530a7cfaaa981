import nodemailer, { type Transporter } from 'nodemailer'
import type { FastifyInstance } from 'fastify'
import { startMailStandIn, type MailStandIn } from '../mail-standin'
import type { Config } from '../config'

/**
 * The one mail transport (issue 12). `MAIL_URL` (smtp://user:pass@host:587, smtps://…:465) configures
 * nodemailer's SMTP transport; `MAIL_FROM` the sender (default "Lab Store <no-reply@labstore.local>").
 * Without MAIL_URL outside production, the local stand-in (server/mail-standin, a real SMTP server on
 * 127.0.0.1, started on the first message) receives the mail, and the development mailbox (GET /__mail/messages,
 * administrators only: server/domains/staff/dev-mailbox.ts) lists what it received; in production without
 * MAIL_URL, sending fails with MailNotConfigured (the routes answer 503), and in production /__mail never exists.
 */

export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
}
export interface MailMessage {
  to: string[]
  subject: string
  text: string
  attachments?: MailAttachment[]
}

export class MailNotConfigured extends Error {
  constructor() {
    super('No mail transport: set MAIL_URL')
  }
}

export interface Mailer {
  readonly mode: 'smtp' | 'standin' | 'none'
  send(msg: MailMessage): Promise<{ messageId: string; accepted: string[] }>
  /** the stand-in, once started (stand-in mode only) */
  standIn(): Promise<MailStandIn | null>
  close(): Promise<void>
}

type MailConfig = Pick<Config, 'MAIL_URL' | 'MAIL_FROM' | 'NODE_ENV'>

export function createMailer(config: MailConfig): Mailer {
  const from = config.MAIL_FROM
  const url = config.MAIL_URL
  if (url) {
    const transport = nodemailer.createTransport(url)
    return {
      mode: 'smtp',
      send: (msg) => sendWith(transport, from, msg),
      standIn: async () => null,
      close: async () => transport.close(),
    }
  }
  if (config.NODE_ENV === 'production') {
    return {
      mode: 'none',
      send: async () => {
        throw new MailNotConfigured()
      },
      standIn: async () => null,
      close: async () => undefined,
    }
  }
  // stand-in: started on first use, so an app that sends nothing opens no port
  let started: Promise<{ standIn: MailStandIn; transport: Transporter }> | null = null
  const start = () =>
    (started ??= startMailStandIn().then((standIn) => ({
      standIn,
      transport: nodemailer.createTransport({ host: '127.0.0.1', port: standIn.port, secure: false, ignoreTLS: true }),
    })))
  return {
    mode: 'standin',
    send: async (msg) => sendWith((await start()).transport, from, msg),
    standIn: async () => (await start()).standIn,
    close: async () => {
      if (!started) return
      const s = await started
      s.transport.close()
      await s.standIn.close()
    },
  }
}

async function sendWith(transport: Transporter, from: string, msg: MailMessage) {
  const info = await transport.sendMail({
    from,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    attachments: msg.attachments,
  })
  return {
    messageId: String(info.messageId ?? ''),
    accepted: ((info.accepted ?? []) as (string | { address: string })[]).map((a) =>
      typeof a === 'string' ? a : a.address,
    ),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer
  }
}

/** Gives the app its mailer (app.mail) and closes it with the app (its mailbox: server/domains/staff/dev-mailbox.ts). */
export function registerMail(app: FastifyInstance, config: MailConfig): Mailer {
  const mailer = createMailer(config)
  app.decorate('mail', mailer)
  app.addHook('onClose', async () => {
    await mailer.close()
  })
  return mailer
}
