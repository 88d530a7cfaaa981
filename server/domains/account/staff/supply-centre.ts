import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../../db/schema'
import type { SupplyCenterRequestTable } from '../../../db/schema-account'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { pageOf } from '../../../lib/paging'
import { staffWrite } from '../../staff'
import { emitEvent } from '../../platform'
import { mailNotices, notifyBuyer } from '../notify'
import { accountStaffEndpoints, type SupplyCentreReview } from '../../../../types/account/staff-endpoints'
import {
  accountRef,
  accountsById,
  alreadyDecided,
  decided,
  decisionFields,
  notFound,
  rejectionReason,
  userRef,
  usersById,
} from './common'
import * as N from './notices'

/**
 * Supply-centre decisions (issue 24): "approve or reject (within the stated 1 business day, shown as overdue after
 * it)". review_due_by was set at submission to 1 business day later in the buyer's calendar (business-days.ts);
 * the queue shows `overdue` once it has passed. An approval makes the centre serve the ship-to (the account's
 * supply_centers row of that ship-to number, created for an 'apply'); the ship-to becomes the account's default
 * centre when the account has none.
 */

async function toReviews(
  db: Kysely<DB>,
  rows: Selectable<SupplyCenterRequestTable>[],
  now = new Date(),
): Promise<SupplyCentreReview[]> {
  const accounts = await accountsById(
    db,
    rows.map((r) => r.account_id),
  )
  const users = await usersById(
    db,
    rows.map((r) => r.user_id),
  )
  const options = new Map(
    (await db.selectFrom('supply_center_options').selectAll().execute()).map((o) => [o.supply_center_id, o]),
  )
  const current = rows.length
    ? await db
        .selectFrom('supply_centers')
        .select(['account_id', 'ship_to_num', 'supply_center_id'])
        .where(
          'account_id',
          'in',
          rows.map((r) => r.account_id),
        )
        .execute()
    : []
  return rows.map((r) => {
    const o = options.get(r.supply_center_id)!
    return {
      requestId: r.request_id,
      kind: r.kind,
      account: accountRef(accounts.get(r.account_id)!),
      user: userRef(users.get(r.user_id)!),
      shipToNum: r.ship_to_num,
      currentSupplyCenterId:
        current.find((c) => c.account_id === r.account_id && c.ship_to_num === r.ship_to_num)?.supply_center_id ?? null,
      supplyCenterId: r.supply_center_id,
      supplyCenterName: o.name_en,
      supplyCenterStatus: o.operation_status,
      reason: r.reason,
      ...decisionFields(r, now),
    }
  })
}

async function reviewOf(db: Kysely<DB>, requestId: string): Promise<SupplyCentreReview> {
  const r = await db
    .selectFrom('supply_center_requests')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow()
  return (await toReviews(db, [r]))[0]
}

async function lockPending(trx: Kysely<DB>, requestId: string) {
  const r = await trx
    .selectFrom('supply_center_requests')
    .selectAll()
    .where('request_id', '=', requestId)
    .forUpdate()
    .executeTakeFirst()
  if (!r) throw notFound('supply-centre request', requestId)
  if (r.status !== 'PENDING') throw alreadyDecided('Supply-centre request', requestId, r.status)
  const centre = await trx
    .selectFrom('supply_center_options')
    .selectAll()
    .where('supply_center_id', '=', r.supply_center_id)
    .executeTakeFirstOrThrow()
  return { r, centre, name: { en: centre.name_en, zh: centre.name_zh } }
}

