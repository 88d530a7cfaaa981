import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { CouponTable } from '../../../db/schema-order'
import type { ChangeCoupon, CreateCoupon, StaffCoupon, StaffListQuery } from '../../../../types/marketing/staff-schemas'
import { couponTypeOf } from '../../../../types/cart/coupons'
import { toMajor } from '../../../../types/money'
import { ApiError } from '../../../errors'
import { paging } from '../../../lib/paging'
import {
  endedWindow,
  invalid,
  iso,
  minorOf,
  notEnded,
  notFound,
  productIdsOf,
  textOf,
  windowOf,
  windowState,
} from '../../marketing'

/**
 * Coupons (promotion codes) by staff (issue 24), written so the cart's pricing (../pricing-steps.ts applyCoupons)
 * never meets one it cannot judge:
 * - the code is upper case, unique, and its first letter is its type (P, D, R, M or T: couponTypeOf; pricing reads
 *   a code whose letter is not its type as unknown). The combination rules of spec §5 ("P and D quotes cannot be
 *   mixed; M and R, M and T, and R and T cannot be mixed. Only one each of P, D, R, M and T per order") are the
 *   type's, so they hold for every code made here;
 * - exactly one of percentOff (0.01-100 %, stored in basis points) and amountOff (> 0), minAmount >= 0, in whole
 *   cents/paise;
 * - a window that is valid and still to come (validFrom < validTo, validTo > now);
 * - catalogue numbers of real products; an account number of an account of the coupon's country.
 * Ending a coupon deactivates it and closes its window: the cart answers its code '10' from then on.
 */

/** a coupon's window is its validity */
const VALIDITY = { start: 'validFrom', end: 'validTo' } as const

type Row = Selectable<CouponTable> & { account_number: string | null }

function stateOf(r: Pick<CouponTable, 'active'> & { valid_from: Date | string; valid_to: Date | string }, now: Date) {
  return windowState(r.valid_from, r.valid_to, now, !r.active)
}

function toStaff(r: Row, now: Date): StaffCoupon {
  return {
    code: r.code,
    type: r.coupon_type,
    country: r.country,
    accountNumber: r.account_number,
    description: { en: r.description_en, zh: r.description_zh },
    percentOff: r.percent_off === null ? null : r.percent_off / 100,
    amountOff: r.amount_off === null ? null : toMajor(r.amount_off),
    minAmount: toMajor(r.min_amount),
    validFrom: iso(r.valid_from),
    validTo: iso(r.valid_to),
    skus: typeof r.skus === 'string' ? JSON.parse(r.skus) : r.skus,
    active: r.active,
    state: stateOf(r, now),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
  }
}

const couponRows = (db: Kysely<DB>) =>
  db
    .selectFrom('coupons as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .selectAll('c')
    .select('a.account_number')

export async function listCoupons(db: Kysely<DB>, q: StaffListQuery) {
  const { page, pageSize, offset } = paging(q, 20)
  const now = new Date()
  let base = db.selectFrom('coupons as c')
  if (q.state === 'scheduled') base = base.where('c.active', '=', true).where('c.valid_from', '>', now)
  if (q.state === 'running')
    base = base.where('c.active', '=', true).where('c.valid_from', '<=', now).where('c.valid_to', '>', now)
  if (q.state === 'ended') base = base.where((eb) => eb.or([eb('c.active', '=', false), eb('c.valid_to', '<=', now)]))
  const [{ total }, codes] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.select('c.code').orderBy('c.valid_from', 'desc').orderBy('c.code').limit(pageSize).offset(offset).execute(),
  ])
  const rows = codes.length
    ? await couponRows(db)
        .where(
          'c.code',
          'in',
          codes.map((c) => c.code),
        )
        .execute()
    : []
  const items = codes.map((c) =>
    toStaff(
      rows.find((r) => r.code === c.code)!,
      now,
    ),
  )
  return { items, total, page, pageSize }
}

export async function getCoupon(db: Kysely<DB>, code: string, lock = false): Promise<StaffCoupon> {
  const key = code.toUpperCase()
  if (lock) await db.selectFrom('coupons').select('code').where('code', '=', key).forUpdate().execute()
  const r = await couponRows(db).where('c.code', '=', key).executeTakeFirst()
  if (!r) throw notFound('coupon', key)
  return toStaff(r, new Date())
}

