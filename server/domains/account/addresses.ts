import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { AddressMutationResult, PhoneDictionaryEntry, ShipTo } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { toShipTo } from './user-info'
import { assertSelf, conflict, invalid, me, msg, notFound, ownAccountRoute } from './common'
import { validateAddressInput } from './address-input'
import { MAX_PENDING_SHIP_TOS, MAX_SHIP_TOS_PER_ACCOUNT } from '../../../types/account/address-rules'
import { addBusinessDays, REVIEW_BUSINESS_DAYS } from './business-days'
import { accountEndpoints } from '../../../types/account/endpoints'
import { emitEvent } from '../platform'

/** "An account can have at most this many ship-to addresses." */

const PHONE_DICTIONARY: { iso: 'CN' | 'IN'; dialCode: string; en: string; zh: string }[] = [
  { iso: 'CN', dialCode: '+86', en: 'China', zh: '中国' },
  { iso: 'IN', dialCode: '+91', en: 'India', zh: '印度' },
]

/** The caller's ship-to by key, or 404 (another account's key gets the same answer as an unknown one). */
async function ownShipTo(req: FastifyRequest, db: Kysely<DB>, addressKey: string) {
  const row = await db
    .selectFrom('ship_tos')
    .selectAll()
    .where('address_key', '=', addressKey)
    .where('account_id', '=', me(req).accountId)
    .executeTakeFirst()
  if (!row) throw notFound(req, 'No such address in your account', '您的账户中没有该地址')
  return row
}

/** Spec section 2/4: "Only ACTIVE addresses can be edited or set as default." */
function assertActive(req: FastifyRequest, row: { address_status: string }) {
  if (row.address_status !== 'ACTIVE') {
    throw conflict(
      req,
      // spec section 4: "Only ACTIVE addresses can be edited or set as default" (said in words, not status codes)
      'This address is under review. Only active addresses can be edited or set as default',
      '该地址正在审核中（待审核），只有已生效的地址才能编辑或设为默认',
    )
  }
}

async function loadShipTo(db: Kysely<DB>, id: number): Promise<ShipTo> {
  const s = await db.selectFrom('ship_tos').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const billTos = await db
    .selectFrom('bill_tos')
    .selectAll()
    .where('ship_to_id', '=', id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return toShipTo(s, billTos)
}

/**
 * Makes `id` the account's only default ship-to (inside the caller's transaction).
 * Changes of one account's default are serialised on the account row (the same lock `/address/add` takes), then
 * done in one statement: two concurrent changes to different ship-tos used to lock the two rows in opposite orders
 * (clear the old default, then set the new one) and PostgreSQL answered one of them `deadlock detected` (issue 22 #15).
 */
async function switchDefault(trx: Kysely<DB>, accountId: number, id: number) {
  await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute()
  await trx
    .updateTable('ship_tos')
    .set({ is_default: sql<boolean>`(id = ${id})` })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('is_default', '=', true), eb('id', '=', id)]))
    .execute()
}

