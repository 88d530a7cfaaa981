import { it } from 'node:test'
import assert from 'node:assert/strict'
import { DEMO_USERS } from '../../server/db/seed'
import { describeEachDb, tokenFor, auth, type TestContext } from './helpers'

/**
 * The authorization matrix (issue 4, "Security"): every account-scoped route, called by user A with
 * user B's identifiers, is refused (403 / 404) with 0 reads and 0 changes. B is approved.cn (the
 * richest account); A is each of approved.in (another country) and distributor.cn (same country).
 * The database is read directly before and after; every response body is searched for B's data.
 */

/** Every table an account route reads or writes. */
const TABLES = [
  'ship_tos',
  'bill_tos',
  'credit_records',
  'supply_centers',
  'supply_center_requests',
  'notifications',
  'user_personas',
  'wishlist_items',
  'onboarding_requests',
  'invoices',
  'ar_lines',
  'bill_to_settings',
  'users',
] as const

async function snapshot(ctx: TestContext): Promise<Map<string, string>> {
  const rows = new Map<string, string>()
  for (const t of TABLES) {
    const all = (await ctx.db.selectFrom(t).selectAll().execute()) as Record<string, unknown>[]
    for (const r of all) {
      const key = `${t}:${JSON.stringify(r.id ?? r.bill_to_number ?? [r.user_id, r.kind, r.code])}`
      rows.set(key, JSON.stringify(r))
    }
  }
  return rows
}
/** rows added, removed or changed between two snapshots */
function changedRows(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()])
  return [...keys].filter((k) => a.get(k) !== b.get(k))
}

const validAddress = {
  isoCountryCode: 'CN',
  contactName: '攻击者',
  contactPhone: '13800000000',
  companyOrInstitution: 'X',
  stateOrProvince: '上海市',
  city: '上海市',
  streetAddress: '某路 1 号',
  zipCode: '200000',
}

