import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import { buildApp } from '../../server/app'
import { createPostgresDb, migrateToLatest, type DbHandle } from '../../server/db'
import type { DB } from '../../server/db/schema'
import { seedDatabase } from '../../server/db/seed'
import { signAccessToken } from '../../server/domains/auth/tokens'
import { StaffFlashSaleSchema } from '../../types/flashbuy/staff-endpoints'
import { Paged } from '../../types/common'
import {
  POSTGRES_URL,
  TEST_JWT_SECRET,
  auth,
  createTempPostgresDb,
  describeEachDb,
  dropTempPostgresDb,
  okData,
  tokenFor,
  withDatabase,
  type TestContext,
} from './helpers'
import { staffToken } from './staff-helpers'
import { tableChecksums } from './seed-checksum'
import { addBuyer, seededUser } from '../support/buyer-account'
import { flashOrderBody } from '../support/flash-sale'
import { startRedis } from '../support/redis-server'
import { createGate } from '../../server/domains/flashbuy/place/gate'
import type { PlaceItem } from '../../server/domains/flashbuy/place/commit'
import type { StaffFlashSale } from '../../types/flashbuy/staff-endpoints'

/**
 * Issue 24: "Flash sales ...: create, schedule, change, end, with the same validation the storefront relies on (a
 * sale's stock can only be raised, or lowered to what is unsold)". Staff routes under /api/admin/flash-sales
 * (server/domains/flashbuy/staff/), what the buyer then sees through the buyers' API, the audit entries, and the
 * refusals. On PostgreSQL: buyers buying while staff lower the stock.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString()

/** the first seeded product of a sales status, orderable or not, with its list price in yuan */
async function productWhere(db: Kysely<DB>, status: 'active' | 'discontinued', leadTarget = false) {
  return db
    .selectFrom('products as p')
    .innerJoin('product_sales as ps', 'ps.product_id', 'p.id')
    .select(['p.catalog_number', 'p.list_price_cny'])
    .where('ps.sales_status', '=', status)
    .where('p.lead_target', '=', leadTarget)
    .where('p.list_price_cny', 'is not', null)
    .orderBy('p.id')
    .executeTakeFirstOrThrow()
}

const audits = (db: Kysely<DB>, entityId: string) =>
  db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute()

