import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import {
  WishlistSchema,
  HistoryListSchema,
  type HistoryList,
  type SaveWishlistBody,
  type Wishlist,
  type WishlistContentType,
} from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { describeEachDb, tokenFor, auth, type TestContext, userRow, okData, assertRefusedNamingField } from './helpers'

/** the seeded user ids (users.id) */
async function userIdOf(ctx: TestContext, userName: string) {
  return (await userRow(ctx.db, userName)).id
}

/** one existing id per wishlist content type */
async function sampleIds(ctx: TestContext): Promise<Record<WishlistContentType, string>> {
  const db = ctx.db
  const now = new Date()
  const content = (type: 'knowledge' | 'application' | 'workflow', vm: boolean | null) => {
    let q = db
      .selectFrom('content_items')
      .select('id')
      .where('content_type', '=', type)
      .where('published_at', '<=', now)
    if (vm === true) q = q.where('article_type', '=', 'virtual-workflow')
    if (vm === false) q = q.where('article_type', '!=', 'virtual-workflow')
    return q
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
      .then((r) => String(r.id))
  }
  return {
    Products: (await db.selectFrom('products').select('catalog_number').orderBy('id', 'desc').executeTakeFirstOrThrow())
      .catalog_number,
    Workflow: await content('workflow', false),
    'VM Workflow': await content('workflow', true),
    'Knowledge Hub': await content('knowledge', null),
    Promotions: 'PR1005',
    Application: await content('application', null),
  }
}

