import { it } from 'node:test'
import assert from 'node:assert/strict'
import { ApiError } from '../../server/errors'
import { changeOrderStatus, lockOrder } from '../../server/domains/order/status-change'
import {
  BUYER_CANCELLABLE_STATUSES,
  CANCELLABLE_STATUSES,
  FINAL_STATUSES,
  ORDER_TRANSITIONS,
  transitionOf,
} from '../../types/order/lifecycle'
import { CANCELLABLE_STATUSES as REQUESTABLE, isCancellable } from '../../types/order/return-rules'
import { ORDER_STATUS_CODES } from '../../types/order/schemas'
import { describeEachDb, type TestContext } from './helpers'

/**
 * Issue 24: "order status changes (checked against the lifecycle table in `types/`; an impossible transition is a
 * 409)". types/order/lifecycle.ts ORDER_TRANSITIONS is the one graph; server/domains/order/status-change.ts applies
 * it. Every edge of the table is taken here on a real order, and every pair that is not an edge is refused.
 */

const PLACED = ['SUBMITTED', 'PENDING_ADDRESS_VALIDATION'] // types/order/placed-status.ts

it('the graph: codes of the spec only; every status reachable from placement; finals have no way out', () => {
  for (const t of ORDER_TRANSITIONS) {
    assert.ok((ORDER_STATUS_CODES as readonly string[]).includes(t.from), t.from)
    assert.ok((ORDER_STATUS_CODES as readonly string[]).includes(t.to), t.to)
    assert.notEqual(t.from, t.to)
  }
  const keys = ORDER_TRANSITIONS.map((t) => `${t.from}>${t.to}`)
  assert.equal(new Set(keys).size, keys.length, 'one edge per pair')
  for (const f of FINAL_STATUSES) assert.ok(!ORDER_TRANSITIONS.some((t) => t.from === f), `${f} is final`)
  // every status is reachable from where orders are placed, except ORDER_SUBMITTED and PENDING (the back office
  // sets those on orders it places itself: the seed's history has them)
  const reached = new Set<string>(PLACED)
  for (let grew = true; grew;) {
    grew = false
    for (const t of ORDER_TRANSITIONS)
      if (reached.has(t.from) && !reached.has(t.to)) {
        reached.add(t.to)
        grew = true
      }
  }
  assert.deepEqual(ORDER_STATUS_CODES.filter((c) => !reached.has(c)).sort(), ['ORDER_SUBMITTED', 'PENDING'].sort())
})

it('cancellation: one list in the graph; the buyer may ask from before processing (spec §2 cancel-order request)', () => {
  assert.deepEqual(
    ORDER_TRANSITIONS.filter((t) => t.to === 'CANCELLED').map((t) => t.from),
    [...CANCELLABLE_STATUSES],
  )
  assert.ok(BUYER_CANCELLABLE_STATUSES.every((s) => CANCELLABLE_STATUSES.includes(s)))
  // types/order/return-rules.ts re-exports the graph's list: the app and the request route read the same
  assert.equal(REQUESTABLE, BUYER_CANCELLABLE_STATUSES)
  assert.deepEqual(
    ORDER_STATUS_CODES.filter((c) => isCancellable(c)),
    [
      'SUBMITTED',
      'ORDER_SUBMITTED',
      'PENDING_REVIEW',
      'TO_BE_CONFIRMED',
      'PENDING_ADDRESS_VALIDATION',
      'PENDING_APPROVAL',
    ],
  )
})

describeEachDb('the order transition graph, applied (issue 24)', (ctx: () => TestContext) => {
  /** a seeded open order of approved.cn, put in `status` (rolled back: each case runs in a transaction) */
  const target = async () =>
    ctx()
      .db.selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id'])
      .where('u.user_name', '=', 'approved.cn')
      .where('o.status', '=', 'SUBMITTED')
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow()
  class Rollback extends Error {}
  type Outcome = { ok: true; history: number; events: string[] } | { ok: false; error: unknown }
  const attempt = async (id: number, from: string, to: string): Promise<Outcome> => {
    let outcome = { ok: false, error: null } as Outcome
    await ctx()
      .db.transaction()
      .execute(async (trx) => {
        await trx.updateTable('orders').set({ status: from }).where('id', '=', id).execute()
        const o = await lockOrder(trx, { id })
        try {
          await changeOrderStatus(trx, o, { to, actor: 'test', notice: null })
          const history = await trx
            .selectFrom('order_status_history')
            .select(['from_status', 'to_status'])
            .where('order_id', '=', id)
            .execute()
          const events = await trx
            .selectFrom('outbox_events')
            .select(['type', 'payload'])
            .orderBy('seq', 'desc')
            .limit(2)
            .execute()
          const status = (
            await trx.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()
          ).status
          assert.equal(status, to)
          assert.deepEqual(
            history.map((h) => [h.from_status, h.to_status]),
            [[from, to]],
          )
          outcome = { ok: true, history: history.length, events: events.map((e) => e.type) }
        } catch (err) {
          outcome = { ok: false, error: err }
        }
        throw new Rollback()
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err
      })
    return outcome as Outcome
  }

  it('every edge of the table applies (status, history row, event); every other pair is 409 naming both statuses', async () => {
    const { id } = await target()
    let edges = 0
    let refused = 0
    for (const from of ORDER_STATUS_CODES) {
      for (const to of ORDER_STATUS_CODES) {
        const edge = transitionOf(from, to)
        const r = await attempt(id, from, to)
        if (edge) {
          if (!r.ok) assert.fail(`${from} → ${to}: ${String(r.error)}`)
          assert.ok(r.events.includes('order.status_changed'))
          if (to === 'CANCELLED') assert.ok(r.events.includes('order.cancelled'))
          edges++
        } else {
          assert.ok(!r.ok && r.error instanceof ApiError, `${from} → ${to} is refused`)
          const e = r.error as ApiError
          assert.equal(e.statusCode, 409)
          assert.equal(e.code, 'CONFLICT')
          assert.ok(e.message.includes(`from ${from} to ${to}`), e.message)
          refused++
        }
      }
    }
    assert.equal(edges, ORDER_TRANSITIONS.length)
    assert.equal(refused, ORDER_STATUS_CODES.length ** 2 - ORDER_TRANSITIONS.length)
    // nothing of the attempts stayed
    const left = await ctx().db.selectFrom('order_status_history').select('id').where('order_id', '=', id).execute()
    assert.deepEqual(left, [])
  })

  it('a held order takes no edge (409 ORDER_ON_HOLD)', async () => {
    const { id } = await target()
    await assert.rejects(
      ctx()
        .db.transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('orders')
            .set({ held_from: 'SUBMITTED', held_reason: 'test', held_at: new Date() })
            .where('id', '=', id)
            .execute()
          const o = await lockOrder(trx, { id })
          await changeOrderStatus(trx, o, { to: 'IN_PROGRESS', actor: 'test', notice: null })
        }),
      (err: unknown) => err instanceof ApiError && err.statusCode === 409 && err.reason === 'ORDER_ON_HOLD',
    )
  })
})
