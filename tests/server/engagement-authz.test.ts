import { it } from 'node:test'
import assert from 'node:assert/strict'
import { DEMO_USERS } from '../../server/db/seed'
import { describeEachDb, tokenFor, auth } from './helpers'

/**
 * Security rule: every account-scoped call works on the token's user. A userId sent by the client (query,
 * body, or the spec's `userid` header) that is not the token's user is refused with 403 FORBIDDEN, and
 * nothing of the other user's data is read or changed.
 */
describeEachDb("authorization: approved.in cannot read or change approved.cn's wishlist or history", (ctx) => {
  async function ids() {
    const row = (name: string) =>
      ctx().db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()
    return { cn: (await row(DEMO_USERS.approvedCn)).id, ind: (await row(DEMO_USERS.approvedIn)).id }
  }
  /** everything approved.cn has, to compare before and after */
  async function snapshot(userId: string) {
    const wish = await ctx()
      .db.selectFrom('wishlist_items')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
    const hist = await ctx()
      .db.selectFrom('history_visits')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('kind')
      .orderBy('item_id')
      .execute()
    return JSON.stringify({ wish, hist })
  }

  it('every wishlist and history route, with approved.cn as userId in the query, the body or the userid header → 403, nothing read or changed', async () => {
    const { cn, ind } = await ids()
    const token = await tokenFor(ctx(), DEMO_USERS.approvedIn)
    const before = await snapshot(cn)
    const cnWish = await ctx()
      .db.selectFrom('wishlist_items')
      .select(['content_id', 'content_type'])
      .where('user_id', '=', cn)
      .execute()
    assert.ok(cnWish.length >= 3, 'approved.cn has a seeded wishlist to protect')
    const target = cnWish[0]
    const product = await ctx()
      .db.selectFrom('products')
      .select('catalog_number')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const attempts: {
      name: string
      method: 'GET' | 'POST'
      url: string
      payload?: object
      headers?: Record<string, string>
    }[] = [
      // userId in the query / body
      { name: 'getWishList ?userId', method: 'GET', url: `/api/wishlist/getWishList?countryCode=cn&userId=${cn}` },
      {
        name: 'saveWishList body.userId',
        method: 'POST',
        url: '/api/wishlist/saveWishList',
        payload: {
          contentId: product.catalog_number,
          contentType: 'Products',
          countryCode: 'cn',
          userId: cn,
          wishlistType: 'product',
        },
      },
      {
        name: 'deleteWishList ?userId',
        method: 'POST',
        url: `/api/wishlist/deleteWishList?contentId=${encodeURIComponent(target.content_id)}&countryCode=cn&userId=${cn}`,
        payload: {},
      },
      { name: 'history/list ?userId', method: 'GET', url: `/api/history/list?kind=product&userId=${cn}` },
      {
        name: 'history/record body.userId',
        method: 'POST',
        url: '/api/history/record',
        payload: { kind: 'product', id: product.catalog_number, userId: cn },
      },
      {
        name: 'history/merge body.userId',
        method: 'POST',
        url: '/api/history/merge',
        payload: {
          userId: cn,
          visits: [{ kind: 'product', id: product.catalog_number, viewedAt: '2026-01-01T00:00:00Z' }],
        },
      },
      // own userId in the call but approved.cn in the userid header
      {
        name: 'getWishList header',
        method: 'GET',
        url: `/api/wishlist/getWishList?countryCode=cn&userId=${ind}`,
        headers: { userid: cn },
      },
      {
        name: 'saveWishList header',
        method: 'POST',
        url: '/api/wishlist/saveWishList',
        headers: { userid: cn },
        payload: {
          contentId: product.catalog_number,
          contentType: 'Products',
          countryCode: 'cn',
          userId: ind,
          wishlistType: 'product',
        },
      },
      {
        name: 'deleteWishList header',
        method: 'POST',
        url: `/api/wishlist/deleteWishList?contentId=${encodeURIComponent(target.content_id)}&countryCode=cn&userId=${ind}`,
        headers: { userid: cn },
        payload: {},
      },
      { name: 'history/list header', method: 'GET', url: '/api/history/list?kind=content', headers: { userid: cn } },
      {
        name: 'history/record header',
        method: 'POST',
        url: '/api/history/record',
        headers: { userid: cn },
        payload: { kind: 'product', id: product.catalog_number },
      },
      {
        name: 'history/merge header',
        method: 'POST',
        url: '/api/history/merge',
        headers: { userid: cn },
        payload: { visits: [] },
      },
      {
        name: 'operationLog opUser',
        method: 'POST',
        url: '/api/operationLog/insert',
        payload: {
          opUser: DEMO_USERS.approvedCn,
          opSource: 'h5',
          opTarget: 'product',
          opTargetId: product.catalog_number,
          opContent: 'click_request_quote',
          opReqUrl: '/x',
        },
      },
    ]
    const ownBefore = await snapshot(ind)
    for (const a of attempts) {
      const res = await ctx().app.inject({
        method: a.method,
        url: a.url,
        payload: a.payload,
        headers: auth(token, a.headers ?? {}),
      })
      assert.equal(res.statusCode, 403, `${a.name}: ${res.body}`)
      const body = res.json()
      assert.equal(body.success, false)
      assert.equal(body.code, 'FORBIDDEN')
      assert.equal(body.data, undefined, `${a.name} returned data`)
      for (const w of cnWish) assert.ok(!res.body.includes(w.content_id), `${a.name} leaked ${w.content_id}`)
    }
    assert.equal(await snapshot(cn), before, "approved.cn's rows are unchanged")
    assert.equal(await snapshot(ind), ownBefore, 'refused calls change nothing for the caller either')
  })

  it("approved.in's own calls work and only ever see approved.in's rows", async () => {
    const { cn, ind } = await ids()
    const token = await tokenFor(ctx(), DEMO_USERS.approvedIn)
    const cnWish = (
      await ctx().db.selectFrom('wishlist_items').select('content_id').where('user_id', '=', cn).execute()
    ).map((r) => r.content_id)
    const cnHist = (
      await ctx().db.selectFrom('history_visits').select('item_id').where('user_id', '=', cn).execute()
    ).map((r) => r.item_id)
    const inWish = (
      await ctx().db.selectFrom('wishlist_items').select('content_id').where('user_id', '=', ind).execute()
    ).map((r) => r.content_id)
    for (const cc of ['cn', 'in']) {
      const res = await ctx().app.inject({
        url: `/api/wishlist/getWishList?countryCode=${cc}&userId=${ind}`,
        headers: auth(token, { userid: ind }),
      })
      assert.equal(res.statusCode, 200)
      for (const w of res.json().data.wishList)
        assert.ok(inWish.includes(w.contentId) && !cnWish.filter((x) => !inWish.includes(x)).includes(w.contentId))
    }
    for (const kind of ['product', 'content']) {
      const res = await ctx().app.inject({
        url: `/api/history/list?kind=${kind}&userId=${ind}&pageSize=50`,
        headers: auth(token),
      })
      assert.equal(res.statusCode, 200)
      const ownHist = (
        await ctx()
          .db.selectFrom('history_visits')
          .select('item_id')
          .where('user_id', '=', ind)
          .where('kind', '=', kind as 'product')
          .execute()
      ).map((r) => r.item_id)
      const got = res.json().data.items.map((i: { id: string }) => i.id)
      assert.deepEqual([...got].sort(), [...ownHist].sort())
      assert.ok(got.every((id: string) => !cnHist.includes(id) || ownHist.includes(id)))
    }
    // deleting with approved.cn's contentId in approved.in's own name touches approved.in's rows only
    const before = await snapshot(cn)
    const target = cnWish[0]
    const del = await ctx().app.inject({
      method: 'POST',
      url: `/api/wishlist/deleteWishList?contentId=${encodeURIComponent(target)}&countryCode=cn&userId=${ind}`,
      headers: auth(token),
      payload: {},
    })
    assert.equal(del.statusCode, 200)
    assert.equal(del.json().data.deleted, 0)
    assert.equal(await snapshot(cn), before)
  })
})
