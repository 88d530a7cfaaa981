import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type { SupplyCenterRequestTable } from '../../db/schema-account'
import {
  SUPPLY_CENTER_REASON_MAX,
  type SupplyCenter,
  type SupplyCenterOption,
  type SupplyCenterRequest,
} from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import {
  assertSelf,
  conflict,
  forbidden,
  insertForReview,
  invalid,
  iso,
  me,
  msg,
  notFound,
  ownAccountRoute,
  UNSAFE_TEXT,
} from './common'
import { addBusinessDays, REVIEW_BUSINESS_DAYS } from './business-days'
import { accountEndpoints } from '../../../types/account/endpoints'
import { emitEvent } from '../platform'

const toRequest = (r: Selectable<SupplyCenterRequestTable>): SupplyCenterRequest => ({
  requestId: r.request_id,
  kind: r.kind,
  shipToNum: r.ship_to_num,
  supplyCenterId: r.supply_center_id,
  reason: r.reason,
  status: r.status,
  submittedAt: iso(r.submitted_at),
  reviewDueBy: iso(r.review_due_by),
  decisionReason: r.decision_reason,
})

const PENDING_MESSAGE: [string, string] = [
  'A supply-centre request for this ship-to is already pending review (up to 1 business day)',
  '该收货地址已有一个供应中心申请正在审核中（最多 1 个工作日）',
]

/** Supply centre: the caller's centres, the centres on offer, apply / change requests. */
export async function supplyCentreRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  /** Spec section 7: GET /sc/getSupplyCenter?stNumber&loginName → shipToNum, supplyCenterId ("Normal counts as active"). */
  serveEndpoint(app, accountEndpoints.supplyCenter, app.requireUser, async (req) => {
    const u = me(req)
    const { stNumber, loginName } = req.query
    assertSelf(req, { userName: loginName || undefined })
    if (stNumber) {
      const own = await db
        .selectFrom('ship_tos')
        .select('id')
        .where('account_id', '=', u.accountId)
        .where('account_number', '=', stNumber)
        .executeTakeFirst()
      if (!own) throw forbidden(req, 'This ship-to is not one of your account', '该收货地址不属于您的账户')
    }
    let q = db
      .selectFrom('supply_centers')
      .select(['supply_center_id', 'ship_to_num', 'operation_status'])
      .where('account_id', '=', u.accountId)
    if (stNumber) q = q.where('ship_to_num', '=', stNumber)
    const rows = await q.orderBy('is_default', 'desc').orderBy('id').execute()
    const data: SupplyCenter[] = rows.map((s) => ({
      supplyCenterId: s.supply_center_id,
      shipToNum: s.ship_to_num,
      operationStatus: s.operation_status,
    }))
    return ok(data)
  })

  serveEndpoint(app, accountEndpoints.supplyCenterOptions, app.requireUser, async (req) => {
    const country = me(req).country === 'in' ? 'in' : 'cn'
    const rows = await db
      .selectFrom('supply_center_options')
      .selectAll()
      .where('country', '=', country)
      .orderBy('sort_order')
      .execute()
    const data: SupplyCenterOption[] = rows.map((o) => ({
      supplyCenterId: o.supply_center_id,
      name: msg(req, o.name_en, o.name_zh),
      city: msg(req, o.city_en, o.city_zh),
      operationStatus: o.operation_status,
    }))
    return ok(data)
  })

  ownAccountRoute(app, accountEndpoints.applySupplyCenter, async (req) => {
    const u = me(req)
    const b = req.body
    // spec section 5: "Supply-centre apply reason: required, at most 200 characters. Terms must be agreed."
    const reason = b.reason.trim()
    if (!reason) throw invalid(req, 'body/reason: Reason is a required field', 'body/reason：申请原因为必填项')
    if (reason.length > SUPPLY_CENTER_REASON_MAX) {
      throw invalid(
        req,
        `body/reason: at most ${SUPPLY_CENTER_REASON_MAX} characters`,
        `body/reason：最多 ${SUPPLY_CENTER_REASON_MAX} 个字符`,
      )
    }
    if (UNSAFE_TEXT.test(reason))
      throw invalid(
        req,
        'body/reason must not contain control characters, < or >',
        'body/reason 不能包含控制字符、< 或 >',
      )

    const shipTo = await db
      .selectFrom('ship_tos')
      .select(['id', 'address_status'])
      .where('account_id', '=', u.accountId)
      .where('account_number', '=', b.shipToNum)
      .executeTakeFirst()
    if (!shipTo) throw forbidden(req, 'This ship-to is not one of your account', '该收货地址不属于您的账户')
    if (shipTo.address_status !== 'ACTIVE') {
      throw conflict(
        req,
        'Only an active ship-to (not one under review) can apply for a supply centre',
        '只有已生效的收货地址才能申请供应中心',
      )
    }
    const centre = await db
      .selectFrom('supply_center_options')
      .selectAll()
      .where('supply_center_id', '=', b.supplyCenterId)
      .executeTakeFirst()
    if (!centre) throw notFound(req, 'No such supply centre', '没有该供应中心')
    if (centre.operation_status !== 'Normal') {
      throw conflict(
        req,
        'This supply centre is not accepting new ship-tos at the moment',
        '该供应中心暂不接受新的申请',
      )
    }
    const current = await db
      .selectFrom('supply_centers')
      .select('supply_center_id')
      .where('account_id', '=', u.accountId)
      .where('ship_to_num', '=', b.shipToNum)
      .executeTakeFirst()
    if (current?.supply_center_id === b.supplyCenterId) {
      throw conflict(req, 'This ship-to is already served by this supply centre', '该收货地址已由此供应中心服务')
    }
    const pending = await db
      .selectFrom('supply_center_requests')
      .select('id')
      .where('ship_to_id', '=', shipTo.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst()
    if (pending) throw conflict(req, ...PENDING_MESSAGE)

    const now = new Date()
    // the request and its event commit together
    const row = await insertForReview(req, PENDING_MESSAGE, () =>
      db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('supply_center_requests')
          .values({
            account_id: u.accountId,
            user_id: u.id,
            ship_to_id: shipTo.id,
            ship_to_num: b.shipToNum,
            supply_center_id: b.supplyCenterId,
            kind: current ? 'change' : 'apply',
            reason,
            status: 'PENDING',
            submitted_at: now,
            // spec section 4: "A supply-centre change request is pending, with review up to 1 business day."
            review_due_by: addBusinessDays(now, REVIEW_BUSINESS_DAYS.supplyCentre, u.country),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await emitEvent(trx, 'supply_centre.requested', {
          requestId: r.request_id,
          kind: r.kind,
          accountId: u.accountId,
          userId: u.id,
          shipToNum: r.ship_to_num,
          supplyCenterId: r.supply_center_id,
          previousSupplyCenterId: current?.supply_center_id ?? null,
          reviewDueBy: r.review_due_by,
        })
        return r
      }),
    )
    return ok(toRequest(row))
  })

  ownAccountRoute(app, accountEndpoints.supplyCenterRequests, async (req) => {
    const rows = await db
      .selectFrom('supply_center_requests')
      .selectAll()
      .where('user_id', '=', me(req).id)
      .where('account_id', '=', me(req).accountId)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return ok(rows.map(toRequest))
  })
}