describeEachDb(
  'wishlist: GET /wishlist/getWishList, POST /wishlist/saveWishList, POST /wishlist/deleteWishList',
  (ctx) => {
    async function list(userName: string, countryCode = 'cn', headers: Record<string, string> = {}): Promise<Wishlist> {
      const uid = await userIdOf(ctx(), userName)
      return okData(
        await ctx().app.inject({
          url: `/api/wishlist/getWishList?countryCode=${countryCode}&userId=${uid}`,
          headers: auth(await tokenFor(ctx(), userName), headers),
        }),
        WishlistSchema,
      )
    }
    async function save(userName: string, b: Partial<SaveWishlistBody>) {
      const uid = await userIdOf(ctx(), userName)
      return ctx().app.inject({
        method: 'POST',
        url: '/api/wishlist/saveWishList',
        headers: auth(await tokenFor(ctx(), userName)),
        payload: { countryCode: 'cn', userId: uid, ...b },
      })
    }
    async function del(userName: string, contentId: string, countryCode = 'cn', payload: unknown = {}) {
      const uid = await userIdOf(ctx(), userName)
      return ctx().app.inject({
        method: 'POST',
        url: `/api/wishlist/deleteWishList?contentId=${encodeURIComponent(contentId)}&countryCode=${countryCode}&userId=${uid}`,
        headers: auth(await tokenFor(ctx(), userName)),
        payload: payload as object,
      })
    }
    const typeOf = (t: WishlistContentType) => (t === 'Products' ? 'product' : 'content')

    it('spec §6 "Login is required for ... wishlist": no token → 401 on all three calls', async () => {
      const uid = await userIdOf(ctx(), DEMO_USERS.approvedCn)
      for (const req of [
        { method: 'GET' as const, url: `/api/wishlist/getWishList?countryCode=cn&userId=${uid}` },
        {
          method: 'POST' as const,
          url: '/api/wishlist/saveWishList',
          payload: { contentId: 'X', contentType: 'Products', countryCode: 'cn', userId: uid, wishlistType: 'product' },
        },
        {
          method: 'POST' as const,
          url: `/api/wishlist/deleteWishList?contentId=X&countryCode=cn&userId=${uid}`,
          payload: {},
        },
      ]) {
        const res = await ctx().app.inject(req)
        assert.equal(res.statusCode, 401, req.url)
      }
    })

    it("approved.cn's seeded wishlist: newest first, titles resolved by the server in the request language, app route links", async () => {
      const zh = await list(DEMO_USERS.approvedCn)
      const en = await list(DEMO_USERS.approvedCn, 'cn', { languagecode: 'en' })
      assert.ok(zh.wishList.length >= 5)
      assert.deepEqual(
        zh.wishList.map((w) => w.contentId),
        en.wishList.map((w) => w.contentId),
      )
      for (let i = 1; i < zh.wishList.length; i++) assert.ok(zh.wishList[i - 1].createdAt >= zh.wishList[i].createdAt)
      const types = new Set(zh.wishList.map((w) => w.contentType))
      for (const t of ['Products', 'Knowledge Hub', 'VM Workflow', 'Promotions'])
        assert.ok(types.has(t as WishlistContentType), t)
      const promo = en.wishList.find((w) => w.contentType === 'Promotions')!
      assert.equal(promo.title, 'Cell culture stock-up: media and FBS')
      assert.deepEqual(promo.link, {
        route: 'promotion',
        params: { category: 'cell-culture', subject: 'media-and-serum-stock-up', id: 'PR1003' },
      })
      assert.equal(zh.wishList.find((w) => w.contentType === 'Promotions')!.title, '细胞培养囤货季：培养基与血清')
      const product = en.wishList.find((w) => w.contentType === 'Products')!
      const row = await ctx()
        .db.selectFrom('products')
        .select(['title_en', 'image'])
        .where('catalog_number', '=', product.contentId)
        .executeTakeFirstOrThrow()
      assert.equal(product.title, row.title_en)
      assert.equal(product.image, row.image)
      assert.equal(product.wishlistType, 'product')
      assert.equal(product.link.route, 'productDetails')
      assert.equal(product.link.params.catalogNumber, product.contentId)
      const article = en.wishList.find((w) => w.contentType === 'Knowledge Hub')!
      assert.deepEqual(article.link, { route: 'contentDetail', params: { id: article.contentId } })
    })

    it('all six content types can be added (the response carries contentId, spec §4 "The server must return contentId"), listed and removed', async () => {
      const ids = await sampleIds(ctx())
      const user = DEMO_USERS.liteCn
      assert.equal((await list(user)).wishList.length, 0)
      for (const [contentType, contentId] of Object.entries(ids) as [WishlistContentType, string][]) {
        const res = await save(user, { contentId, contentType, wishlistType: typeOf(contentType) })
        assert.equal(res.statusCode, 200, `${contentType}: ${res.body}`)
        assert.deepEqual(res.json().data, { contentId })
      }
      const l = await list(user, 'cn', { languagecode: 'en' })
      assert.deepEqual(l.wishList.map((w) => w.contentType).sort(), Object.keys(ids).sort())
      assert.ok(l.wishList.every((w) => w.title.length > 0 && w.countryCode === 'cn'))
      for (const contentId of Object.values(ids)) {
        const res = await del(user, contentId)
        assert.equal(res.statusCode, 200, res.body)
        assert.equal(res.json().data.deleted, 1)
      }
      assert.equal((await list(user)).wishList.length, 0)
    })

    it('adding the same item twice is idempotent (one entry, contentId returned both times); removing twice is harmless', async () => {
      const user = DEMO_USERS.distributorCn
      const { Products } = await sampleIds(ctx())
      for (let i = 0; i < 2; i++) {
        const res = await save(user, { contentId: Products, contentType: 'Products', wishlistType: 'product' })
        assert.equal(res.statusCode, 200)
        assert.equal(res.json().data.contentId, Products)
      }
      assert.equal((await list(user)).wishList.filter((w) => w.contentId === Products).length, 1)
      assert.equal((await del(user, Products)).json().data.deleted, 1)
      const again = await del(user, Products)
      assert.equal(again.statusCode, 200)
      assert.equal(again.json().data.deleted, 0)
    })

    it('entries are kept per country: an entry saved for in does not show in the cn list', async () => {
      const user = DEMO_USERS.distributorCn
      const { Application } = await sampleIds(ctx())
      assert.equal(
        (
          await save(user, {
            contentId: Application,
            contentType: 'Application',
            wishlistType: 'content',
            countryCode: 'in',
          })
        ).statusCode,
        200,
      )
      assert.ok((await list(user, 'in')).wishList.some((w) => w.contentId === Application && w.countryCode === 'in'))
      assert.ok(!(await list(user, 'cn')).wishList.some((w) => w.contentId === Application))
      await del(user, Application, 'in')
    })

    it('contentId must exist for its contentType: unknown product / promotion / article, or an article of another type → 404, nothing saved', async () => {
      const ids = await sampleIds(ctx())
      const user = DEMO_USERS.liteCn
      const cases: [WishlistContentType, string][] = [
        ['Products', 'NO-SUCH-1'],
        ['Promotions', 'PR9999'],
        ['Knowledge Hub', '999999'],
        ['Knowledge Hub', ids.Application],
        ['Application', ids['Knowledge Hub']],
        ['Workflow', ids['VM Workflow']],
        ['VM Workflow', ids.Workflow],
        ['Workflow', 'abc'],
        ['Promotions', ids.Products],
      ]
      for (const [contentType, contentId] of cases) {
        const res = await save(user, { contentId, contentType, wishlistType: typeOf(contentType) })
        assert.equal(res.statusCode, 404, `${contentType} ${contentId}: ${res.body}`)
        assert.match(res.json().message, /contentId/)
      }
      const scheduled = await ctx()
        .db.selectFrom('content_items')
        .select(['id', 'content_type'])
        .where('published_at', '>', new Date())
        .where('content_type', '=', 'knowledge')
        .executeTakeFirst()
      if (scheduled)
        assert.equal(
          (await save(user, { contentId: String(scheduled.id), contentType: 'Knowledge Hub', wishlistType: 'content' }))
            .statusCode,
          404,
        )
      assert.equal((await list(user)).wishList.length, 0)
    })

    it('bad input is a 400 naming the field', async () => {
      const ids = await sampleIds(ctx())
      const user = DEMO_USERS.liteCn
      await assertRefusedNamingField(
        [
          [{ contentId: ids.Products, contentType: 'Products', wishlistType: 'content' }, 'wishlistType'],
          [{ contentId: ids.Workflow, contentType: 'Workflow', wishlistType: 'product' }, 'wishlistType'],
          [{ contentId: ids.Products, contentType: 'Product', wishlistType: 'product' }, 'contentType'],
          [{ contentId: '', contentType: 'Products', wishlistType: 'product' }, 'contentId'],
          [
            { contentId: ids.Products, contentType: 'Products', wishlistType: 'product', countryCode: 'us' },
            'countryCode',
          ],
          [{ contentId: ids.Products, contentType: 'Products', wishlistType: 'product', extra: 1 }, 'extra'],
        ] as [Record<string, unknown>, string][],
        (b) => save(user, b as Partial<SaveWishlistBody>),
      )
      const token = await tokenFor(ctx(), user)
      const noUser = await ctx().app.inject({ url: '/api/wishlist/getWishList?countryCode=cn', headers: auth(token) })
      assert.equal(noUser.statusCode, 400)
      assert.match(noUser.json().message, /userId/)
    })

    it('spec §7 deleteWishList "empty body": a body with data is a 400 and removes nothing', async () => {
      const user = DEMO_USERS.liteCn
      const { Products } = await sampleIds(ctx())
      await save(user, { contentId: Products, contentType: 'Products', wishlistType: 'product' })
      const res = await del(user, Products, 'cn', { contentId: Products })
      assert.equal(res.statusCode, 400)
      assert.match(res.json().message, /body/)
      assert.equal((await list(user)).wishList.length, 1)
      const noBody = await ctx().app.inject({
        method: 'POST',
        url: `/api/wishlist/deleteWishList?contentId=${Products}&countryCode=cn&userId=${await userIdOf(ctx(), user)}`,
        headers: auth(await tokenFor(ctx(), user)),
      })
      assert.equal(noBody.statusCode, 200, 'no body at all is fine too')
      assert.equal((await list(user)).wishList.length, 0)
    })
  },
)

