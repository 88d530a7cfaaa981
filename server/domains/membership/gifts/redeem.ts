import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DB, ShipToTable } from '../../../db/schema'
import { redeemRefusal, type RedeemBody, type RedeemResult, type Redemption } from '../../../../types'
import { PHONE_PATTERN } from '../../../../types/account/address-rules'
import { idempotencyKey, once, replayOrRefuse, requestHash } from '../../../lib/idempotency'
import { storedAnswer } from '../../../lib/stored-answer'
import { accountShipTo } from '../../../lib/account-rows'
import { lockMember, pointsBalance, spendPoints } from '../ledger'
import { syncMember } from '../points/sync'
import { giftFacts, redeemedThisPeriod } from './catalog'
import * as M from './messages'
import { emitEvent } from '../../platform'

/**
 * POST /membership/gifts/redeem (header Idempotency-Key). One transaction does all or nothing:
 *
 * 1. the member's advisory lock (ledger.ts lockMember): every points writer and every redemption of
 *    this member waits for the one before it, so the period limit and the balance read here cannot
 *    change before the commit;
 * 2. the key's earlier redemption, read under the lock (server/lib/idempotency.ts): same body → its
 *    stored answer again; another body → 409 IDEMPOTENCY_KEY_REUSED (a refused attempt writes
 *    nothing, so its key is free again);
 * 3. the gift (404 GIFT_NOT_FOUND when missing or of another country), then the checks of
 *    types/membership/gifts.ts redeemRefusal in their order: off sale, draw-only, below minimum,
 *    out of stock, over limit (units this calendar month), insufficient points;
 * 4. the stock decremented conditionally (stock >= quantity: never below zero, whatever another
 *    member's transaction did meanwhile), the points spent (spendPoints), the redemption (status
 *    submitted, number RD-000001 from its sequence) with its line, ship-to snapshot, contact and answer.
 */
export async function redeemGift(db: Kysely<DB>, req: FastifyRequest, body: RedeemBody): Promise<RedeemResult> {
  const user = req.user!
  const key = idempotencyKey(req, () => M.keyInvalid(req))
  if (!body.contact.name.trim() || !PHONE_PATTERN.test(body.contact.phone.trim())) throw M.contactInvalid(req)
  const hash = requestHash(body)
  return once({
    key,
    hash,
    reused: () => M.keyReused(req),
    find: () => storedAnswer<RedeemResult>(db, 'gift_redemptions', user.id, key),
    run: async () => {
      // the member's own ship-to only (another account's address answers exactly like an unknown one)
      const st = await accountShipTo(db, user.accountId, body.addressKey)
      if (!st) throw M.addressNotFound(req)
      if (st.address_status !== 'ACTIVE') throw M.addressUnderReview(req)
      await syncMember(db, user.id)
      return db.transaction().execute((trx) => inTransaction(trx, req, body, key, hash, st))
    },
  })
}

/** a ship-to of the member's account, as read for the redemption */
type ShipToRow = Selectable<ShipToTable>

/** The address line as the app writes it (src/rules/account/ship-to.ts addressLine): China from the province down, India from the building up. */
export function shipToText(a: ShipToRow): string {
  const province = a.state_or_province || a.state || ''
  const parts = (xs: (string | null | undefined)[]) => xs.map((x) => (x ?? '').trim()).filter(Boolean)
  if (a.iso_country_code === 'IN')
    return parts([parts([a.building_or_room, a.street_address, a.city, province]).join(', '), a.zip_code]).join(' - ')
  const city = a.city && a.city === province ? '' : a.city
  return parts([parts([province, city, a.street_address, a.building_or_room]).join(' '), a.zip_code]).join(', ')
}

