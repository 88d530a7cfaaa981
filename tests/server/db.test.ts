import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sql, type Kysely } from 'kysely'
import { createPgliteDb, createPostgresDb, migrateToLatest } from '../../server/db'
import {
  generateProducts,
  generateCategories,
  generateAccountPrices,
  seedDatabase,
  DEMO_ACCOUNTS,
  DEMO_USER_NAMES,
} from '../../server/db/seed'
import {
  POSTGRES_URL,
  createTempPostgresDb,
  dropTempPostgresDb,
  withDatabase,
  openTestDb,
  closeTestDb,
  DB_KINDS,
} from './helpers'

describe('seed generator', () => {
  it('is deterministic: same catalogue numbers and prices across two runs', () => {
    const a = generateProducts(6000)
    const b = generateProducts(6000)
    assert.deepEqual(a, b)
    for (const acc of DEMO_ACCOUNTS) assert.deepEqual(generateAccountPrices(a, acc), generateAccountPrices(b, acc))
    assert.notDeepEqual(
      generateProducts(50, 1).map((p) => p.catalogNumber),
      generateProducts(50, 2).map((p) => p.catalogNumber),
    )
  })

  it('>= 5,000 products with unique catalogue numbers and skus, across a category tree', () => {
    const products = generateProducts(6000)
    assert.ok(products.length >= 5000)
    assert.equal(new Set(products.map((p) => p.catalogNumber)).size, products.length)
    assert.equal(new Set(products.map((p) => p.sku)).size, products.length)
    const cats = generateCategories()
    const tops = cats.filter((c) => !c.parentCode)
    assert.deepEqual(
      tops.map((c) => c.nameEn),
      ['Antibodies', 'Reagents & Chemicals', 'Cell Culture', 'Lab Plastics & Consumables', 'Lab Instruments'],
    )
    for (const t of tops) {
      const n = cats.filter((c) => c.parentCode === t.code).length
      assert.ok(n >= 3 && n <= 6, `${t.code} has ${n} children`)
      assert.match(t.nameZh, /[\u4e00-\u9fff]/)
    }
    const leaves = new Set(cats.filter((c) => c.parentCode).map((c) => c.code))
    assert.ok(products.every((p) => leaves.has(p.categoryCode)))
    assert.equal(new Set(products.map((p) => p.categoryCode)).size, leaves.size)
  })

  it('realistic shape: ~8% price on request, ~10% without image, INR = CNY × 11.6, instruments are lead targets', () => {
    const products = generateProducts(10000)
    const noPrice = products.filter((p) => p.listPriceCny === null).length / products.length
    const noImage = products.filter((p) => p.image === null).length / products.length
    assert.ok(noPrice > 0.06 && noPrice < 0.1, `noPrice ${noPrice}`)
    assert.ok(noImage > 0.08 && noImage < 0.12, `noImage ${noImage}`)
    for (const p of products) {
      if (p.listPriceCny !== null) assert.equal(p.listPriceInr, Math.round(p.listPriceCny * 11.6))
      if (p.leadTarget) assert.equal(p.size, '1 each')
    }
    assert.ok(products.some((p) => p.leadTarget))
    const cat = products.map((p) => p.catalogNumber)
    assert.ok(cat.some((c) => /^MA\d-\d{5}$/.test(c)))
    assert.ok(cat.some((c) => /^\d{2}-\d{4}-\d{2}$/.test(c)))
    assert.ok(cat.some((c) => /^AM\d{4}$/.test(c)))
    assert.ok(cat.some((c) => /^A\d{5}$/.test(c)))
    assert.ok(products.some((p) => p.titleEn.startsWith('Anti-CD3 Monoclonal Antibody (OKT3)')))
  })

  it('account prices cover about a third of priced products, always below list', () => {
    const products = generateProducts(6000)
    const acc = DEMO_ACCOUNTS.find((a) => a.user.userName === 'approved.cn')!
    const prices = generateAccountPrices(products, acc)
    const priced = products.filter((p) => p.listPriceCny !== null).length
    assert.ok(prices.length / priced > 0.28 && prices.length / priced < 0.38)
    const byCat = new Map(products.map((p) => [p.catalogNumber, p]))
    for (const ap of prices) assert.ok(ap.price < byCat.get(ap.catalogNumber)!.listPriceCny!)
    assert.equal(
      generateAccountPrices(
        products,
        DEMO_ACCOUNTS.find((a) => a.user.userName === 'lite.cn')!,
      ).length,
      0,
    )
    assert.deepEqual([...DEMO_USER_NAMES].sort(), ['approved.cn', 'approved.in', 'distributor.cn', 'lite.cn'])
  })
})