describeEachDb('staff: flash sales (issue 24)', (ctx: () => TestContext) => {
  const admin = () => staffToken(ctx().db, 'staff-marketing')
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, token?: string) =>
    ctx().app.inject({
      method,
      url: `/api/admin${url}`,
      headers: auth(token ?? (await admin()), EN),
      ...(body ? { payload: body } : method === 'GET' ? {} : { payload: {} }),
    })
  const buyerList = async () =>
    (await ctx().app.inject({ method: 'GET', url: '/api/flashbuy/list', headers: EN })).json().data as {
      id: string
      flashBuyStatus: string
      flashPrice: number | null
      remainQty: number
    }[]
  const newSale = async (over: Record<string, unknown> = {}) => {
    const p = await productWhere(ctx().db, 'active')
    return {
      country: 'cn',
      catalogNumber: p.catalog_number,
      flashPrice: Math.floor(p.list_price_cny! / 200),
      startAt: inSeconds(-60),
      endAt: inSeconds(3600),
      totalQty: 20,
      minOrderQty: 1,
      maxOrderQty: 5,
      accountPurchaseLimitQty: 10,
      ...over,
    }
  }
  const place = async (saleId: string, quantity: number) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/flashbuy/place/order',
      headers: auth(await tokenFor(ctx(), 'approved.cn'), { ...EN, 'idempotency-key': crypto.randomUUID() }),
      payload: flashOrderBody(saleId, quantity, 'ST-1000001-01'),
    })

  // "create, schedule": a sale created for later is on the buyers' list as coming soon (no price), and on sale at
  // its start, with the price and stock staff set
  it('a scheduled sale shows as coming soon, then in progress at its start; the creation is audited', async () => {
    const body = await newSale({ startAt: inSeconds(2), flashPrice: 12.5 })
    const sale = okData<StaffFlashSale>(await call('POST', '/flash-sales', body), StaffFlashSaleSchema)
    assert.equal(sale.state, 'scheduled')
    assert.equal(sale.flashPrice, 12.5)
    assert.equal(sale.soldQty, 0)
    assert.match(sale.id, /^FB-CN-/)
    const soon = (await buyerList()).find((s) => s.id === sale.id)
    assert.equal(soon?.flashBuyStatus, 'COMING_SOON')
    assert.equal(soon?.flashPrice, null)
    await new Promise((r) => setTimeout(r, Math.max(0, new Date(sale.startAt).getTime() - Date.now() + 50)))
    const open = (await buyerList()).find((s) => s.id === sale.id)
    assert.equal(open?.flashBuyStatus, 'IN_PROGRESS')
    assert.equal(open?.flashPrice, 12.5)
    assert.equal(open?.remainQty, 20)
    const [entry] = await audits(ctx().db, sale.id)
    assert.equal(entry.action, 'flashSale.create')
    assert.equal(entry.staff_id, 'staff-marketing')
    assert.equal(entry.before, null)
    assert.equal((entry.after as StaffFlashSale).totalQty, 20)
    const listed = okData<{ items: StaffFlashSale[] }>(
      await call('GET', '/flash-sales?state=running&country=cn&pageSize=100'),
      Paged(StaffFlashSaleSchema),
    )
    assert.ok(listed.items.some((s) => s.id === sale.id && s.state === 'running'))
  })

  // "with the same validation the storefront relies on": an orderable product, a price above 0 and below the list
  // price (the struck-through price beside it), a window that ends after it starts and in the future, stock >= 1
  it('refuses what the storefront could not sell (400), writing nothing', async () => {
    const { db } = ctx()
    const list = (await productWhere(db, 'active')).list_price_cny! / 100
    const gone = await productWhere(db, 'discontinued')
    const before = await tableChecksums(db)
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ catalogNumber: 'NO-SUCH-1' }, /catalogNumber names no product/],
      [{ catalogNumber: gone.catalog_number }, /catalogNumber is not orderable/],
      [{ flashPrice: list }, /flashPrice must be below the list price/],
      [{ flashPrice: 1.005 }, /flashPrice must have at most 2 decimals/],
      [{ flashPrice: 0 }, /flashPrice/],
      [{ startAt: inSeconds(7200), endAt: inSeconds(3600) }, /endAt must be after startAt/],
      [{ startAt: inSeconds(-7200), endAt: inSeconds(-3600) }, /endAt must be in the future/],
      [{ totalQty: 0 }, /totalQty/],
      [{ accountPurchaseLimitQty: 0 }, /accountPurchaseLimitQty/],
      [{ maxOrderQty: 1000 }, /maxOrderQty/],
      [{ startAt: 'tomorrow' }, /startAt/],
      [{ remainQty: 5 }, /remainQty|additional/i],
    ]
    for (const [over, message] of cases) {
      const res = await call('POST', '/flash-sales', await newSale(over))
      assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`)
      assert.equal(res.json().code, 'VALIDATION_ERROR')
      assert.match(res.json().message, message)
    }
    assert.deepEqual(await tableChecksums(db), before)
  })

  // "a sale's stock can only be raised, or lowered to what is unsold"
  it('stock: raised, lowered to what is sold at the least, else 409 naming the sold count', async () => {
    const sale = okData<StaffFlashSale>(await call('POST', '/flash-sales', await newSale()), StaffFlashSaleSchema)
    assert.equal((await place(sale.id, 3)).statusCode, 200)
    assert.equal((await place(sale.id, 4)).statusCode, 200)
    const raised = okData<StaffFlashSale>(
      await call('PUT', `/flash-sales/${sale.id}`, { totalQty: 30 }),
      StaffFlashSaleSchema,
    )
    assert.deepEqual([raised.totalQty, raised.remainQty, raised.soldQty], [30, 23, 7])
    const below = await call('PUT', `/flash-sales/${sale.id}`, { totalQty: 6 })
    assert.equal(below.statusCode, 409, below.body)
    assert.equal(below.json().reason, 'FLASH_STOCK_BELOW_SOLD')
    assert.match(below.json().message, /has sold 7/)
    const toSold = okData<StaffFlashSale>(
      await call('PUT', `/flash-sales/${sale.id}`, { totalQty: 7 }),
      StaffFlashSaleSchema,
    )
    assert.deepEqual([toSold.totalQty, toSold.remainQty], [7, 0])
    // the buyer sees it sold out, and cannot buy
    assert.equal((await buyerList()).find((s) => s.id === sale.id)?.flashBuyStatus, 'SOLD_OUT')
    assert.notEqual((await place(sale.id, 1)).statusCode, 200)
    const entries = await audits(ctx().db, sale.id)
    assert.deepEqual(
      entries.map((e) => e.action),
      ['flashSale.create', 'flashSale.change', 'flashSale.change'],
      'the refused change left no entry',
    )
    assert.equal((entries[1].before as StaffFlashSale).totalQty, 20)
    assert.equal((entries[1].after as StaffFlashSale).totalQty, 30)
  })

  // "a running sale's price/limit changes as the rules allow": price and limits yes, its start no
  it('a running sale: its price and limits change (the buyer sees the new price), its start does not move (409)', async () => {
    const sale = okData<StaffFlashSale>(await call('POST', '/flash-sales', await newSale()), StaffFlashSaleSchema)
    const changed = okData<StaffFlashSale>(
      await call('PUT', `/flash-sales/${sale.id}`, {
        flashPrice: 9.9,
        accountPurchaseLimitQty: 2,
        endAt: inSeconds(7200),
      }),
      StaffFlashSaleSchema,
    )
    assert.equal(changed.flashPrice, 9.9)
    const detail = await ctx().app.inject({ method: 'GET', url: `/api/flashbuy/detail/${sale.id}`, headers: EN })
    assert.equal(detail.json().data.flashPrice, 9.9)
    assert.equal(detail.json().data.accountPurchaseLimitQty, 2)
    const moved = await call('PUT', `/flash-sales/${sale.id}`, { startAt: inSeconds(60) })
    assert.equal(moved.statusCode, 409, moved.body)
    const empty = await call('PUT', `/flash-sales/${sale.id}`, {})
    assert.equal(empty.statusCode, 400)
    const tooHigh = await call('PUT', `/flash-sales/${sale.id}`, { flashPrice: 10_000_000 })
    assert.equal(tooHigh.statusCode, 400)
  })

  // "end": the sale stops at once: off the buyers' list, Over on its page, no order placed; ending it again is 409
  it('ending a running sale takes it off the buyers list and stops orders; again: 409; unknown: 404', async () => {
    const sale = okData<StaffFlashSale>(await call('POST', '/flash-sales', await newSale()), StaffFlashSaleSchema)
    assert.ok((await buyerList()).some((s) => s.id === sale.id))
    const ended = okData<StaffFlashSale>(await call('POST', `/flash-sales/${sale.id}/end`), StaffFlashSaleSchema)
    assert.equal(ended.state, 'ended')
    assert.ok(ended.endedAt)
    assert.ok(!(await buyerList()).some((s) => s.id === sale.id))
    const detail = await ctx().app.inject({ method: 'GET', url: `/api/flashbuy/detail/${sale.id}`, headers: EN })
    assert.equal(detail.json().data.flashBuyStatus, 'OVER')
    const order = await place(sale.id, 1)
    assert.notEqual(order.statusCode, 200, order.body)
    const again = await call('POST', `/flash-sales/${sale.id}/end`)
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().code, 'CONFLICT')
    const change = await call('PUT', `/flash-sales/${sale.id}`, { totalQty: 50 })
    assert.equal(change.statusCode, 409)
    assert.equal((await call('POST', '/flash-sales/FB-NOPE/end')).statusCode, 404)
    assert.equal((await call('GET', '/flash-sales/FB-NOPE')).statusCode, 404)
    const entries = await audits(ctx().db, sale.id)
    assert.deepEqual(
      entries.map((e) => e.action),
      ['flashSale.create', 'flashSale.end'],
    )
    assert.equal((entries[1].before as StaffFlashSale).state, 'running')
    assert.equal((entries[1].after as StaffFlashSale).state, 'ended')
  })

  // a scheduled sale ended never opens
  it('ending a scheduled sale: it never opens', async () => {
    const sale = okData<StaffFlashSale>(
      await call('POST', '/flash-sales', await newSale({ startAt: inSeconds(3600), endAt: inSeconds(7200) })),
      StaffFlashSaleSchema,
    )
    const ended = okData<StaffFlashSale>(await call('POST', `/flash-sales/${sale.id}/end`), StaffFlashSaleSchema)
    assert.equal(ended.state, 'ended')
    assert.ok(new Date(ended.endAt).getTime() <= Date.now())
    assert.ok(new Date(ended.startAt).getTime() < new Date(ended.endAt).getTime())
  })

  // "every staff route declares the permission it needs": a role without flashSale.manage is refused, nothing changes
  it('a role without flashSale.manage: 403, nothing changed', async () => {
    const { db } = ctx()
    const before = await tableChecksums(db)
    const catalogue = await staffToken(db, 'staff-catalogue')
    for (const [method, url, body] of [
      ['GET', '/flash-sales', undefined],
      ['POST', '/flash-sales', await newSale()],
      ['PUT', '/flash-sales/FB-CN-001', { totalQty: 999 }],
      ['POST', '/flash-sales/FB-CN-001/end', undefined],
    ] as const) {
      const res = await call(method, url, body, catalogue)
      assert.equal(res.statusCode, 403, `${method} ${url}`)
    }
    assert.deepEqual(await tableChecksums(db), before)
  })
})

/**
 * "Concurrency: stock changes must be safe against buyers buying at the same moment (the buy path decrements stock
 * with a conditional UPDATE: use a conditional UPDATE too; test on PostgreSQL with concurrent buys and a
 * lowering)". 40 buyers order 2 each at once while staff lower the stock step by step (60, 50 ... 10): whatever interleaving the
 * server chose, the sale never sells more than its stock, the sold count is exactly the orders placed, and each
 * lowering either applied (the stock still covers what was sold) or was refused with 409 naming the sold count.
 */
describe(
  'staff lowering the stock of a sale while buyers buy (PostgreSQL)',
  { skip: !POSTGRES_URL && 'DATABASE_URL not set' },
  () => {
    let dbName: string
    let handle: DbHandle
    const BUYERS = 40
    const ASKED = [60, 50, 40, 30, 20, 10]
    const tokens: { token: string; addressKey: string }[] = []

    before(async () => {
      dbName = await createTempPostgresDb('sf_staffflash')
      handle = createPostgresDb(withDatabase(POSTGRES_URL!, dbName), { max: 10 })
      await migrateToLatest(handle.db)
      await seedDatabase(handle.db, { productCount: 300 })
      const base = await seededUser(handle.db, 'approved.cn')
      for (let i = 0; i < BUYERS; i++) {
        const userId = `U-staffflash-${i}`
        const { addressKey } = await addBuyer(handle.db, {
          base,
          accountNumber: `SF${20000 + i}`,
          accountName: `Staff Flash Lab ${i}`,
          user: { id: userId, user_name: `staffflash.${i}`, cdc_uid: `staffflash-${i}`, email: `sf${i}@lab.example` },
        })
        tokens.push({
          addressKey,
          token: await signAccessToken(TEST_JWT_SECRET, { userId, userName: `staffflash.${i}` }),
        })
      }
    })

    after(async () => {
      await handle?.close()
      if (dbName) await dropTempPostgresDb(dbName)
    })

    // the placement's Redis gate holds a copy of each sale's stock: a staff change must not leave it stale
    it('with REDIS_URL, a stock change by staff makes the gate read the sale again', async () => {
      const redis = await startRedis()
      const prev = process.env.REDIS_URL
      process.env.REDIS_URL = redis.url
      const app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
      if (prev === undefined) delete process.env.REDIS_URL
      else process.env.REDIS_URL = prev
      await app.ready()
      const gate = createGate(handle.db, redis.url)
      try {
        const staff = await staffToken(handle.db, 'staff-marketing')
        const p = await productWhere(handle.db, 'active')
        const created = await app.inject({
          method: 'POST',
          url: '/api/admin/flash-sales',
          headers: auth(staff, EN),
          payload: {
            country: 'cn',
            catalogNumber: p.catalog_number,
            flashPrice: 1,
            startAt: inSeconds(-60),
            endAt: inSeconds(3600),
            totalQty: 2,
            minOrderQty: 1,
            maxOrderQty: 2,
            accountPurchaseLimitQty: 10,
          },
        })
        const saleId = created.json().data.id as string
        const item = (accountId: number) => ({ accountId, body: { quantity: 2 } }) as unknown as PlaceItem
        assert.equal(await gate.enter(saleId, item(1)), 'reserved')
        assert.equal(await gate.enter(saleId, item(2)), 'refuse', 'the gate holds 2 and gave them out')
        const raised = await app.inject({
          method: 'PUT',
          url: `/api/admin/flash-sales/${saleId}`,
          headers: auth(staff, EN),
          payload: { totalQty: 10 },
        })
        assert.equal(raised.statusCode, 200, raised.body)
        assert.equal(await gate.enter(saleId, item(2)), 'reserved', 'the gate read the raised stock')
      } finally {
        await gate.close()
        await app.close()
        redis.stop()
      }
    })

    it('never oversells; sold = orders placed; each lowering applied or refused naming the sold count', async (t) => {
      const app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
      await app.ready()
      try {
        const staff = await staffToken(handle.db, 'staff-marketing')
        const p = await productWhere(handle.db, 'active')
        const created = await app.inject({
          method: 'POST',
          url: '/api/admin/flash-sales',
          headers: auth(staff, EN),
          payload: {
            country: 'cn',
            catalogNumber: p.catalog_number,
            flashPrice: 1,
            startAt: inSeconds(-60),
            endAt: inSeconds(3600),
            totalQty: 70,
            minOrderQty: 1,
            maxOrderQty: 2,
            accountPurchaseLimitQty: 2,
          },
        })
        const saleId = created.json().data.id as string
        const buys = tokens.map((b) =>
          app.inject({
            method: 'POST',
            url: '/api/flashbuy/place/order',
            headers: auth(b.token, { ...EN, 'idempotency-key': crypto.randomUUID() }),
            payload: flashOrderBody(saleId, 2, b.addressKey),
          }),
        )
        // one staff member lowering step by step while the buyers buy: each lowering waits for the one before
        const lowerings = (async () => {
          const answers = []
          for (const totalQty of ASKED) {
            await new Promise((r) => setTimeout(r, 10))
            answers.push(
              await app.inject({
                method: 'PUT',
                url: `/api/admin/flash-sales/${saleId}`,
                headers: auth(staff, EN),
                payload: { totalQty },
              }),
            )
          }
          return answers
        })()
        const [bought, lowered] = await Promise.all([Promise.all(buys), lowerings])
        const placedQty = bought
          .filter((r) => r.statusCode === 200)
          .reduce((s, r) => s + (r.json().data as { quantity: number }[]).reduce((n, o) => n + o.quantity, 0), 0)
        for (const r of bought) assert.ok([200, 409, 400].includes(r.statusCode), r.body)
        const row = await handle.db
          .selectFrom('flash_sales')
          .select(['total_qty', 'remain_qty'])
          .where('id', '=', saleId)
          .executeTakeFirstOrThrow()
        assert.ok(row.remain_qty >= 0 && row.remain_qty <= row.total_qty)
        assert.equal(row.total_qty - row.remain_qty, placedQty, 'sold = what the placed orders took')
        const orders = await handle.db
          .selectFrom('orders')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('flash_sale_id', '=', saleId)
          .executeTakeFirstOrThrow()
        assert.equal(Number(orders.n), placedQty / 2)
        const applied: number[] = []
        for (const [i, r] of lowered.entries()) {
          const asked = ASKED[i]
          if (r.statusCode === 200) {
            applied.push(asked)
            assert.ok(r.json().data.soldQty <= asked)
          } else {
            assert.equal(r.statusCode, 409, r.body)
            const sold = Number(/has sold (\d+)/.exec(r.json().message)?.[1])
            assert.ok(sold > asked, `${asked} refused with ${sold} sold`)
          }
        }
        // the total now is the last lowering that applied (the initial 70 when none did)
        assert.equal(row.total_qty, applied.length ? applied[applied.length - 1] : 70)
        assert.ok(placedQty > 0 && placedQty <= 70, `${placedQty} sold`)
        t.diagnostic(
          `sold ${placedQty}; lowerings ${lowered.map((r) => r.statusCode).join(',')}; total ${row.total_qty}`,
        )
      } finally {
        await app.close()
      }
    })
  },
)