export async function addressRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  serveEndpoint(app, accountEndpoints.changeDefaultAddress, app.requireUser, async (req) => {
    assertSelf(req, { userId: req.body.userid, userName: req.body.username })
    const row = await ownShipTo(req, db, req.body.addresskey)
    assertActive(req, row)
    await db.transaction().execute((trx) => switchDefault(trx, me(req).accountId, row.id))
    return ok(null)
  })

  serveEndpoint(app, accountEndpoints.phoneDictionary, app.requireUser, async (req) => {
    const data: PhoneDictionaryEntry[] = PHONE_DICTIONARY.map((p) => ({
      isoCountryCode: p.iso,
      dialCode: p.dialCode,
      label: msg(req, p.en, p.zh),
    }))
    return ok(data)
  })

  ownAccountRoute(app, accountEndpoints.addressDetail, async (req) => {
    const row = await ownShipTo(req, db, req.query.addressKey)
    return ok(await loadShipTo(db, row.id))
  })

  /** New ship-to: starts PENDING with a web reference (review about 2 business days). */
  ownAccountRoute(app, accountEndpoints.addAddress, async (req) => {
    const u = me(req)
    const cols = validateAddressInput(req, req.body)
    const id = await db.transaction().execute(async (trx) => {
      // serialise adds of one account so the limit holds under concurrent requests
      await trx.selectFrom('accounts').select('id').where('id', '=', u.accountId).forUpdate().execute()
      const { n, pending, maxSort } = await trx
        .selectFrom('ship_tos')
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`(count(*) filter (where address_status = 'PENDING'))::int`.as('pending'),
          sql<number>`coalesce(max(sort_order), -1)::int`.as('maxSort'),
        ])
        .where('account_id', '=', u.accountId)
        .executeTakeFirstOrThrow()
      if (n >= MAX_SHIP_TOS_PER_ACCOUNT) {
        throw conflict(
          req,
          `An account can have at most ${MAX_SHIP_TOS_PER_ACCOUNT} ship-to addresses`,
          `每个账户最多可有 ${MAX_SHIP_TOS_PER_ACCOUNT} 个收货地址`,
        )
      }
      if (pending >= MAX_PENDING_SHIP_TOS) {
        throw conflict(
          req,
          `${MAX_PENDING_SHIP_TOS} new addresses are already under review; add another once one has been reviewed`,
          `已有 ${MAX_PENDING_SHIP_TOS} 个新地址正在审核中，其中一个审核完成后可再添加`,
        )
      }
      const { seq } = await sql<{ seq: number }>`select nextval('ship_to_web_ref_seq')::int as seq`
        .execute(trx)
        .then((x) => x.rows[0])
      const num = String(seq).padStart(6, '0')
      const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear()
      // A PENDING address never takes the default from an ACTIVE one; it may become the default of an
      // account that has no usable address (the app treats a single PENDING default as "no usable address").
      const activeDefault = await trx
        .selectFrom('ship_tos')
        .select('id')
        .where('account_id', '=', u.accountId)
        .where('is_default', '=', true)
        .where('address_status', '=', 'ACTIVE')
        .executeTakeFirst()
      const makeDefault = req.body.isDefault === true && !activeDefault
      const row = await trx
        .insertInto('ship_tos')
        .values({
          ...cols,
          state: null,
          account_id: u.accountId,
          address_key: `ST-PENDING-${num}`,
          account_number: null,
          pre_payment_account: false,
          is_default: false,
          address_status: 'PENDING',
          web_reference: `WEB-${year}-${num}`,
          sort_order: maxSort + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (makeDefault) await switchDefault(trx, u.accountId, row.id)
      const now = new Date()
      const reviewDueBy = addBusinessDays(now, REVIEW_BUSINESS_DAYS.address, u.country)
      // the staff's review of the new address (issue 24: server/domains/account/staff/ship-tos.ts)
      await trx
        .insertInto('ship_to_reviews')
        .values({
          ship_to_id: row.id,
          account_id: u.accountId,
          user_id: u.id,
          web_reference: `WEB-${year}-${num}`,
          status: 'PENDING',
          submitted_at: now,
          review_due_by: reviewDueBy,
        })
        .execute()
      await emitEvent(trx, 'ship_to.added', {
        accountId: u.accountId,
        accountNumber: u.accountNumber,
        userId: u.id,
        addressKey: `ST-PENDING-${num}`,
        webReference: `WEB-${year}-${num}`,
        addressStatus: 'PENDING',
        address: { ...cols },
      })
      if (u.registrationStatus === 'Partially Registered') {
        const ob = await trx
          .insertInto('onboarding_requests')
          .values({
            user_id: u.id,
            kind: 'address',
            status: 'PENDING',
            ship_to_id: row.id,
            submitted_at: now,
            review_due_by: reviewDueBy,
          })
          .returning('request_id')
          .executeTakeFirstOrThrow()
        await emitEvent(trx, 'onboarding.requested', {
          requestId: ob.request_id,
          kind: 'address',
          userId: u.id,
          webReference: `WEB-${year}-${num}`,
        })
      }
      return row.id
    })
    const data: AddressMutationResult = { shipTo: await loadShipTo(db, id) }
    return ok(data)
  })

  /** Edit one of the caller's ACTIVE ship-tos. */
  ownAccountRoute(app, accountEndpoints.updateAddress, async (req) => {
    const key = req.body.addressKey?.trim()
    if (!key) throw invalid(req, 'body/addressKey is a required field', 'body/addressKey 为必填项')
    const row = await ownShipTo(req, db, key)
    assertActive(req, row)
    const cols = validateAddressInput(req, req.body)
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('ship_tos')
        .set(cols)
        .where('id', '=', row.id)
        .where('account_id', '=', me(req).accountId)
        .execute()
      if (req.body.isDefault === true) await switchDefault(trx, me(req).accountId, row.id)
      await emitEvent(trx, 'ship_to.changed', {
        accountId: me(req).accountId,
        userId: me(req).id,
        addressKey: row.address_key,
        shipToNumber: row.account_number,
        address: { ...cols },
        isDefault: req.body.isDefault === true ? true : row.is_default,
      })
    })
    const data: AddressMutationResult = { shipTo: await loadShipTo(db, row.id) }
    return ok(data)
  })
}
