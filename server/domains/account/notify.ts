import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { NotificationTable } from '../../db/schema-account'

/** Both languages of a text the buyer reads: the notification list shows the app's language, the email the buyer's. */
export interface Bilingual {
  zh: string
  en: string
}

/** What a staff decision (or the ERP) tells a buyer: one row of their notification list and one email. */
export interface BuyerNotice {
  userId: string
  category: NotificationTable['category']
  title: Bilingual
  body: Bilingual
  /** the app screen the notification opens, a route name of the app (types/routes.ts), e.g. { route: 'orderDetail', params: { orderNumber } } */
  link?: { route: string; params: Record<string, string> } | null
}

/** The email of a notice, sent after the change commits (mailNotices). */
export interface NoticeMail {
  userId: string
  to: string
  subject: string
  text: string
}

const noticeId = () => `N-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`

/**
 * Writes the notice to the buyer's notification list inside the caller's transaction (so a decision and its
 * notice commit together) and returns its email in the buyer's language (users.language: 'en' or Chinese), to send
 * with mailNotices once the transaction has committed. A buyer without an email address gets the notification only.
 */
export async function notifyBuyer(trx: Transaction<DB> | Kysely<DB>, notice: BuyerNotice): Promise<NoticeMail | null> {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'language'])
    .where('id', '=', notice.userId)
    .executeTakeFirst()
  if (!user) throw new Error(`notifyBuyer: no user ${notice.userId}`)
  await trx
    .insertInto('notifications')
    .values({
      id: noticeId(),
      user_id: notice.userId,
      category: notice.category,
      title_en: notice.title.en,
      title_zh: notice.title.zh,
      body_en: notice.body.en,
      body_zh: notice.body.zh,
      link_route: notice.link?.route ?? null,
      link_params: notice.link ? JSON.stringify(notice.link.params) : null,
      created_at: new Date(),
    })
    .execute()
  if (!user.email) return null
  const en = user.language.toLowerCase().startsWith('en')
  return {
    userId: notice.userId,
    to: user.email,
    subject: en ? notice.title.en : notice.title.zh,
    text: en ? notice.body.en : notice.body.zh,
  }
}

/**
 * Sends the notices' emails through MAIL_URL (app.mail) after the change has committed. A failed send is logged
 * (by user id, never the address) and loses nothing: the notification is already in the buyer's list.
 */
export function mailNotices(app: FastifyInstance, mails: (NoticeMail | null)[]): Promise<void> {
  return Promise.all(
    mails
      .filter((m): m is NoticeMail => m !== null)
      .map((m) =>
        app.mail
          .send({ to: [m.to], subject: m.subject, text: m.text })
          .then(() => undefined)
          .catch((err: Error) => app.log.warn({ userId: m.userId, err: err.message }, 'notice email not sent')),
      ),
  ).then(() => undefined)
}
