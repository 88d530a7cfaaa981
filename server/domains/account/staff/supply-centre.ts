import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../../db/schema'
import type { SupplyCenterOptionTable, SupplyCenterRequestTable } from '../../../db/schema-account'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { accountStaffEndpoints, type SupplyCentreReview } from '../../../../types/account/staff-endpoints'
import { accountRef, accountsById, decisionFields, userRef, usersById } from './common'
import { decideRequest, queueOf, reviewOf, type RequestKind } from './decide'
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

/** A supply-centre request: named by its request id; the most overdue first. */
const SUPPLY_CENTRE_REQUESTS: RequestKind<
  'supply_center_requests',
  { centre: Selectable<SupplyCenterOptionTable>; name: { en: string; zh: string } },
  SupplyCentreReview
> = {
  table: 'supply_center_requests',
  key: 'request_id',
  label: 'supply-centre request',
  pendingOrder: 'review_due_by',
  permission: 'supplyCentre.decide',
  entity: 'supply_center_request',
  lockMore: async (trx, r) => {
    const centre = await trx
      .selectFrom('supply_center_options')
      .selectAll()
      .where('supply_center_id', '=', r.supply_center_id)
      .executeTakeFirstOrThrow()
    return { centre, name: { en: centre.name_en, zh: centre.name_zh } }
  },
  toReviews,
}

/** The supply_centre.decided event of a decision on `r`: what is decided, after the ids. */
const supplyCentreDecided = (r: Selectable<SupplyCenterRequestTable>, decision: Record<string, unknown>) => ({
  type: 'supply_centre.decided' as const,
  data: {
    requestId: r.request_id,
    accountId: r.account_id,
    shipToNum: r.ship_to_num,
    supplyCenterId: r.supply_center_id,
    ...decision,
  },
})

export function supplyCentreDecisionRoutes(app: FastifyInstance, db: Kysely<DB>) {
  serveEndpoint(app, accountStaffEndpoints.supplyCentreQueue, null, async (req) =>
    ok(await queueOf(db, SUPPLY_CENTRE_REQUESTS, req.query)),
  )

  serveEndpoint(app, accountStaffEndpoints.supplyCentreApprove, null, async (req) => {
    const requestId = req.params.id
    await decideRequest(app, db, req, {
      kind: SUPPLY_CENTRE_REQUESTS,
      id: requestId,
      action: 'supplyCentre.approve',
      verdict: { status: 'APPROVED' },
      decide: async (trx, { row: r, centre, name }) => {
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
        return {
          notices: [{ userId: r.user_id, ...N.supplyCentreApproved({ shipToNum: r.ship_to_num, centre: name }) }],
          events: [
            supplyCentreDecided(r, {
              previousSupplyCenterId: current?.supply_center_id ?? null,
              decision: 'APPROVED',
            }),
          ],
          before: { status: 'PENDING', supplyCenterId: current?.supply_center_id ?? null },
          after: { status: 'APPROVED', supplyCenterId: r.supply_center_id },
        }
      },
    })
    return ok(await reviewOf(db, SUPPLY_CENTRE_REQUESTS, requestId))
  })

  serveEndpoint(app, accountStaffEndpoints.supplyCentreReject, null, async (req) => {
    const requestId = req.params.id
    await decideRequest(app, db, req, {
      kind: SUPPLY_CENTRE_REQUESTS,
      id: requestId,
      action: 'supplyCentre.reject',
      verdict: { status: 'REJECTED', reason: req.body.reason },
      decide: async (_trx, { row: r, name }, { reason }) => ({
        notices: [{ userId: r.user_id, ...N.supplyCentreRejected({ shipToNum: r.ship_to_num, centre: name, reason }) }],
        events: [supplyCentreDecided(r, { decision: 'REJECTED', reason })],
        before: { status: 'PENDING' },
        after: { status: 'REJECTED', reason },
      }),
    })
    return ok(await reviewOf(db, SUPPLY_CENTRE_REQUESTS, requestId))
  })
}
