import { sql, type Kysely } from 'kysely'
import type { DB } from '../schema'
import { inBatches } from './batches'
import { createRng } from './prng'
import { generateCategories, generateProducts, type SeedProduct } from './catalog'
import { seedCatalogExtras, CATALOG_EXTRA_TABLES } from './catalog-extras'
import { seedMarketing, MARKETING_TABLES } from './marketing'
import { seedAccountRecords, ACCOUNT_RECORD_TABLES } from './account-records'
import { seedAuth, AUTH_SEED_TABLES } from './auth'
import { seedCart, CART_SEED_TABLES } from './cart'
import { seedOrders, ORDER_SEED_TABLES } from './orders'
import { seedFlashBuy, FLASHBUY_SEED_TABLES } from './flashbuy'
import { seedEnquiries, ENQUIRY_SEED_TABLES } from './enquiries'
import { seedMembershipGifts, MEMBERSHIP_GIFT_SEED_TABLES } from './membership-gifts'
import { seedMemberPlay, MEMBER_PLAY_SEED_TABLES } from './membership-play'
import { seedStaff, STAFF_SEED_TABLES } from './staff'
import { seedOutbox, OUTBOX_SEED_TABLES } from './outbox'
import { INITIAL_TABLES } from '../migrations/0001_initial'
import { DEMO_ACCOUNTS, PERSONA_OPTIONS, SYS_CONFIG_SEED, type SeedAccount, type SeedAddress } from './accounts'

export { DEMO_USERS, DEMO_USER_NAMES, DEMO_ACCOUNTS, type DemoUserName } from './accounts'
export { DEMO_STAFF } from './staff'
export { generateCategories, generateProducts, CATEGORY_TREE, cnyToInr } from './catalog'

export const DEFAULT_PRODUCT_COUNT = 6000
export const DEFAULT_SEED = 20260101
const BATCH = 500

export interface AccountPriceSeed {
  catalogNumber: string
  currency: 'CNY' | 'INR'
  price: number
  priceType: 'yourPrice' | 'discount' | 'wop'
}