/** percent → basis points, at most 2 decimals */
function basisPointsOf(percent: number): number {
  const bp = Math.round(percent * 100)
  if (Math.abs(bp - percent * 100) > 1e-6) throw invalid('percentOff', 'must have at most 2 decimals')
  return bp
}

async function accountIdOf(db: Kysely<DB>, accountNumber: string | null | undefined, country: string) {
  if (accountNumber === null || accountNumber === undefined) return null
  const a = await db
    .selectFrom('accounts')
    .select(['id', 'country'])
    .where('account_number', '=', accountNumber)
    .executeTakeFirst()
  if (!a) throw invalid('accountNumber', `names no account: ${accountNumber}`)
  if (a.country !== country) throw invalid('accountNumber', `is an account of ${a.country}, not of ${country}`)
  return a.id
}

/** the discount of a body: exactly one of percentOff and amountOff */
function discountOf(b: { percentOff?: number; amountOff?: number }) {
  if ((b.percentOff === undefined) === (b.amountOff === undefined))
    throw invalid('percentOff', 'or amountOff: give exactly one of them')
  return b.percentOff !== undefined
    ? { percent_off: basisPointsOf(b.percentOff), amount_off: null }
    : { percent_off: null, amount_off: minorOf('amountOff', b.amountOff!) }
}

async function skusOf(db: Kysely<DB>, skus: readonly string[]) {
  const products = await productIdsOf(db, 'skus', skus)
  return JSON.stringify(products.map((p) => p.catalogNumber))
}

export async function createCoupon(trx: Transaction<DB>, req: FastifyRequest, b: CreateCoupon) {
  const code = b.code.toUpperCase()
  const type = couponTypeOf(code)
  if (!type) throw invalid('code', 'must start with its type: P, D, R, M or T')
  const now = new Date()
  const { start: from, end: to } = windowOf(b, now, { names: VALIDITY })
  const description = textOf('description', b.description)
  const inserted = await trx
    .insertInto('coupons')
    .values({
      code,
      coupon_type: type,
      country: b.country,
      account_id: await accountIdOf(trx, b.accountNumber, b.country),
      description_en: description.en,
      description_zh: description.zh,
      ...discountOf(b),
      min_amount: minorOf('minAmount', b.minAmount ?? 0),
      valid_from: from,
      valid_to: to,
      skus: await skusOf(trx, b.skus ?? []),
      active: true,
      updated_by: req.staff!.id,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst()
  if (!inserted) throw new ApiError(409, 'CONFLICT', `The coupon code ${code} exists already`)
  return getCoupon(trx, code)
}

/** A change of a coupon that has not ended; the code, type and country stay. */
export async function changeCoupon(trx: Transaction<DB>, req: FastifyRequest, code: string, b: ChangeCoupon) {
  const locked = await getCoupon(trx, code, true)
  const before = notEnded(locked, 'coupon', locked.code)
  const now = new Date()
  const { start: from, end: to } = windowOf(b, now, { item: before, names: VALIDITY })
  const description = b.description && textOf('description', b.description)
  await trx
    .updateTable('coupons')
    .set({
      ...(description ? { description_en: description.en, description_zh: description.zh } : {}),
      ...(b.percentOff !== undefined || b.amountOff !== undefined ? discountOf(b) : {}),
      ...(b.minAmount !== undefined ? { min_amount: minorOf('minAmount', b.minAmount) } : {}),
      ...(b.accountNumber !== undefined ? { account_id: await accountIdOf(trx, b.accountNumber, before.country) } : {}),
      ...(b.skus !== undefined ? { skus: await skusOf(trx, b.skus) } : {}),
      valid_from: from,
      valid_to: to,
      updated_at: now,
      updated_by: req.staff!.id,
    })
    .where('code', '=', before.code)
    .execute()
  return { before, after: await getCoupon(trx, before.code) }
}

/** Ends a coupon now: inactive, its window closed; an ended (or expired) one is 409. */
export async function endCoupon(trx: Transaction<DB>, req: FastifyRequest, code: string) {
  const locked = await getCoupon(trx, code, true)
  const before = notEnded(locked, 'coupon', locked.code)
  const now = new Date()
  const w = endedWindow(before.validFrom, now)
  await trx
    .updateTable('coupons')
    .set({ active: false, valid_from: w.start, valid_to: w.end, updated_at: now, updated_by: req.staff!.id })
    .where('code', '=', before.code)
    .execute()
  return { before, after: await getCoupon(trx, before.code) }
}
