import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { staffWrite } from '../../staff'
import { mailNotices, notifyBuyer } from '../../account'
import { statusAfterConfirm, type ConfirmationKind } from '../../../../types/order/lifecycle'
import type { ConfirmationLink } from '../../../../types/order/staff-endpoints'
import { lockOrder } from '../status-change'
import { confirmationPath, createConfirmation } from '../confirmation-links'
import { confirmationNotice } from '../notices'

/**
 * A confirmation link made by staff (permission order.hold): the order desk asks the buyer to confirm an order that
 * waits on them (spec §9: PENDING, "on hold", and a pre-order within 24 hours). The buyer gets a notification that
 * opens the link's page and an email with its address; their answer (GET/POST /api/order/confirm/{token},
 * ../enquiries.ts) changes the order through the lifecycle graph. Nothing is sent to the ERP: a link changes no
 * order, the buyer's answer does (and that answer is an 'order.status_changed' event).
 *
 * The token is shown once, here and to the buyer: order_confirmations keeps only its hash, the audit entry only the
 * kind and the expiry. The buyer's notification row keeps the token in its link (the buyer's own list, which the app
 * opens the page from).
 */
export async function makeConfirmationLink(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  orderNumber: string,
  kind: ConfirmationKind,
): Promise<ConfirmationLink> {
  return staffWrite(
    db,
    req,
    { permission: 'order.hold', action: 'order.confirmationLink', entity: 'order', entityId: orderNumber },
    async (trx) => {
      const o = await lockOrder(trx, { orderNumber })
      // a shipped, completed or cancelled order can no longer be confirmed: its link could only fail
      if (statusAfterConfirm(o.status) === null)
        throw new ApiError(
          409,
          'CONFLICT',
          `Order ${orderNumber} is ${o.status}: there is nothing to confirm`,
          'ORDER_NOT_CONFIRMABLE',
        )
      const link = await createConfirmation(trx, o.id, kind)
      const path = confirmationPath(link.token)
      const mail = await notifyBuyer(trx, {
        userId: o.user_id,
        category: 'order',
        ...confirmationNotice(orderNumber, kind, link.expiresAt),
        link: { route: 'orderConfirm', params: { token: link.token } },
      })
      // the email carries the page's address (the app's origin: APP_URL, else the server's own)
      const origin = app.login.cfg.appUrl || app.login.cfg.publicUrl
      const email = mail && { ...mail, text: `${mail.text}\n\n${origin}${path}` }
      const expiresAt = link.expiresAt.toISOString()
      return {
        before: null,
        after: { status: o.status, confirmationLink: { kind, expiresAt } },
        result: { token: link.token, path, expiresAt },
        afterCommit: () => mailNotices(app, [email]),
      }
    },
  )
}
