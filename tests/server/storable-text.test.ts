import { it } from 'node:test'
import assert from 'node:assert/strict'
import { DEMO_USERS } from '../../server/db/seed'
import { findUnstorableText, truncateText } from '../../server/lib/storable-text'
import { describeEachDb, tokenFor, auth, newPgliteDb, assertErrorAnswer } from './helpers'
import { startLoginServer, Browser, formActions } from './auth-helpers'

/**
 * Issue 8: a NUL character or an unpaired surrogate in a request used to reach the database and come back
 * as 500 INTERNAL_ERROR. Now every string of a request is checked at the edge: 400 VALIDATION_ERROR naming
 * the field, in the request's language; nothing is stored.
 */
describeEachDb('text the database cannot store is refused at the edge', (ctx) => {
  const cases: { url: string; payload: object; field: string }[] = [
    { url: '/api/users/errorTracking', payload: { error: 'boom\u0000' }, field: 'body/error' },
    { url: '/api/users/errorTracking', payload: { error: 'half a pair \ud800' }, field: 'body/error' },
    {
      url: '/api/users/errorTracking',
      payload: { response: { data: [{ msg: 'x\udc00' }] } },
      field: 'body/response/data/0/msg',
    },
    {
      url: '/api/product/price',
      payload: { items: [{ catalogNumber: 'AB\u0000C', quantity: 1 }] },
      field: 'body/items/0/catalogNumber',
    },
    { url: '/api/product/price', payload: { catalogNumbers: ['ok', 'A\u0000'] }, field: 'body/catalogNumbers/1' },
    {
      url: '/api/product/availability',
      payload: { items: [{ catalogNumber: '\u0000', quantity: 1 }] },
      field: 'body/items/0/catalogNumber',
    },
    {
      url: '/api/availability',
      payload: { items: [{ catalogNumber: 'A\u0000', quantity: 2 }] },
      field: 'body/items/0/catalogNumber',
    },
    {
      url: '/api/notification/unread',
      payload: { readNotification: ['N-1', 'N\u0000'] },
      field: 'body/readNotification/1',
    },
  ]

  for (const c of cases) {
    it(`POST ${c.url} ${JSON.stringify(c.payload)} → 400 naming ${c.field}, in English and in Chinese`, async () => {
      const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
      const before = await ctx()
        .db.selectFrom('error_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const en = await ctx().app.inject({
        method: 'POST',
        url: c.url,
        payload: c.payload,
        headers: auth(token, { languagecode: 'en' }),
      })
      assertErrorAnswer(
        en,
        400,
        'VALIDATION_ERROR',
        `${c.field} contains a character that is not allowed (a NUL character or an unpaired surrogate)`,
      )
      const zh = await ctx().app.inject({
        method: 'POST',
        url: c.url,
        payload: c.payload,
        headers: auth(token, { languagecode: 'zh' }),
      })
      assert.equal(zh.statusCode, 400)
      assert.equal(zh.json().message, `${c.field} 含有不允许的字符（NUL 字符或不成对的代理项字符）`)
      const after = await ctx()
        .db.selectFrom('error_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      assert.equal(Number(after.n), Number(before.n), 'nothing stored')
    })
  }

  it('query strings, path parameters and JSON-in-a-query are checked too; a bad property name is shown escaped', async () => {
    const h = { languagecode: 'en' }
    const q = await ctx().app.inject({ url: '/api/document/search?q=a%00b', headers: h })
    assert.equal(q.statusCode, 400)
    assert.match(q.json().message, /^querystring\/q contains a character that is not allowed/)
    const p = await ctx().app.inject({ url: '/api/mkt/content/sku/category/AB%00', headers: h })
    assert.equal(p.statusCode, 400)
    assert.match(p.json().message, /^params\/catalogNumber contains/)
    const f = await ctx().app.inject({
      url: `/api/product/selection?filters=${encodeURIComponent('{"Conjugate":"FITC\\u0000"}')}`,
      headers: h,
    })
    assert.equal(f.statusCode, 400)
    assert.match(f.json().message, /^querystring\/filters contains/)
    const k = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      payload: '{"response":{"a\\u0000":1}}',
      headers: { ...h, 'content-type': 'application/json' },
    })
    assert.equal(k.statusCode, 400)
    assert.match(k.json().message, /^body\/response\/a\\u0000 contains/)
  })

  it('valid text is untouched: emoji pairs, Chinese, other control characters are stored as sent', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const error = '抗体 😀 tab\there'
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      payload: { error },
      headers: auth(token),
    })
    assert.equal(res.statusCode, 200, res.body)
    const row = await ctx()
      .db.selectFrom('error_reports')
      .select('error')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow()
    assert.equal(row.error, error)
  })

  it('a long error made of emoji is cut between pairs, never inside one (a cut pair cannot be stored)', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/errorTracking',
      payload: { error: 'x' + '😀'.repeat(2100), response: { m: '😀'.repeat(9000) } },
      headers: auth(token),
    })
    assert.equal(res.statusCode, 200, res.body)
  })

  it('a URL the router cannot decode, or a too-long path parameter, gets the error envelope', async () => {
    const bad = await ctx().app.inject({ url: '/api/mkt/content/details/%ED%A0%80' })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(Object.keys(bad.json()).sort(), ['code', 'message', 'statusCode', 'success'])
    const long = await ctx().app.inject({ url: `/api/document/file/${'1'.repeat(200)}` })
    assert.equal(long.statusCode, 414)
    assert.equal(long.json().success, false)
  })
})

it('findUnstorableText names the first bad string or key; truncateText never splits a pair', () => {
  assert.equal(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] }, 'body'), 'body/a/1/b')
  assert.equal(findUnstorableText({ ['k\ud800']: 1 }, 'body'), 'body/k\\ud800')
  assert.equal(findUnstorableText({ a: '😀', b: ['抗体'] }, 'body'), null)
  assert.equal(findUnstorableText('\udc00😀', 'x'), 'x')
  const deep = JSON.parse('['.repeat(5000) + '"\\u0000"' + ']'.repeat(5000))
  assert.match(findUnstorableText(deep, 'body') ?? '', /^body(\/0)+$/)
  assert.equal(truncateText('ab😀', 3), 'ab')
  assert.equal(truncateText('ab😀', 4), 'ab😀')
  assert.equal(truncateText('abc', 10), 'abc')
})

it('the embedded sign-in form (outside /api) refuses a NUL in the username with a 400, not a 500', async () => {
  const h = await newPgliteDb()
  const srv = await startLoginServer(h.db)
  try {
    const b = new Browser(srv.origin)
    const page = await b.follow('/api/auth/oidc/authorize?lang=en')
    assert.equal(page.res.status, 200)
    const [login] = formActions(page.text, page.url)
    // (a form cannot carry an unpaired surrogate: URL encoding turns it into U+FFFD)
    const r = await b.request(login.href, { form: { username: 'approved\u0000.cn', password: 'x' } })
    assert.equal(r.res.status, 400, r.text.slice(0, 200))
    assert.match(r.text, /body\/username /)
  } finally {
    await srv.close()
    await h.close()
  }
})