async function inTransaction(
  trx: Transaction<DB>,
  req: FastifyRequest,
  body: RedeemBody,
  key: string,
  hash: string,
  st: ShipToRow,
): Promise<RedeemResult> {
  const user = req.user!
  await lockMember(trx, user.id)
  const prior = replayOrRefuse(await storedAnswer<RedeemResult>(trx, 'gift_redemptions', user.id, key), hash, () =>
    M.keyReused(req),
  )
  if (prior) return prior

  const g = await trx
    .selectFrom('gifts')
    .selectAll()
    .where('id', '=', body.giftId)
    .where('country', '=', user.country as 'cn' | 'in')
    .executeTakeFirst()
  if (!g) throw M.giftMissing(req)
  const now = new Date()
  const qty = body.quantity
  const [balance, redeemed] = await Promise.all([
    pointsBalance(trx, user.id),
    redeemedThisPeriod(trx, user.id, now, g.id),
  ])
  const inPeriod = redeemed.get(g.id) ?? 0
  const facts = { minQty: g.min_qty, limitQty: g.limit_qty, redeemed: inPeriod, need: g.points * qty, balance }
  const refusal = redeemRefusal(giftFacts(g), { balance, redeemedInPeriod: inPeriod }, qty)
  if (refusal) throw M.refused(req, refusal, facts)

  // the database has the last word on the stock: another member may have taken it since the read
  const dec = await trx
    .updateTable('gifts')
    .set({ stock: sql<number>`stock - ${qty}`, updated_at: now })
    .where('id', '=', g.id)
    .where('stock', '>=', qty)
    .returning('stock')
    .executeTakeFirst()
  if (!dec) throw M.refused(req, 'out_of_stock', facts)

  const { n } = (await sql<{ n: string }>`SELECT nextval('gift_redemption_number_seq') AS n`.execute(trx)).rows[0]
  const redemptionNumber = `RD-${String(n).padStart(6, '0')}`
  const total = g.points * qty
  const spent = await spendPoints(trx, user.id, total, {
    source: 'redemption',
    sourceRef: redemptionNumber,
    note: `${qty} × ${g.id}`,
  })
  if (!spent.ok) throw M.refused(req, 'insufficient_points', { ...facts, balance: spent.balance })

  const snapshot = {
    addressKey: st.address_key,
    attentionTo: st.attention_to,
    company: st.company_or_institution,
    address: shipToText(st),
    phone: st.phone_number,
  }
  const contact = { name: body.contact.name.trim(), phone: body.contact.phone.trim() }
  const en = req.locale.language === 'en'
  const redemption: Redemption = {
    redemptionNumber,
    status: 'submitted',
    points: total,
    lines: [
      {
        giftId: g.id,
        name: en ? g.name_en : g.name_zh,
        image: g.image,
        quantity: qty,
        unitPoints: g.points,
        points: total,
      },
    ],
    shipTo: snapshot,
    contact,
    remark: body.remark?.trim() || null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }
  const result: RedeemResult = { redemption, balance: spent.balance }
  const row = await trx
    .insertInto('gift_redemptions')
    .values({
      redemption_number: redemptionNumber,
      user_id: user.id,
      account_id: user.accountId,
      country: user.country,
      status: 'submitted',
      points_total: total,
      points_entry_id: spent.entryId,
      ship_to_key: st.address_key,
      ship_to_snapshot: JSON.stringify(snapshot),
      contact: JSON.stringify(contact),
      remark: redemption.remark,
      idempotency_key: key,
      request_hash: hash,
      response: JSON.stringify(result),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('gift_redemption_lines')
    .values({
      redemption_id: String(row.id),
      gift_id: g.id,
      name_en: g.name_en,
      name_zh: g.name_zh,
      image: g.image,
      quantity: qty,
      unit_points: g.points,
      line_points: total,
    })
    .execute()
  // issue 24: the ERP (which ships the gift) hears of the redemption in its transaction (the outbox)
  await emitEvent(trx, 'redemption.created', {
    redemptionId: String(row.id),
    redemptionNumber,
    userId: user.id,
    accountId: user.accountId,
    country: user.country,
    pointsTotal: total,
    lines: [{ giftId: g.id, quantity: qty, unitPoints: g.points, linePoints: total }],
    shipTo: snapshot,
    contact,
  })
  req.log.info({ redemption: redemptionNumber, gift: g.id, quantity: qty, points: total }, 'gift redeemed')
  return result
}