describeEachDb("authorization matrix: another user cannot read or change approved.cn's account data", (ctx) => {
  /** B's data that must never appear in A's responses */
  async function secretsOfB() {
    const db = ctx().db
    const b = await db
      .selectFrom('users')
      .selectAll()
      .where('user_name', '=', DEMO_USERS.approvedCn)
      .executeTakeFirstOrThrow()
    const shipTos = await db.selectFrom('ship_tos').selectAll().where('account_id', '=', b.account_id).execute()
    const billTos = await db
      .selectFrom('bill_tos')
      .selectAll()
      .where(
        'ship_to_id',
        'in',
        shipTos.map((s) => s.id),
      )
      .execute()
    const invoices = await db
      .selectFrom('invoices')
      .select(['invoice_number', 'tax_number'])
      .where('bill_to_number', 'in', ['2000001', '2000002', '2000003'])
      .execute()
    const notes = await db
      .selectFrom('notifications')
      .select(['id', 'body_en', 'body_zh'])
      .where('user_id', '=', b.id)
      .execute()
    // texts every user receives (maintenance notices) are not B's data
    const shared = new Set(
      (
        await db.selectFrom('notifications').select(['body_en', 'body_zh']).where('user_id', '!=', b.id).execute()
      ).flatMap((n) => [n.body_en, n.body_zh]),
    )
    const strings = [
      ...shipTos.flatMap((s) => [s.street_address, s.attention_to, s.web_reference]),
      ...billTos.flatMap((x) => [x.street_address, x.attention_to]),
      ...invoices.flatMap((i) => [i.invoice_number, i.tax_number]),
      ...notes.flatMap((n) => [n.id, n.body_en, n.body_zh].filter((x) => !shared.has(x))),
      b.email,
      b.cdc_uid,
      'SC-SH-001',
    ].filter((s): s is string => !!s && s.length >= 6)
    return { b, shipTos, strings: [...new Set(strings)] }
  }

  for (const attacker of [DEMO_USERS.approvedIn, DEMO_USERS.distributorCn]) {
    it(`${attacker} → every account-scoped route with approved.cn's identifiers: 403/404, 0 reads, 0 changes`, async () => {
      const { b, strings } = await secretsOfB()
      const a = await ctx()
        .db.selectFrom('users')
        .selectAll()
        .where('user_name', '=', attacker)
        .executeTakeFirstOrThrow()
      const aShipTo = await ctx()
        .db.selectFrom('ship_tos')
        .selectAll()
        .where('account_id', '=', a.account_id)
        .where('address_status', '=', 'ACTIVE')
        .executeTakeFirstOrThrow()
      const aBillTo = await ctx()
        .db.selectFrom('bill_tos')
        .select('account_number')
        .where('ship_to_id', '=', aShipTo.id)
        .executeTakeFirstOrThrow()
      const token = await tokenFor(ctx(), attacker)
      const product = await ctx()
        .db.selectFrom('products')
        .select('catalog_number')
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const bWish = await ctx()
        .db.selectFrom('wishlist_items')
        .select('content_id')
        .where('user_id', '=', b.id)
        .executeTakeFirst()

      type Call = {
        name: string
        method?: 'GET' | 'POST'
        url: string
        payload?: unknown
        headers?: Record<string, string>
        expect: number[]
      }
      /** a call with A's token that names B in its userid header: refused (403) */
      const withBsUserid = (what: string, url: string, post?: { payload: unknown }): Call => ({
        name: `${what} with B's userid header`,
        ...(post && { method: 'POST' as const, payload: post.payload }),
        url,
        headers: { userid: b.id },
        expect: [403],
      })
      const calls: Call[] = [
        // addresses
        {
          name: "changeDefault with B's address key",
          method: 'POST',
          url: '/api/address/changeDefault',
          payload: { addresskey: 'ST-1000002-01', userid: a.id, username: a.user_name },
          expect: [404],
        },
        {
          name: "changeDefault with B's PENDING key",
          method: 'POST',
          url: '/api/address/changeDefault',
          payload: { addresskey: 'ST-PENDING-000123', userid: a.id, username: a.user_name },
          expect: [404],
        },
        {
          name: "changeDefault with A's key but B's userid",
          method: 'POST',
          url: '/api/address/changeDefault',
          payload: { addresskey: aShipTo.address_key, userid: b.id, username: a.user_name },
          expect: [403],
        },
        {
          name: "changeDefault with A's key but B's username",
          method: 'POST',
          url: '/api/address/changeDefault',
          payload: { addresskey: aShipTo.address_key, userid: a.id, username: b.user_name },
          expect: [403],
        },
        { name: 'address detail of B', url: '/api/address/detail?addressKey=ST-1000001-01', expect: [404] },
        {
          name: 'address update of B',
          method: 'POST',
          url: '/api/address/update',
          payload: { ...validAddress, addressKey: 'ST-1000001-01' },
          expect: [404],
        },
        withBsUserid('address add', '/api/address/add', { payload: validAddress }),
        // credit
        {
          name: "creditlimit B's bill-to",
          method: 'POST',
          url: '/api/creditlimit/list',
          payload: ['2000002'],
          expect: [403],
        },
        {
          name: "creditlimit own + B's bill-to",
          method: 'POST',
          url: '/api/creditlimit/list',
          payload: [aBillTo.account_number, '2000001'],
          expect: [403],
        },
        // invoices and AR
        { name: 'invoice list of B', url: '/api/invoice/list?billToAccountNumber=2000001', expect: [403] },
        {
          name: 'invoice list of B (overdue filter)',
          url: '/api/invoice/list?billToAccountNumber=2000002&status=overdue',
          expect: [403],
        },
        { name: 'AR statement of B', url: '/api/ar/statement?billToAccountNumber=2000002', expect: [403] },
        {
          name: 'AR statement of B (period)',
          url: '/api/ar/statement?billToAccountNumber=2000003&period=2026-01',
          expect: [403],
        },
        // supply centre
        { name: "getSupplyCenter with B's stNumber", url: '/api/sc/getSupplyCenter?stNumber=1000001', expect: [403] },
        {
          name: "getSupplyCenter with B's loginName",
          url: `/api/sc/getSupplyCenter?loginName=${b.user_name}`,
          expect: [403],
        },
        {
          name: "sc apply for B's ship-to",
          method: 'POST',
          url: '/api/sc/apply',
          payload: { shipToNum: '1000002', supplyCenterId: 'SC-BJ-002', reason: 'x', agreeTerms: true },
          expect: [403],
        },
        withBsUserid('sc requests', '/api/sc/requests'),
        // notifications
        withBsUserid('notification list', '/api/notification/list'),
        withBsUserid('notification unread', '/api/notification/unread', { payload: { readNotification: [] } }),
        // persona and onboarding
        withBsUserid('persona save', '/api/persona', {
          payload: { roles: ['student'], industries: [], interestAreas: [] },
        }),
        withBsUserid('onboarding status', '/api/onboarding/status'),
        // wishlist (existing routes)
        { name: 'getWishList of B', url: `/api/wishlist/getWishList?countryCode=cn&userId=${b.id}`, expect: [403] },
        {
          name: 'saveWishList as B',
          method: 'POST',
          url: '/api/wishlist/saveWishList',
          payload: {
            contentId: product.catalog_number,
            contentType: 'Products',
            countryCode: 'cn',
            userId: b.id,
            wishlistType: 'product',
          },
          expect: [403],
        },
        {
          name: 'deleteWishList of B',
          method: 'POST',
          url: `/api/wishlist/deleteWishList?contentId=${encodeURIComponent(bWish?.content_id ?? product.catalog_number)}&countryCode=cn&userId=${b.id}`,
          payload: {},
          expect: [403],
        },
      ]

      const before = await snapshot(ctx())
      let reads = 0
      for (const c of calls) {
        const res = await ctx().app.inject({
          method: c.method ?? 'GET',
          url: c.url,
          payload: c.payload as object,
          headers: auth(token, c.headers ?? {}),
        })
        assert.ok(
          c.expect.includes(res.statusCode),
          `${c.name}: expected ${c.expect}, got ${res.statusCode} ${res.body}`,
        )
        const body = res.json()
        assert.equal(body.success, false, c.name)
        assert.equal(body.data, undefined, `${c.name} returned data`)
        const leaked = strings.filter((s) => res.body.includes(s))
        if (leaked.length || body.success !== false) reads++
        assert.deepEqual(leaked, [], `${c.name} leaked B's data`)
      }
      const changes = changedRows(before, await snapshot(ctx()))
      console.log(`[${ctx().kind}] ${attacker}: ${calls.length} calls, ${reads} reads, ${changes.length} changes`)
      assert.equal(reads, 0)
      assert.deepEqual(changes, [], 'no row of any account table changed')
    })
  }

  it('own calls see only own data: notifications, unread count, persona save, credit, supply centre', async () => {
    const { b, strings } = await secretsOfB()
    const a = await ctx()
      .db.selectFrom('users')
      .selectAll()
      .where('user_name', '=', DEMO_USERS.approvedIn)
      .executeTakeFirstOrThrow()
    const token = await tokenFor(ctx(), a.user_name)
    const bRowsBefore = await ctx()
      .db.selectFrom('user_personas')
      .selectAll()
      .where('user_id', '=', b.id)
      .orderBy('kind')
      .orderBy('code')
      .execute()
    const aOriginal = await ctx().db.selectFrom('user_personas').selectAll().where('user_id', '=', a.id).execute()
    const own = await ctx().db.selectFrom('notifications').select('id').where('user_id', '=', a.id).execute()
    const responses = [
      await ctx().app.inject({ url: '/api/notification/list?pageSize=50', headers: auth(token) }),
      await ctx().app.inject({
        method: 'POST',
        url: '/api/notification/unread',
        headers: auth(token),
        payload: { readNotification: [] },
      }),
      await ctx().app.inject({
        method: 'POST',
        url: '/api/persona',
        headers: auth(token),
        payload: { roles: ['student'], industries: ['academic'], interestAreas: ['cell-biology'] },
      }),
      await ctx().app.inject({
        method: 'POST',
        url: '/api/creditlimit/list',
        headers: auth(token),
        payload: ['6000001'],
      }),
      await ctx().app.inject({ url: '/api/sc/getSupplyCenter', headers: auth(token) }),
      await ctx().app.inject({ url: '/api/sc/requests', headers: auth(token) }),
      await ctx().app.inject({ url: '/api/onboarding/status', headers: auth(token) }),
    ]
    for (const r of responses) {
      assert.equal(r.statusCode, 200, r.body)
      assert.deepEqual(
        strings.filter((s) => r.body.includes(s)),
        [],
        r.body.slice(0, 200),
      )
    }
    assert.deepEqual(
      responses[0]
        .json()
        .data.list.map((n: { id: string }) => n.id)
        .sort(),
      own.map((n) => n.id).sort(),
      "B cannot be seen in A's list",
    )
    assert.equal(responses[1].json().data.unreadCount, own.length, 'unread counts only own notifications')
    assert.deepEqual(
      responses[3].json().data.map((c: { billTo: string }) => c.billTo),
      ['6000001'],
    )
    assert.deepEqual(responses[4].json().data, [])
    assert.deepEqual(
      await ctx()
        .db.selectFrom('user_personas')
        .selectAll()
        .where('user_id', '=', b.id)
        .orderBy('kind')
        .orderBy('code')
        .execute(),
      bRowsBefore,
      "B's persona unchanged",
    )
    await ctx().db.deleteFrom('user_personas').where('user_id', '=', a.id).execute()
    await ctx().db.insertInto('user_personas').values(aOriginal).execute()
  })

  it('every account route refuses a missing token (401) and a tampered one', async () => {
    // valid requests (the token is checked before the handler; a bad body would be refused earlier with 400)
    const routes: [string, string, unknown?][] = [
      [
        'POST',
        '/api/address/changeDefault',
        { addresskey: 'ST-1000001-01', userid: 'U-7f3a9c21', username: 'approved.cn' },
      ],
      ['GET', '/api/address/getPhoneDictionary'],
      ['GET', '/api/address/detail?addressKey=ST-1000001-01'],
      ['POST', '/api/address/add', validAddress],
      ['POST', '/api/address/update', { ...validAddress, addressKey: 'ST-1000001-01' }],
      ['POST', '/api/creditlimit/list', ['2000001']],
      ['GET', '/api/invoice/list?billToAccountNumber=2000001'],
      ['GET', '/api/ar/statement?billToAccountNumber=2000001'],
      ['GET', '/api/sc/getSupplyCenter'],
      ['GET', '/api/sc/options'],
      ['POST', '/api/sc/apply', { shipToNum: '1000002', supplyCenterId: 'SC-BJ-002', reason: 'x', agreeTerms: true }],
      ['GET', '/api/sc/requests'],
      ['GET', '/api/notification/list'],
      ['POST', '/api/notification/unread', { readNotification: [] }],
      ['GET', '/api/persona/options'],
      ['POST', '/api/persona', { roles: [], industries: [], interestAreas: [] }],
      ['GET', '/api/onboarding/status'],
      ['POST', '/api/onboarding/link-account', { accountNumber: '1000001', companyOrInstitution: 'X', zipCode: '1' }],
    ]
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA')
    const before = await snapshot(ctx())
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, auth(tampered)]) {
        const res = await ctx().app.inject({ method: method as 'GET', url, headers, payload: payload as object })
        assert.equal(res.statusCode, 401, `${method} ${url}: ${res.body}`)
        assert.equal(res.json().code, 'TOKEN_INVALID')
      }
    }
    assert.deepEqual(changedRows(before, await snapshot(ctx())), [])
  })
})
