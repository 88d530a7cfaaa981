import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Mailer } from '../../lib/mail'

/**
 * The development mailbox (issue 12; issue 22, item 19; issue 24): GET /__mail/messages lists every email the local
 * mail stand-in received, with its attachments (order exports, invoices), and DELETE /__mail/messages empties it.
 * What it holds is the buyers' mail, so only an administrator reads it: a staff token whose roles grant 'audit.read'
 * (401 without one or with a buyer's token, 403 for another role; ./guard.ts). It exists only in stand-in mode
 * (no MAIL_URL) and never in production. Outside /api, so not in the API document.
 */
export function registerDevMailbox(app: FastifyInstance, mailer: Mailer, config: Pick<Config, 'NODE_ENV'>) {
  if (mailer.mode !== 'standin' || config.NODE_ENV === 'production') return
  // onRequest: without the permission nothing about the mailbox is answered
  const route = { onRequest: app.requireStaff('audit.read'), schema: { hide: true } }
  app.get('/__mail/messages', route, async (_req, reply) => {
    const s = await mailer.standIn()
    return reply.header('cache-control', 'no-store').send({ messages: s?.messages ?? [] })
  })
  app.delete('/__mail/messages', route, async (_req, reply) => {
    ;(await mailer.standIn())?.clear()
    return reply.status(204).send()
  })
}