export function supplyCentreDecisionRoutes(app: FastifyInstance, db: Kysely<DB>) {
  serveEndpoint(app, accountStaffEndpoints.supplyCentreQueue, null, async (req) => {
    const status = req.query.status ?? 'PENDING'
    const base = db.selectFrom('supply_center_requests').where('status', '=', status)
    const { rows, ...counts } = await pageOf(base, req.query, (b) =>
      status === 'PENDING'
        ? b.selectAll().orderBy('review_due_by', 'asc').orderBy('id', 'asc')
        : b.selectAll().orderBy('decided_at', 'desc').orderBy('id', 'desc'),
    )
    return ok({ items: await toReviews(db, rows), ...counts })
  })

  serveEndpoint(app, accountStaffEndpoints.supplyCentreApprove, null, async (req) => {
    const requestId = req.params.id
    const staffId = req.staff!.id
    await staffWrite(
      db,
      req,
      {
        permission: 'supplyCentre.decide',
        action: 'supplyCentre.approve',
        entity: 'supply_center_request',
        entityId: requestId,
      },
      async (trx) => {
        const { r, centre, name } = await lockPending(trx, requestId)
        // the account's centres, locked: the default is decided on them
        const centres = await trx
          .selectFrom('supply_centers')
          .selectAll()
          .where('account_id', '=', r.account_id)
          .forUpdate()
          .execute()
        const current = centres.find((c) => c.ship_to_num === r.ship_to_num)
        if (current) {
          await trx
            .updateTable('supply_centers')
            .set({ supply_center_id: r.supply_center_id, operation_status: centre.operation_status })
            .where('id', '=', current.id)
            .execute()
        } else {
          await trx
            .insertInto('supply_centers')
            .values({
              account_id: r.account_id,
              supply_center_id: r.supply_center_id,
              ship_to_num: r.ship_to_num,
              operation_status: centre.operation_status,
              is_default: !centres.some((c) => c.is_default),
            })
            .execute()
        }
        await trx
          .updateTable('supply_center_requests')
          .set({ status: 'APPROVED', ...decided(staffId, null) })
          .where('id', '=', r.id)
          .execute()
        const mail = await notifyBuyer(trx, {
          userId: r.user_id,
          ...N.supplyCentreApproved({ shipToNum: r.ship_to_num, centre: name }),
        })
        await emitEvent(trx, 'supply_centre.decided', {
          requestId,
          accountId: r.account_id,
          shipToNum: r.ship_to_num,
          supplyCenterId: r.supply_center_id,
          previousSupplyCenterId: current?.supply_center_id ?? null,
          decision: 'APPROVED',
        })
        return {
          before: { status: 'PENDING', supplyCenterId: current?.supply_center_id ?? null },
          after: { status: 'APPROVED', supplyCenterId: r.supply_center_id },
          result: null,
          afterCommit: () => mailNotices(app, [mail]),
        }
      },
    )
    return ok(await reviewOf(db, requestId))
  })

  serveEndpoint(app, accountStaffEndpoints.supplyCentreReject, null, async (req) => {
    const requestId = req.params.id
    const staffId = req.staff!.id
    const reason = rejectionReason(req.body.reason)
    await staffWrite(
      db,
      req,
      {
        permission: 'supplyCentre.decide',
        action: 'supplyCentre.reject',
        entity: 'supply_center_request',
        entityId: requestId,
      },
      async (trx) => {
        const { r, name } = await lockPending(trx, requestId)
        await trx
          .updateTable('supply_center_requests')
          .set({ status: 'REJECTED', ...decided(staffId, reason) })
          .where('id', '=', r.id)
          .execute()
        const mail = await notifyBuyer(trx, {
          userId: r.user_id,
          ...N.supplyCentreRejected({ shipToNum: r.ship_to_num, centre: name, reason }),
        })
        await emitEvent(trx, 'supply_centre.decided', {
          requestId,
          accountId: r.account_id,
          shipToNum: r.ship_to_num,
          supplyCenterId: r.supply_center_id,
          decision: 'REJECTED',
          reason,
        })
        return {
          before: { status: 'PENDING' },
          after: { status: 'REJECTED', reason },
          result: null,
          afterCommit: () => mailNotices(app, [mail]),
        }
      },
    )
    return ok(await reviewOf(db, requestId))
  })
}
