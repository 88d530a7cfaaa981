import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface SysConfigTable {
  id: Generated<number>
  country_code: string
  parent_type: string
  dict_key: string
  dict_value: string
  dict_label: string
}

export interface CategoryTable {
  id: Generated<number>
  code: string
  parent_id: number | null
  name_en: string
  name_zh: string
  sort_order: number
}

export interface ProductTable {
  id: Generated<number>
  sku: string
  catalog_number: string
  title_en: string
  title_zh: string
  size: string
  brand: string
  image: string | null
  category_id: number
  attributes: JSONColumnType<{ displayName: string; displayValue: string }[], string, string>
  /** Prices are integer minor units (fen / paise); null = price on request. */
  list_price_cny: number | null
  list_price_inr: number | null
  lead_target: boolean
  rank: number
}

export interface AccountTable {
  id: Generated<number>
  account_number: string | null
  name: string
  account_type: 'customer' | 'distributor' | 'agent' | 'special'
  country: string
}

export interface UserTable {
  id: string
  user_name: string
  first_name: string
  last_name: string
  siebel_row_id: string | null
  cdc_uid: string
  email: string
  phone: string | null
  country: string
  language: string
  ma_country: string
  registration_status: 'Siebel Approved' | 'Partially Registered'
  account_id: number
  analytics_client_id: string
}

interface AddressColumns {
  address_key: string
  account_number: string | null
  nick_name: string | null
  phone_number: string | null
  attention_to: string | null
  dept_or_lab: string | null
  company_or_institution: string | null
  country: string
  state: string | null
  state_or_province: string | null
  city: string | null
  street_address: string | null
  building_or_room: string | null
  zip_code: string | null
  iso_country_code: string
  mobile: string | null
  email: string | null
  pre_payment_account: boolean
}

export interface ShipToTable extends AddressColumns {
  id: Generated<number>
  account_id: number
  is_default: boolean
  address_status: 'ACTIVE' | 'PENDING'
  web_reference: string | null
  sort_order: number
}

export interface BillToTable extends AddressColumns {
  id: Generated<number>
  ship_to_id: number
  sort_order: number
}

export interface CreditRecordTable {
  id: Generated<number>
  account_id: number
  bill_to: string
  overdue: boolean
  update_time: Timestamp
}

export interface SupplyCenterTable {
  id: Generated<number>
  account_id: number
  supply_center_id: string
  ship_to_num: string
  operation_status: string
  is_default: boolean
}

export interface PersonaOptionTable {
  kind: 'role' | 'industry' | 'interest'
  code: string
  label_en: string
  label_zh: string
  sort_order: number
}

export interface UserPersonaTable {
  user_id: string
  kind: 'role' | 'industry' | 'interest'
  code: string
}

export interface AccountPriceTable {
  account_id: number
  product_id: number
  currency: 'CNY' | 'INR'
  price: number
  price_type: 'yourPrice' | 'discount' | 'wop'
}

export interface ErrorReportTable {
  id: Generated<number>
  user_id: string | null
  source: string | null
  error: string | null
  payload: JSONColumnType<Record<string, unknown>, string, string>
  created_at: Generated<Date>
}

import type { CatalogTables } from './schema-catalog'
import type { MarketingTables } from './schema-marketing'
import type { AccountTables } from './schema-account'
import type { AuthTables } from './schema-auth'
import type { OrderTables } from './schema-order'
import type { FlashBuyTables } from './schema-flashbuy'
import type { AfterOrderTables } from './schema-after-order'
import type { EnquiryTables } from './schema-enquiries'
import type { MembershipTables } from './schema-membership'
import type { StaffTables } from './schema-staff'
import type { OutboxTables } from './schema-outbox'
import type { ErpTables } from './schema-erp'

export interface DB
  extends
    CatalogTables,
    MarketingTables,
    AccountTables,
    AuthTables,
    OrderTables,
    FlashBuyTables,
    AfterOrderTables,
    EnquiryTables,
    MembershipTables,
    StaffTables,
    OutboxTables,
    ErpTables {
  sys_config: SysConfigTable
  categories: CategoryTable
  products: ProductTable
  accounts: AccountTable
  users: UserTable
  ship_tos: ShipToTable
  bill_tos: BillToTable
  credit_records: CreditRecordTable
  supply_centers: SupplyCenterTable
  persona_options: PersonaOptionTable
  user_personas: UserPersonaTable
  account_prices: AccountPriceTable
  error_reports: ErrorReportTable
}