describeEachDb('browsing history: POST /history/record, POST /history/merge, GET /history/list', (ctx) => {
  async function history(userName: string, q: string, headers: Record<string, string> = {}): Promise<HistoryList> {
    return okData(
      await ctx().app.inject({
        url: `/api/history/list?${q}`,
        headers: auth(await tokenFor(ctx(), userName), headers),
      }),
      HistoryListSchema,
    )
  }
  /** a POST of the history API with `userName`'s token */
  const postAs = (url: string) => async (userName: string, payload: object) =>
    ctx().app.inject({ method: 'POST', url, headers: auth(await tokenFor(ctx(), userName)), payload })
  const record = postAs('/api/history/record')
  /** the ids of `userName`'s history list for the query, newest first */
  const historyIds = async (userName: string, q: string) => (await history(userName, q)).items.map((i) => i.id)
  const merge = postAs('/api/history/merge')
  const products = async (n: number, offset = 0) =>
    (
      await ctx().db.selectFrom('products').select('catalog_number').orderBy('id').offset(offset).limit(n).execute()
    ).map((r) => r.catalog_number)
  const clear = async (userName: string) =>
    ctx()
      .db.deleteFrom('history_visits')
      .where('user_id', '=', await userIdOf(ctx(), userName))
      .execute()

  it('spec §6 "Login is required for ... history": no token → 401', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/history/list?kind=product' },
      { method: 'POST' as const, url: '/api/history/record', payload: { kind: 'product', id: 'X' } },
      { method: 'POST' as const, url: '/api/history/merge', payload: { visits: [] } },
    ])
      assert.equal((await ctx().app.inject(req)).statusCode, 401, req.url)
  })

  it('record: the visit shows first; one row per item with its latest visit; an older time never moves it back', async () => {
    const user = DEMO_USERS.liteCn
    await clear(user)
    const [a, b] = await products(2)
    assert.equal((await record(user, { kind: 'product', id: a, viewedAt: '2026-01-01T08:00:00Z' })).statusCode, 200)
    assert.equal((await record(user, { kind: 'product', id: b })).statusCode, 200) // no viewedAt: server time
    let h = await history(user, 'kind=product')
    assert.deepEqual(
      h.items.map((i) => i.id),
      [b, a],
    )
    assert.ok(Math.abs(new Date(h.items[0].viewedAt).getTime() - Date.now()) < 60_000)
    const res = await record(user, { kind: 'product', id: a })
    assert.deepEqual(res.json().data, { ok: true })
    h = await history(user, 'kind=product')
    assert.deepEqual(
      h.items.map((i) => i.id),
      [a, b],
    )
    assert.equal(h.total, 2)
    const latest = h.items[0].viewedAt
    await record(user, { kind: 'product', id: a, viewedAt: '2025-06-01T00:00:00Z' })
    assert.equal((await history(user, 'kind=product')).items[0].viewedAt, latest)
  })

  it('record: a time in the future is clamped to now', async () => {
    const user = DEMO_USERS.liteCn
    await clear(user)
    const [a] = await products(1, 5)
    await record(user, { kind: 'product', id: a, viewedAt: '2099-01-01T00:00:00Z' })
    const [item] = (await history(user, 'kind=product')).items
    assert.ok(new Date(item.viewedAt).getTime() <= Date.now())
  })

  it('items carry title, subtitle, image and an app link resolved by the server in the request language', async () => {
    const user = DEMO_USERS.liteCn
    await clear(user)
    const [cat] = await products(1, 7)
    const article = await ctx()
      .db.selectFrom('content_items')
      .select(['id', 'title_en', 'title_zh', 'cover_image'])
      .where('content_type', '=', 'knowledge')
      .where('published_at', '<=', new Date())
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await record(user, { kind: 'product', id: cat })
    await record(user, { kind: 'content', id: String(article.id) })
    await record(user, { kind: 'content', id: 'PR1001' })
    const p = (await history(user, 'kind=product', { languagecode: 'en' })).items[0]
    const row = await ctx()
      .db.selectFrom('products')
      .select(['title_en', 'title_zh', 'size', 'image'])
      .where('catalog_number', '=', cat)
      .executeTakeFirstOrThrow()
    assert.equal(p.title, row.title_en)
    assert.equal(p.subtitle, `${cat} · ${row.size}`)
    assert.equal(p.image, row.image)
    assert.equal(p.link.route, 'productDetails')
    assert.equal(p.link.params.catalogNumber, cat)
    assert.equal((await history(user, 'kind=product')).items[0].title, row.title_zh)
    const c = await history(user, 'kind=content', { languagecode: 'en' })
    assert.deepEqual(
      c.items.map((i) => i.id),
      ['PR1001', String(article.id)],
    )
    assert.equal(c.items[1].title, article.title_en)
    assert.equal(c.items[1].image, article.cover_image)
    assert.match(c.items[1].subtitle, /^Knowledge Hub · /)
    assert.deepEqual(c.items[1].link, { route: 'contentDetail', params: { id: String(article.id) } })
    assert.equal(c.items[0].title, 'Save 25% on flow cytometry antibodies')
    assert.equal(c.items[0].link.route, 'promotion')
    assert.equal((await history(user, 'kind=content')).items[1].title, article.title_zh)
  })

  it('record: an unknown item is a 404; bad kind, id or viewedAt a 400 naming the field; nothing stored', async () => {
    const user = DEMO_USERS.liteCn
    await clear(user)
    assert.equal((await record(user, { kind: 'product', id: 'NO-SUCH-1' })).statusCode, 404)
    assert.equal((await record(user, { kind: 'content', id: '999999' })).statusCode, 404)
    await assertRefusedNamingField(
      [
        [{ kind: 'page', id: 'x' }, 'kind'],
        [{ kind: 'product', id: '' }, 'id'],
        [{ kind: 'product', id: 'A', viewedAt: 'yesterday' }, 'viewedAt'],
        [{ kind: 'product', id: 'A', viewedAt: '2026-01-01' }, 'viewedAt'],
        [{ kind: 'product' }, 'id'],
      ] as [object, string][],
      (payload) => record(user, payload),
    )
    assert.equal((await history(user, 'kind=product')).total, 0)
  })

  it('merge: the anonymous local history is de-duplicated per item keeping the newest time, future times clamped, unknown items skipped', async () => {
    const user = DEMO_USERS.liteCn
    await clear(user)
    const [a, b, c] = await products(3, 10)
    await record(user, { kind: 'product', id: c, viewedAt: '2026-02-01T00:00:00Z' })
    const res = await merge(user, {
      visits: [
        { kind: 'product', id: a, viewedAt: '2026-01-01T00:00:00Z' },
        { kind: 'product', id: a, viewedAt: '2026-01-03T00:00:00Z' },
        { kind: 'product', id: a, viewedAt: '2026-01-02T00:00:00Z' },
        { kind: 'product', id: b, viewedAt: '2099-12-31T00:00:00Z' },
        { kind: 'product', id: c, viewedAt: '2026-01-15T00:00:00Z' }, // older than the server's: the server's stays
        { kind: 'product', id: 'NO-SUCH-1', viewedAt: '2026-01-01T00:00:00Z' },
        { kind: 'content', id: 'PR1002', viewedAt: '2026-01-05T00:00:00Z' },
      ],
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.merged, 4)
    const h = await history(user, 'kind=product')
    assert.deepEqual(
      h.items.map((i) => i.id),
      [b, c, a],
    )
    assert.ok(new Date(h.items[0].viewedAt).getTime() <= Date.now())
    assert.equal(h.items[1].viewedAt, '2026-02-01T00:00:00.000Z')
    assert.equal(h.items[2].viewedAt, '2026-01-03T00:00:00.000Z')
    assert.deepEqual(await historyIds(user, 'kind=content'), ['PR1002'])
  })

  it('merge: at most 200 visits (400 naming the field); an empty merge is fine', async () => {
    const user = DEMO_USERS.liteCn
    const visits = Array.from({ length: 201 }, () => ({ kind: 'product', id: 'A', viewedAt: '2026-01-01T00:00:00Z' }))
    const res = await merge(user, { visits })
    assert.equal(res.statusCode, 400)
    assert.match(res.json().message, /visits/)
    const ok200 = await merge(user, { visits: visits.slice(0, 200) })
    assert.equal(ok200.statusCode, 200)
    assert.equal((await merge(user, { visits: [] })).json().data.merged, 0)
    assert.equal(
      (await merge(user, { visits: [{ kind: 'product', id: 'A' }] })).statusCode,
      400,
      'merged visits need their time',
    )
  })

  it('list: newest first with paging and totals; kind separates products from content', async () => {
    const user = DEMO_USERS.distributorCn
    await clear(user)
    const ids = await products(25, 30)
    await merge(user, {
      visits: ids.map((id, i) => ({
        kind: 'product',
        id,
        viewedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      })),
    })
    const p1 = await history(user, 'kind=product&pageSize=10')
    const p3 = await history(user, 'kind=product&pageSize=10&page=3')
    assert.equal(p1.total, 25)
    assert.deepEqual(
      p1.items.map((i) => i.id),
      ids.slice(15).reverse(),
    )
    assert.deepEqual(
      p3.items.map((i) => i.id),
      ids.slice(0, 5).reverse(),
    )
    assert.equal((await history(user, 'kind=content')).total, 0)
  })

  it('list: the date filter is inclusive and uses China time (UTC+8) for cn users', async () => {
    const user = DEMO_USERS.liteCn // country cn
    await clear(user)
    const [early, late, next] = await products(3, 60)
    await merge(user, {
      visits: [
        { kind: 'product', id: early, viewedAt: '2026-03-01T15:59:00Z' }, // 2026-03-01 23:59 in China
        { kind: 'product', id: late, viewedAt: '2026-03-01T16:00:00Z' }, // 2026-03-02 00:00 in China
        { kind: 'product', id: next, viewedAt: '2026-03-02T15:59:59Z' }, // 2026-03-02 23:59:59 in China
      ],
    })
    assert.deepEqual(await historyIds(user, 'kind=product&from=2026-03-02&to=2026-03-02'), [next, late])
    assert.deepEqual(await historyIds(user, 'kind=product&from=2026-03-01&to=2026-03-01'), [early])
    assert.deepEqual(await historyIds(user, 'kind=product&from=2026-03-02'), [next, late])
    assert.deepEqual(await historyIds(user, 'kind=product&to=2026-03-01'), [early])
  })

  it('list: the date filter uses India time (UTC+5:30) for in users', async () => {
    const user = DEMO_USERS.approvedIn
    await clear(user)
    const [before, after] = await products(2, 70)
    await merge(user, {
      visits: [
        { kind: 'product', id: before, viewedAt: '2026-03-01T18:29:00Z' }, // 2026-03-01 23:59 IST
        { kind: 'product', id: after, viewedAt: '2026-03-01T18:30:00Z' }, // 2026-03-02 00:00 IST
      ],
    })
    assert.deepEqual(await historyIds(user, 'kind=product&from=2026-03-02&to=2026-03-02'), [after])
    assert.deepEqual(await historyIds(user, 'kind=product&from=2026-03-01&to=2026-03-01'), [before])
  })

  it('list: bad dates and ranges are a 400 naming the field', async () => {
    await assertRefusedNamingField(
      [
        ['kind=product&from=2026-02-30', 'from'],
        ['kind=product&to=2026-13-01', 'to'],
        ['kind=product&from=01-03-2026', 'from'],
        ['kind=product&from=2026-03-02&to=2026-03-01', 'from'],
        ['kind=video', 'kind'],
        ['', 'kind'],
        ['kind=product&pageSize=51', 'pageSize'],
      ] as [string, string][],
      async (q) =>
        ctx().app.inject({ url: `/api/history/list?${q}`, headers: auth(await tokenFor(ctx(), DEMO_USERS.liteCn)) }),
    )
  })

  it("approved.cn's seeded history is listed for approved.cn", async () => {
    const h = await history(DEMO_USERS.approvedCn, 'kind=product')
    assert.ok(h.total >= 5)
    const c = await history(DEMO_USERS.approvedCn, 'kind=content')
    assert.ok(c.items.some((i) => i.id === 'PR1001'))
  })
})

