import type { Kysely, Selectable } from 'kysely'
import type { DB, ShipToTable, BillToTable } from '../../db/schema'
import type { AuthUser } from '../auth'
import type { UserInfo, ShipTo, ShipToBillTos } from '../../../types'
import { truncateText } from '../../lib/storable-text'

type AddrRow = Selectable<ShipToTable> | Selectable<BillToTable>

/** Address row → the contract's address fields (spec section 3 Address). Shared with the account domain. */
export const addressFields = (a: AddrRow) => ({
  addressKey: a.address_key,
  accountNumber: a.account_number,
  nickName: a.nick_name,
  phoneNumber: a.phone_number,
  attentionTo: a.attention_to,
  deptOrLab: a.dept_or_lab,
  companyOrInstitution: a.company_or_institution,
  country: a.country,
  state: a.state,
  stateOrProvince: a.state_or_province,
  city: a.city,
  streetAddress: a.street_address,
  buildingOrRoom: a.building_or_room,
  zipCode: a.zip_code,
  isoCountryCode: a.iso_country_code,
  mobile: a.mobile,
  email: a.email,
  prePaymentAccount: a.pre_payment_account,
})

/** Ship-to row (and its bill-to rows) → ShipTo, as /users/info and /address/detail show it. */
export const toShipTo = (s: Selectable<ShipToTable>, billTos: Selectable<BillToTable>[]): ShipTo => ({
  ...addressFields(s),
  isDefault: s.is_default,
  addressStatus: s.address_status,
  webReference: s.web_reference,
  relatedBillTo: billTos.map((b) => b.account_number).filter((n): n is string => !!n),
})

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString())

/** Everything here is scoped by the caller's own user id / account id. */
export async function loadUserInfo(db: Kysely<DB>, me: AuthUser): Promise<UserInfo> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow()
  const shipTos = await db
    .selectFrom('ship_tos')
    .selectAll()
    .where('account_id', '=', me.accountId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  const billTos = shipTos.length
    ? await db
        .selectFrom('bill_tos')
        .selectAll()
        .where(
          'ship_to_id',
          'in',
          shipTos.map((s) => s.id),
        )
        .orderBy('sort_order')
        .orderBy('id')
        .execute()
    : []
  const credit = await db
    .selectFrom('credit_records')
    .select(['bill_to', 'overdue', 'update_time'])
    .where('account_id', '=', me.accountId)
    .orderBy('bill_to')
    .execute()
  const creditByBillTo = new Map(credit.map((c) => [c.bill_to, c]))
  const sc = await db
    .selectFrom('supply_centers')
    .select(['supply_center_id', 'ship_to_num', 'operation_status'])
    .where('account_id', '=', me.accountId)
    .where('is_default', '=', true)
    .executeTakeFirst()

  const all: ShipToBillTos[] = shipTos.map((s) => {
    const mine = billTos.filter((b) => b.ship_to_id === s.id)
    return {
      shipTo: toShipTo(s, mine),
      billTos: mine.map((b) => {
        const c = b.account_number ? creditByBillTo.get(b.account_number) : undefined
        return { ...addressFields(b), overdue: c?.overdue ?? false, creditUpdateTime: c ? iso(c.update_time) : null }
      }),
    }
  })

  return {
    userProfile: {
      userId: u.id,
      userName: u.user_name,
      firstName: u.first_name,
      lastName: u.last_name,
      siebelRowId: u.siebel_row_id,
      cdcUid: u.cdc_uid,
      contactInfo: {
        primaryEmail: u.email,
        phone: u.phone,
        country: { isoCode: u.country.toUpperCase() },
        maCountry: u.ma_country,
      },
    },
    userRoles: {
      registrationStatus: u.registration_status,
      accountType: me.accountType,
      blackListed: me.accountType !== 'customer',
    },
    accountNumber: me.accountNumber,
    allShipToBillToAddresses: all,
    creditRecords: credit.map((c) => ({ billTo: c.bill_to, overdue: c.overdue, updateTime: iso(c.update_time) })),
    spCenter: {
      defaultSC: sc
        ? { supplyCenterId: sc.supply_center_id, shipToNum: sc.ship_to_num, operationStatus: sc.operation_status }
        : null,
    },
    analyticsClientId: u.analytics_client_id,
    country: u.country === 'in' ? 'in' : 'cn',
    language: u.language === 'en' ? 'en' : 'zh',
  }
}

const JWT_RE = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g
const SECRET_KEYS =
  /^(authorization|token|access_?token|refresh_?token|id_?token|auth_?token|cookie|set-cookie|password|jwt)$/i
export const MAX_STORED_PAYLOAD = 16 * 1024

/** Removes anything that looks like a credential, then caps the size. */
export function sanitizeForStorage(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[depth]'
  if (typeof value === 'string') return truncateText(value.replace(JWT_RE, '[redacted-jwt]'), 4000)
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => sanitizeForStorage(v, depth + 1))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value).slice(0, 100)) {
      out[k] = SECRET_KEYS.test(k) ? '[redacted]' : sanitizeForStorage(v, depth + 1)
    }
    return out
  }
  return value
}
