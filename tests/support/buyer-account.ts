/**
 * A fresh buyer for the tests that need many accounts, or one with no history (tests/lb/lb.test.ts,
 * tests/server/flashbuy-concurrency.test.ts, tests/server/member-play.test.ts, bench/orders.ts): an account of its
 * own, one user copied from a seeded user, and a default ACTIVE ship-to in Shanghai keyed `ST-<account number>-01`.
 */
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { DB } from '../../server/db'

type User = Insertable<DB['users']>

/** the whole row of a seeded user: the base a new buyer's user copies */
export function seededUser(db: Kysely<DB>, userName: string): Promise<Selectable<DB['users']>> {
  return db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirstOrThrow()
}

export interface NewBuyer {
  /** the seeded user row the new user copies */
  base: Selectable<DB['users']>
  accountNumber: string
  accountName: string
  accountType?: 'customer' | 'distributor' | 'agent' | 'special'
  country?: 'cn' | 'in'
  /** what differs from `base`: at least id, user_name, cdc_uid and email */
  user: Pick<User, 'id' | 'user_name' | 'cdc_uid' | 'email'> & Partial<User>
  attentionTo?: string
  /** false: no ship-to */
  shipTo?: boolean
}

/** the new account's id, and its ship-to's key and id (null without one) */
export interface NewBuyerRows {
  accountId: number
  addressKey: string | null
  shipToId: number | null
}

export async function addBuyer(
  db: Kysely<DB>,
  b: NewBuyer & { shipTo?: true },
): Promise<{ accountId: number; addressKey: string; shipToId: number }>
export async function addBuyer(db: Kysely<DB>, b: NewBuyer): Promise<NewBuyerRows>
export async function addBuyer(db: Kysely<DB>, b: NewBuyer): Promise<NewBuyerRows> {
  const { id: accountId } = await db
    .insertInto('accounts')
    .values({
      account_number: b.accountNumber,
      name: b.accountName,
      account_type: b.accountType ?? 'customer',
      country: b.country ?? 'cn',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('users')
    .values({ ...b.base, ...b.user, account_id: accountId })
    .execute()
  if (b.shipTo === false) return { accountId, addressKey: null, shipToId: null }
  const addressKey = `ST-${b.accountNumber}-01`
  const { id: shipToId } = await db
    .insertInto('ship_tos')
    .values(
      shanghaiShipTo({
        addressKey,
        accountNumber: b.accountNumber,
        attentionTo: b.attentionTo ?? 'Lab',
        company: b.accountName,
        accountId,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return { accountId, addressKey, shipToId }
}

/** The default ACTIVE ship-to of a lab in Shanghai (addBuyer's, and the buyers of bench/flashbuy.ts and bench/orders.ts). */
export function shanghaiShipTo(t: {
  addressKey: string
  accountNumber: string
  attentionTo: string
  company: string
  accountId: number
}): Insertable<DB['ship_tos']> {
  return {
    address_key: t.addressKey,
    account_number: t.accountNumber,
    nick_name: null,
    phone_number: '021-00000000',
    attention_to: t.attentionTo,
    dept_or_lab: 'Lab',
    company_or_institution: t.company,
    country: 'China',
    state: null,
    state_or_province: '上海市',
    city: '上海市',
    street_address: '张衡路 1 号',
    building_or_room: null,
    zip_code: '201203',
    iso_country_code: 'CN',
    mobile: null,
    email: null,
    pre_payment_account: false,
    account_id: t.accountId,
    is_default: true,
    address_status: 'ACTIVE',
    web_reference: null,
    sort_order: 0,
  }
}