describeEachDb('POST /operationLog/insert and /mkt/operationLog/insert', (ctx) => {
  const body = (over: Record<string, unknown> = {}) => ({
    opUser: 'anonymous',
    opSource: 'h5',
    opTarget: 'product',
    opTargetId: 'MA1-10175',
    opContent: 'click_request_quote',
    opReqUrl: '/product-details/Anti-CD3/MA1-10175?productPlacement=home',
    ...over,
  })
  const rows = async () => ctx().db.selectFrom('operation_logs').selectAll().orderBy('id').execute()

  it('spec §4 "The click first records an operation-log entry": anonymous clicks are stored without a user', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/operationLog/insert',
      headers: { source: 'h5' },
      payload: body(),
    })
    assert.equal(res.statusCode, 200, res.body)
    const { id } = res.json().data
    const row = (await rows()).find((r) => r.id === id)!
    assert.equal(row.user_id, null)
    assert.equal(row.op_user, 'anonymous')
    assert.equal(row.op_target_id, 'MA1-10175')
    assert.equal(row.op_content, 'click_request_quote')
    assert.equal(row.source, 'h5')
  })

  it('anonymous callers cannot attribute a click to somebody else: the row stays anonymous', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/operationLog/insert',
      payload: body({ opUser: DEMO_USERS.approvedCn }),
    })
    const row = (await rows()).find((r) => r.id === res.json().data.id)!
    assert.equal(row.user_id, null)
    assert.equal(row.op_user, 'anonymous')
  })

  it("logged in: the token's user is recorded; opUser must be that user (name or id), else 403 and nothing stored", async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const uid = await userIdOf(ctx(), DEMO_USERS.approvedCn)
    for (const [path, opUser] of [
      ['/api/operationLog/insert', DEMO_USERS.approvedCn],
      ['/api/mkt/operationLog/insert', uid],
    ]) {
      const res = await ctx().app.inject({ method: 'POST', url: path, headers: auth(token), payload: body({ opUser }) })
      assert.equal(res.statusCode, 200, res.body)
      const row = (await rows()).find((r) => r.id === res.json().data.id)!
      assert.equal(row.user_id, uid)
      assert.equal(row.op_user, DEMO_USERS.approvedCn)
    }
    const before = (await rows()).length
    for (const opUser of [DEMO_USERS.approvedIn, 'anonymous']) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/operationLog/insert',
        headers: auth(token),
        payload: body({ opUser }),
      })
      assert.equal(res.statusCode, 403)
      assert.equal(res.json().code, 'FORBIDDEN')
    }
    assert.equal((await rows()).length, before)
  })

  it('spec §7 "opReqUrl (trimmed to 100 characters)": 100 characters (counted as characters, like the app) are stored; 101 are a 400 naming opReqUrl', async () => {
    const hundred = '/search?q=' + '抗'.repeat(90)
    assert.equal(Array.from(hundred).length, 100)
    const ok = await ctx().app.inject({
      method: 'POST',
      url: '/api/mkt/operationLog/insert',
      payload: body({ opReqUrl: hundred }),
    })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal((await rows()).find((r) => r.id === ok.json().data.id)!.op_req_url, hundred)
    const emoji = '/x?' + '😀'.repeat(97) // 100 characters, 197 UTF-16 units
    assert.equal(
      (await ctx().app.inject({ method: 'POST', url: '/api/operationLog/insert', payload: body({ opReqUrl: emoji }) }))
        .statusCode,
      200,
    )
    const before = (await rows()).length
    const long = await ctx().app.inject({
      method: 'POST',
      url: '/api/operationLog/insert',
      payload: body({ opReqUrl: 'x'.repeat(101) }),
    })
    assert.equal(long.statusCode, 400)
    assert.match(long.json().message, /opReqUrl/)
    assert.equal((await rows()).length, before)
  })

  it('bad input is a 400 naming the field', async () => {
    await assertRefusedNamingField(
      [
        [{ opTarget: 'order' }, 'opTarget'],
        [{ opContent: 'click_buy' }, 'opContent'],
        [{ opTargetId: 'x'.repeat(65) }, 'opTargetId'],
        [{ opSource: undefined }, 'opSource'],
        [{ extra: true }, 'extra'],
      ] as [Record<string, unknown>, string][],
      (over) => ctx().app.inject({ method: 'POST', url: '/api/operationLog/insert', payload: body(over) }),
    )
    const { n } = await ctx()
      .db.selectFrom('operation_logs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('op_content', '!=', 'click_request_quote')
      .executeTakeFirstOrThrow()
    assert.equal(n, 0)
  })
})
