import type { FastifyInstance } from 'fastify'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { DB, ShipToTable } from '../../../db/schema'
import type { ShipToReviewTable } from '../../../db/schema-account'
import { ApiError, ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { emitEvent } from '../../platform'
import type { BuyerNotice } from '../notify'
import { LIFECYCLE_STEPS } from '../../../../types/order/lifecycle'
import { placedOrderStatus } from '../../../../types/order/placed-status'
import {
  accountStaffEndpoints,
  type ReviewedAddress,
  type ShipToReview,
} from '../../../../types/account/staff-endpoints'
import { accountRef, accountsById, alreadyDecided, decided, decisionFields, userRef, usersById } from './common'
import { decideRequest, queueOf, reviewOf, type RequestKind } from './decide'
import * as N from './notices'

/**
 * Ship-to decisions (issue 24): "approve (ACTIVE, account number given) or reject with a reason; orders waiting on
 * that address (PENDING_ADDRESS_VALIDATION, status 270) move on when it is approved."
 *
 * - Approve: the ship-to becomes ACTIVE with its ship-to number (staff give the ERP's, else the next of
 *   ship_to_number_seq), and the default when the account has no active default. The account's orders waiting on it
 *   take the lifecycle step that waits for an approved address (types/order/lifecycle.ts: PENDING_ADDRESS_VALIDATION
 *   -> SUBMITTED, status code as placed-status.ts gives it now). A Partially Registered buyer whose registration waited
 *   on this address (an 'address' onboarding request) is Siebel Approved.
 * - Reject: the ship-to leaves the address book (the app shows only ACTIVE and PENDING addresses; a dead entry would
 *   count against the account's limits and could be picked); its review keeps the address and the reason. Orders
 *   waiting on it stay waiting, and their buyers are told why and how to go on (cancel request or customer service):
 *   cancelling here would bypass the order domain's cancel rules (flash-sale stock, points), which a cancel request
 *   decided by the order desk applies.
 */

/** The steps that wait for an approved address, by the status they leave. */
const ADDRESS_STEPS = LIFECYCLE_STEPS.filter((s) => s.needsApprovedAddress)
const WAITING_STATUSES = ADDRESS_STEPS.map((s) => s.from)

type ShipToRow = Selectable<ShipToTable>

const reviewedAddress = (s: ShipToRow): ReviewedAddress & { addressKey: string } => ({
  addressKey: s.address_key,
  nickName: s.nick_name,
  attentionTo: s.attention_to,
  phoneNumber: s.phone_number,
  mobile: s.mobile,
  email: s.email,
  deptOrLab: s.dept_or_lab,
  companyOrInstitution: s.company_or_institution,
  country: s.country,
  isoCountryCode: s.iso_country_code,
  stateOrProvince: s.state_or_province,
  city: s.city,
  streetAddress: s.street_address,
  buildingOrRoom: s.building_or_room,
  zipCode: s.zip_code,
})

/** The account's orders waiting on the address key (locked when `lock`). */
function waitingOrders(trx: Kysely<DB>, accountId: number, addressKey: string, lock = false) {
  const q = trx
    .selectFrom('orders')
    .select(['id', 'order_number', 'sales_order_number', 'user_id', 'status', 'status_code'])
    .where('account_id', '=', accountId)
    .where('ship_to_key', '=', addressKey)
    .where('status', 'in', WAITING_STATUSES)
    .orderBy('id')
  return lock ? q.forUpdate().execute() : q.execute()
}

/** Reviews (a page of rows) as the queue shows them. */
async function toReviews(
  db: Kysely<DB>,
  rows: Selectable<ShipToReviewTable>[],
  now = new Date(),
): Promise<ShipToReview[]> {
  const shipToIds = rows.map((r) => r.ship_to_id).filter((x): x is number => x !== null)
  const shipTos = new Map(
    (shipToIds.length ? await db.selectFrom('ship_tos').selectAll().where('id', 'in', shipToIds).execute() : []).map(
      (s) => [s.id, s],
    ),
  )
  const accounts = await accountsById(
    db,
    rows.map((r) => r.account_id),
  )
  const users = await usersById(
    db,
    rows.map((r) => r.user_id).filter((x): x is string => x !== null),
  )
  const out: ShipToReview[] = []
  for (const r of rows) {
    const st = r.ship_to_id === null ? undefined : shipTos.get(r.ship_to_id)
    // the address as decided, else the live (pending) one
    const addr = (r.address as (ReviewedAddress & { addressKey: string }) | null) ?? (st ? reviewedAddress(st) : null)
    if (!addr) continue
    const u = r.user_id ? users.get(r.user_id) : undefined
    const waiting = await waitingOrders(db, r.account_id, addr.addressKey)
    const { addressKey, ...address } = addr
    out.push({
      id: r.id,
      webReference: r.web_reference,
      shipToId: r.ship_to_id,
      addressKey: st ? addressKey : null,
      account: accountRef(accounts.get(r.account_id)!),
      submittedBy: u ? userRef(u) : null,
      address,
      shipToNumber: r.account_number,
      waitingOrders: waiting.map((o) => o.order_number),
      ...decisionFields(r, now),
    })
  }
  return out
}

/**
 * A new ship-to's review, named by its id, the oldest first. Its ship-to is locked with it and must still be
 * PENDING; the account row is locked before the ship-to, in the order the buyer's add-address and default switches
 * take them (no deadlock between the two).
 */
const SHIP_TO_REVIEWS: RequestKind<'ship_to_reviews', { st: ShipToRow }, ShipToReview> = {
  table: 'ship_to_reviews',
  key: 'id',
  label: 'ship-to review',
  pendingOrder: 'submitted_at',
  permission: 'shipTo.decide',
  entity: 'ship_to_review',
  lockMore: async (trx, review) => {
    await trx.selectFrom('accounts').select('id').where('id', '=', review.account_id).forUpdate().execute()
    const st =
      review.ship_to_id === null
        ? undefined
        : await trx
            .selectFrom('ship_tos')
            .selectAll()
            .where('id', '=', review.ship_to_id)
            .forUpdate()
            .executeTakeFirst()
    if (!st || st.address_status !== 'PENDING')
      throw alreadyDecided('Ship-to review', review.id, st ? 'active' : 'removed')
    return { st }
  },
  toReviews,
}

/** The PENDING 'address' onboarding requests (Partially Registered buyers) that wait on the ship-to, locked. */
const waitingRegistrations = (trx: Kysely<DB>, shipToId: number) =>
  trx
    .selectFrom('onboarding_requests')
    .select(['id', 'request_id', 'user_id'])
    .where('ship_to_id', '=', shipToId)
    .where('kind', '=', 'address')
    .where('status', '=', 'PENDING')
    .forUpdate()
    .execute()

/** A ship-to number no other ship-to or bill-to uses. */
async function numberInUse(trx: Kysely<DB>, n: string, shipToId: number): Promise<boolean> {
  const st = await trx
    .selectFrom('ship_tos')
    .select('id')
    .where('account_number', '=', n)
    .where('id', '!=', shipToId)
    .executeTakeFirst()
  const bt = await trx.selectFrom('bill_tos').select('id').where('account_number', '=', n).executeTakeFirst()
  return !!st || !!bt
}

async function shipToNumber(trx: Kysely<DB>, given: string | undefined, shipToId: number): Promise<string> {
  if (given !== undefined) {
    if (await numberInUse(trx, given, shipToId))
      throw new ApiError(409, 'CONFLICT', `Ship-to number ${given} is already in use`)
    return given
  }
  for (;;) {
    const { n } = await sql<{ n: string }>`select nextval('ship_to_number_seq')::text as n`
      .execute(trx)
      .then((x) => x.rows[0])
    if (!(await numberInUse(trx, n, shipToId))) return n
  }
}

/** Who is told of the decision: the buyer who added the address, else every user of the account. */
async function recipients(trx: Kysely<DB>, review: Selectable<ShipToReviewTable>): Promise<string[]> {
  if (review.user_id) return [review.user_id]
  const rows = await trx.selectFrom('users').select('id').where('account_id', '=', review.account_id).execute()
  return rows.map((r) => r.id)
}

/** The ship_to.decided event of a decision on `review` (of the ship-to `st`): what is decided, after the ids. */
const shipToDecided = (
  review: Selectable<ShipToReviewTable>,
  st: ShipToRow,
  decision: { decision: 'APPROVED' | 'REJECTED' } & Record<string, unknown>,
) => ({
  type: 'ship_to.decided' as const,
  data: {
    reviewId: review.id,
    webReference: review.web_reference,
    accountId: st.account_id,
    shipToId: st.id,
    addressKey: st.address_key,
    ...decision,
  },
})

export function shipToDecisionRoutes(app: FastifyInstance, db: Kysely<DB>) {
  serveEndpoint(app, accountStaffEndpoints.shipToQueue, null, async (req) =>
    ok(await queueOf(db, SHIP_TO_REVIEWS, req.query)),
  )

  serveEndpoint(app, accountStaffEndpoints.shipToApprove, null, async (req) => {
    const id = req.params.id
    const moved = await decideRequest(app, db, req, {
      kind: SHIP_TO_REVIEWS,
      id,
      action: 'shipTo.approve',
      verdict: { status: 'APPROVED' },
      decide: async (trx, { row: review, st }, { staffId, now }) => {
        const number = await shipToNumber(trx, req.body.shipToNumber, st.id)
        const activeDefault = await trx
          .selectFrom('ship_tos')
          .select('id')
          .where('account_id', '=', st.account_id)
          .where('is_default', '=', true)
          .where('address_status', '=', 'ACTIVE')
          .executeTakeFirst()
        await trx
          .updateTable('ship_tos')
          .set({ address_status: 'ACTIVE', account_number: number })
          .where('id', '=', st.id)
          .execute()
        // an account without a usable default gets this one (spec: "a single default shipTo in PENDING status counts
        // as no usable address"; now it is usable)
        if (!activeDefault) {
          await trx
            .updateTable('ship_tos')
            .set({ is_default: sql<boolean>`(id = ${st.id})` })
            .where('account_id', '=', st.account_id)
            .where((eb) => eb.or([eb('is_default', '=', true), eb('id', '=', st.id)]))
            .execute()
        }
        const address = reviewedAddress({ ...st, account_number: number })

        // a Partially Registered buyer whose registration waited on this address completes it
        const completed: string[] = []
        for (const ob of await waitingRegistrations(trx, st.id)) {
          await trx
            .updateTable('onboarding_requests')
            .set({ status: 'APPROVED', ...decided(staffId, null, now) })
            .where('id', '=', ob.id)
            .execute()
          const upd = await trx
            .updateTable('users')
            .set({ registration_status: 'Siebel Approved' })
            .where('id', '=', ob.user_id)
            .where('registration_status', '=', 'Partially Registered')
            .where('account_id', '=', st.account_id)
            .executeTakeFirst()
          if (Number(upd.numUpdatedRows) === 1) completed.push(ob.user_id)
          await emitEvent(trx, 'onboarding.decided', {
            requestId: ob.request_id,
            kind: 'address',
            userId: ob.user_id,
            decision: 'APPROVED',
            registrationStatus: 'Siebel Approved',
            accountId: st.account_id,
          })
        }

        const notices: BuyerNotice[] = []
        // the waiting orders take their step, with the status code of an order placed now (account and ship-to)
        const orders = await waitingOrders(trx, st.account_id, st.address_key, true)
        const regStatus = new Map(
          (orders.length
            ? await trx
                .selectFrom('users')
                .select(['id', 'registration_status'])
                .where(
                  'id',
                  'in',
                  orders.map((o) => o.user_id),
                )
                .execute()
            : []
          ).map((u) => [u.id, u.registration_status]),
        )
        const moved: string[] = []
        for (const o of orders) {
          const step = ADDRESS_STEPS.find((s) => s.from === o.status)!
          const { statusCode } = placedOrderStatus(regStatus.get(o.user_id) ?? 'Partially Registered', 'ACTIVE')
          const upd = await trx
            .updateTable('orders')
            .set({
              status: step.to,
              status_code: statusCode,
              ship_to_account_number: number,
              ship_to_snapshot: sql<string>`jsonb_set(ship_to_snapshot, '{accountNumber}', to_jsonb(${number}::text), false)`,
              updated_at: now,
            })
            .where('id', '=', o.id)
            .where('status', '=', o.status)
            // a held order keeps its status until it is released (server/domains/order/status-change.ts)
            .where('held_from', 'is', null)
            .executeTakeFirst()
          if (Number(upd.numUpdatedRows) !== 1) continue
          // the order's history, as every status change keeps it (account comes before order: written here)
          await trx
            .insertInto('order_status_history')
            .values({
              order_id: o.id,
              from_status: o.status,
              to_status: step.to,
              actor: `staff:${staffId}`,
              note: `ship-to ${number} approved`,
              at: now,
            })
            .execute()
          moved.push(o.order_number)
          await emitEvent(trx, 'order.status_changed', {
            orderNumber: o.order_number,
            salesOrderNumber: o.sales_order_number,
            from: o.status,
            to: step.to,
            statusCode,
            cause: 'ship_to.approved',
          })
          notices.push({ userId: o.user_id, ...N.orderReleased(o.order_number, review.web_reference) })
        }

        for (const userId of await recipients(trx, review)) {
          notices.push({
            userId,
            ...N.shipToApproved({ nickName: st.nick_name, webReference: review.web_reference, shipToNumber: number }),
          })
          if (completed.includes(userId)) {
            const account = await trx
              .selectFrom('accounts')
              .select('name')
              .where('id', '=', st.account_id)
              .executeTakeFirstOrThrow()
            notices.push({ userId, ...N.registrationComplete({ accountName: account.name }) })
          }
        }
        return {
          columns: { account_number: number, address: JSON.stringify(address) },
          notices,
          events: [shipToDecided(review, st, { decision: 'APPROVED', shipToNumber: number, movedOrders: moved })],
          before: { status: 'PENDING', addressStatus: 'PENDING', shipToNumber: null },
          after: { status: 'APPROVED', addressStatus: 'ACTIVE', shipToNumber: number, movedOrders: moved, completed },
          staleUsers: completed,
          result: moved,
        }
      },
    })
    return ok({ review: await reviewOf(db, SHIP_TO_REVIEWS, id), movedOrders: moved ?? [] })
  })

  serveEndpoint(app, accountStaffEndpoints.shipToReject, null, async (req) => {
    const id = req.params.id
    await decideRequest(app, db, req, {
      kind: SHIP_TO_REVIEWS,
      id,
      action: 'shipTo.reject',
      verdict: { status: 'REJECTED', reason: req.body.reason },
      decide: async (trx, { row: review, st }, { staffId, reason, now }) => {
        const address = reviewedAddress(st)
        // a registration that waited on this address is refused with it; it outlives the ship-to (no cascade)
        for (const ob of await waitingRegistrations(trx, st.id)) {
          await trx
            .updateTable('onboarding_requests')
            .set({ status: 'REJECTED', ship_to_id: null, ...decided(staffId, reason, now) })
            .where('id', '=', ob.id)
            .execute()
          await emitEvent(trx, 'onboarding.decided', {
            requestId: ob.request_id,
            kind: 'address',
            userId: ob.user_id,
            decision: 'REJECTED',
            reason,
          })
        }
        const orders = await waitingOrders(trx, st.account_id, st.address_key, true)
        const notices: BuyerNotice[] = [
          ...orders.map((o) => ({
            userId: o.user_id,
            ...N.orderAddressRejected(o.order_number, review.web_reference, reason),
          })),
          ...(await recipients(trx, review)).map((userId) => ({
            userId,
            ...N.shipToRejected({ nickName: st.nick_name, webReference: review.web_reference, reason }),
          })),
        ]
        // the review's ship_to_id becomes null (ON DELETE SET NULL); its bill-tos go with it
        await trx.deleteFrom('ship_tos').where('id', '=', st.id).execute()
        return {
          columns: { address: JSON.stringify(address) },
          notices,
          events: [
            shipToDecided(review, st, {
              decision: 'REJECTED',
              reason,
              waitingOrders: orders.map((o) => o.order_number),
            }),
          ],
          before: { status: 'PENDING', addressStatus: 'PENDING', address },
          after: { status: 'REJECTED', reason, removed: true, waitingOrders: orders.map((o) => o.order_number) },
        }
      },
    })
    return ok({ review: await reviewOf(db, SHIP_TO_REVIEWS, id), movedOrders: [] })
  })
}