/** Per-account prices on about a third of the priced products; always below list. Deterministic. */
export function generateAccountPrices(
  products: SeedProduct[],
  account: SeedAccount,
  seed = DEFAULT_SEED,
): AccountPriceSeed[] {
  if (!account.hasAccountPrices) return []
  let h = seed
  for (const ch of account.key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0
  const r = createRng(h)
  const currency = account.country === 'in' ? 'INR' : 'CNY'
  const out: AccountPriceSeed[] = []
  for (const p of products) {
    const list = currency === 'INR' ? p.listPriceInr : p.listPriceCny
    const pick = r.next() < 1 / 3
    const factor = 0.7 + r.next() * 0.25
    const priceType = r.pick(['yourPrice', 'yourPrice', 'discount', 'wop'] as const)
    if (!pick || list === null || list < 100) continue
    out.push({
      catalogNumber: p.catalogNumber,
      currency,
      price: Math.min(list - 1, Math.round(list * factor)),
      priceType,
    })
  }
  return out
}

const addrRow = (a: SeedAddress) => ({
  address_key: a.addressKey,
  account_number: a.accountNumber,
  nick_name: a.nickName,
  phone_number: a.phoneNumber,
  attention_to: a.attentionTo,
  dept_or_lab: a.deptOrLab,
  company_or_institution: a.companyOrInstitution,
  country: a.country,
  state: a.state,
  state_or_province: a.stateOrProvince,
  city: a.city,
  street_address: a.streetAddress,
  building_or_room: a.buildingOrRoom,
  zip_code: a.zipCode,
  iso_country_code: a.isoCountryCode,
  mobile: a.mobile,
  email: a.email,
  pre_payment_account: a.prePaymentAccount,
})

const creditRow = (accountId: number) => (c: SeedAccount['credit'][number]) => ({
  account_id: accountId,
  bill_to: c.billTo,
  overdue: c.overdue,
  update_time: c.updateTime,
})

const supplyCenterRow = (accountId: number) => (s: SeedAccount['supplyCenters'][number]) => ({
  account_id: accountId,
  supply_center_id: s.supplyCenterId,
  ship_to_num: s.shipToNum,
  operation_status: s.operationStatus,
  is_default: s.isDefault,
})

const SEEDED_TABLES = [
  ...OUTBOX_SEED_TABLES,
  ...STAFF_SEED_TABLES,
  ...MEMBERSHIP_GIFT_SEED_TABLES,
  ...MEMBER_PLAY_SEED_TABLES,
  ...ENQUIRY_SEED_TABLES,
  ...ORDER_SEED_TABLES,
  ...FLASHBUY_SEED_TABLES,
  ...CART_SEED_TABLES,
  ...ACCOUNT_RECORD_TABLES,
  ...AUTH_SEED_TABLES,
  ...MARKETING_TABLES,
  ...CATALOG_EXTRA_TABLES,
  ...INITIAL_TABLES,
]

/**
 * The GIN (trigram) indexes are dropped for the bulk load and rebuilt after it, in the same transaction:
 * building a GIN index over the finished tables is cheaper than adding thousands of rows to it one by
 * one (PGlite: products ~1.9 s of CPU -> ~1.1 s, plus ~0.4 s for the builds; the whole seed ~5.2 -> ~4.8 s).
 * Their definitions are read back from pg_indexes, so the migrations stay the one place that defines them.
 * The rows written are the same (tests/server/startup.test.ts compares a checksum of every table).
 */
async function withoutGinIndexes(trx: Kysely<DB>, load: () => Promise<void>): Promise<void> {
  const gin = (
    await sql<{ name: string; def: string }>`
      SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = current_schema() AND indexdef LIKE '% USING gin %' ORDER BY indexname`.execute(trx)
  ).rows
  for (const g of gin) await sql`DROP INDEX ${sql.ref(g.name)}`.execute(trx)
  await load()
  for (const g of gin) await sql.raw(g.def).execute(trx)
}

export interface SeedOptions {
  productCount?: number
  seed?: number
  reset?: boolean
}
export interface SeedResult {
  skipped: boolean
  products: number
  accountPrices: number
}

/** Idempotent: skips when products exist, unless `reset` (truncates everything first). */
export async function seedDatabase(db: Kysely<DB>, opts: SeedOptions = {}): Promise<SeedResult> {
  const productCount = opts.productCount ?? DEFAULT_PRODUCT_COUNT
  const seed = opts.seed ?? DEFAULT_SEED
  if (opts.reset) {
    await sql`TRUNCATE TABLE ${sql.join(SEEDED_TABLES.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db)
  } else {
    const { n } = await db
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    if (n > 0) return { skipped: true, products: n, accountPrices: 0 }
  }

  const products = generateProducts(productCount, seed)
  let accountPriceCount = 0

  await db.transaction().execute((trx) =>
    withoutGinIndexes(trx, async () => {
      await trx
        .insertInto('sys_config')
        .values(
          SYS_CONFIG_SEED.map((c) => ({
            country_code: c.country,
            parent_type: 'GLOBAL_SYS_INIT_CONFIG',
            dict_key: c.key,
            dict_value: c.value,
            dict_label: c.label,
          })),
        )
        .execute()

      const catIds = new Map<string, number>()
      for (const c of generateCategories()) {
        const row = await trx
          .insertInto('categories')
          .values({
            code: c.code,
            name_en: c.nameEn,
            name_zh: c.nameZh,
            sort_order: c.sortOrder,
            parent_id: c.parentCode ? catIds.get(c.parentCode)! : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        catIds.set(c.code, row.id)
      }

      const productIds = new Map<string, number>()
      await inBatches(products, BATCH, async (chunk) => {
        const rows = await trx
          .insertInto('products')
          .values(
            chunk.map((p) => ({
              sku: p.sku,
              catalog_number: p.catalogNumber,
              title_en: p.titleEn,
              title_zh: p.titleZh,
              size: p.size,
              brand: p.brand,
              image: p.image,
              category_id: catIds.get(p.categoryCode)!,
              attributes: JSON.stringify(p.attributes),
              list_price_cny: p.listPriceCny,
              list_price_inr: p.listPriceInr,
              lead_target: p.leadTarget,
              rank: p.rank,
            })),
          )
          .returning(['id', 'catalog_number'])
          .execute()
        for (const r of rows) productIds.set(r.catalog_number, r.id)
      })

      await trx
        .insertInto('persona_options')
        .values(
          PERSONA_OPTIONS.map((o, i) => ({
            kind: o.kind,
            code: o.code,
            label_en: o.en,
            label_zh: o.zh,
            sort_order: i,
          })),
        )
        .execute()

      for (const acc of DEMO_ACCOUNTS) {
        const { id: accountId } = await trx
          .insertInto('accounts')
          .values({
            account_number: acc.accountNumber,
            name: acc.name,
            account_type: acc.accountType,
            country: acc.country,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const u = acc.user
        await trx
          .insertInto('users')
          .values({
            id: u.id,
            user_name: u.userName,
            first_name: u.firstName,
            last_name: u.lastName,
            siebel_row_id: u.siebelRowId,
            cdc_uid: u.cdcUid,
            email: u.email,
            phone: u.phone,
            country: u.country,
            language: u.language,
            ma_country: u.maCountry,
            registration_status: u.registrationStatus,
            account_id: accountId,
            analytics_client_id: u.analyticsClientId,
          })
          .execute()
        const personaRows = (['role', 'industry', 'interest'] as const).flatMap((kind) =>
          u.persona[kind].map((code) => ({ user_id: u.id, kind, code })),
        )
        if (personaRows.length) await trx.insertInto('user_personas').values(personaRows).execute()

        for (const [i, st] of acc.shipTos.entries()) {
          const { id: shipToId } = await trx
            .insertInto('ship_tos')
            .values({
              ...addrRow(st),
              account_id: accountId,
              is_default: st.isDefault,
              address_status: st.addressStatus,
              web_reference: st.webReference,
              sort_order: i,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          if (st.billTos.length)
            await trx
              .insertInto('bill_tos')
              .values(st.billTos.map((b, j) => ({ ...addrRow(b), ship_to_id: shipToId, sort_order: j })))
              .execute()
        }
        if (acc.credit.length)
          await trx
            .insertInto('credit_records')
            .values(acc.credit.map(creditRow(accountId)))
            .execute()
        if (acc.supplyCenters.length)
          await trx
            .insertInto('supply_centers')
            .values(acc.supplyCenters.map(supplyCenterRow(accountId)))
            .execute()

        const prices = generateAccountPrices(products, acc, seed)
        accountPriceCount += prices.length
        await inBatches(prices, BATCH, (chunk) =>
          trx
            .insertInto('account_prices')
            .values(
              chunk.map((p) => ({
                account_id: accountId,
                product_id: productIds.get(p.catalogNumber)!,
                currency: p.currency,
                price: p.price,
                price_type: p.priceType,
              })),
            )
            .execute(),
        )
      }

      const ctx = { seed, products, productIds, categoryIds: catIds }
      await seedCatalogExtras(trx, ctx)
      await seedMarketing(trx, ctx)
      await seedAuth(trx, ctx)
      await seedCart(trx, ctx)
      await seedOrders(trx, ctx)
      // after the orders: its invoices bill their sales orders and its notifications name them
      await seedAccountRecords(trx, ctx)
      await seedFlashBuy(trx, ctx)
      await seedEnquiries(trx, ctx)
      await seedMembershipGifts(trx, ctx)
      await seedMemberPlay(trx, ctx)
      await seedStaff(trx)
      await seedOutbox(trx)
    }),
  )
  // Fresh statistics and visibility map (index-only scans for the product listing).
  await sql`VACUUM ANALYZE`.execute(db)
  return { skipped: false, products: products.length, accountPrices: accountPriceCount }
}