async function schemaSnapshot(db: Kysely<any>) {
  const cols = await sql<{ t: string; c: string; type: string; nullable: string; def: string | null }>`
    select table_name as t, column_name as c, data_type as type, is_nullable as nullable, column_default as def
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`.execute(db)
  const idx = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`.execute(db)
  const cons = await sql<{ conname: string; def: string }>`
    select conname, pg_get_constraintdef(oid) as def from pg_constraint
    where connamespace = 'public'::regnamespace and contype <> 'n' -- PG 18 (PGlite) also lists NOT NULL here; columns cover those
    order by conname`.execute(db)
  const ext = await sql<{ extname: string }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(db)
  return { columns: cols.rows, indexes: idx.rows, constraints: cons.rows, extensions: ext.rows }
}

describe('database', () => {
  for (const kind of DB_KINDS) {
    it(`[${kind}] seeded database: >= 5,000 products, category tree, idempotent re-seed, trigram index`, async () => {
      const h = await openTestDb(kind)
      try {
        const { n } = await h.db
          .selectFrom('products')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
        assert.ok(n >= 5000)
        const { orphans } = await h.db
          .selectFrom('products as p')
          .innerJoin('categories as c', 'c.id', 'p.category_id')
          .select(sql<number>`count(*) filter (where c.parent_id is null)::int`.as('orphans'))
          .executeTakeFirstOrThrow()
        assert.equal(orphans, 0, 'products hang on leaf categories')
        const r = await seedDatabase(h.db)
        assert.equal(r.skipped, true)
        // catalogue in the DB = the generator's output
        const rows = await h.db
          .selectFrom('products')
          .select(['catalog_number', 'list_price_cny'])
          .orderBy('id')
          .limit(200)
          .execute()
        const gen = generateProducts(n).slice(0, 200)
        assert.deepEqual(
          rows.map((x) => [x.catalog_number, x.list_price_cny]),
          gen.map((p) => [p.catalogNumber, p.listPriceCny]),
        )
        const snap = await schemaSnapshot(h.db)
        assert.ok(
          snap.indexes.some((i) => i.indexname === 'products_title_en_trgm_idx' && /gin_trgm_ops/.test(i.indexdef)),
        )
        assert.deepEqual(snap.extensions, [{ extname: 'pg_trgm' }])
      } finally {
        await closeTestDb(h)
      }
    })
  }

  it(
    'migrations are identical on PGlite and PostgreSQL (columns, defaults, indexes, constraints)',
    { skip: !POSTGRES_URL && 'DATABASE_URL not set' },
    async () => {
      const lite = await createPgliteDb()
      const name = await createTempPostgresDb('sf_mig')
      const pgh = createPostgresDb(withDatabase(POSTGRES_URL!, name), { max: 2 })
      try {
        assert.deepEqual(await migrateToLatest(lite.db), await migrateToLatest(pgh.db))
        const a = await schemaSnapshot(lite.db)
        const b = await schemaSnapshot(pgh.db)
        assert.deepEqual(a.columns, b.columns)
        assert.deepEqual(a.indexes, b.indexes)
        assert.deepEqual(a.constraints, b.constraints)
        assert.deepEqual(a.extensions, b.extensions)
        assert.deepEqual(await migrateToLatest(pgh.db), [], 'second run is a no-op')
      } finally {
        await lite.close()
        await pgh.close()
        await dropTempPostgresDb(name)
      }
    },
  )
})
