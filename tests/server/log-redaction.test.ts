import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { buildApp } from '../../server/app'
import { isBearerIdParam, isCredentialParam, redactUrl } from '../../server/lib/safe-url'
import { createConfirmation } from '../../server/domains/order/confirmation-links'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { newPgliteDb, TEST_JWT_SECRET } from './helpers'

/** a real app on a fresh database whose request log (level info) goes to `lines`; closed after `fn` */
async function withLoggingApp(fn: (app: FastifyInstance, db: Kysely<DB>, lines: string[]) => Promise<void>) {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk))
      cb()
    },
  })
  const h = await newPgliteDb()
  const app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET, logger: { level: 'info', stream } })
  try {
    await app.ready()
    await fn(app, h.db, lines)
  } finally {
    await app.close()
    await h.close()
  }
}

/** Issue 8: `?access_token=` was written to the request log in full. Every credential-bearing key is redacted. */
it('credential-bearing query keys are redacted, whatever their spelling; ordinary ones are kept', () => {
  for (const k of [
    'access_token',
    'ACCESS_TOKEN',
    'refresh_token',
    'id_token',
    'token',
    'auth_token',
    'accessToken',
    'api_key',
    'apiKey',
    'api-key',
    'key',
    'client_secret',
    'secret',
    'password',
    'passwd',
    'pwd',
    'session_key',
    'sessionid',
    'X-Amz-Signature',
    'X-Amz-Credential',
    'X-Amz-Security-Token',
    'sig',
    'signature',
    'code',
    'state',
    'ticket',
    'jwt',
    'nonce',
    'code_verifier',
    'user[password]',
    'auth',
  ])
    assert.ok(isCredentialParam(k), k)
  for (const k of [
    'page',
    'pageSize',
    'q',
    'catalogNumber',
    'returnTo',
    'openid',
    'mode',
    'lang',
    'countryCode',
    'categoryId',
    'kind',
  ]) {
    assert.ok(!isCredentialParam(k), k)
  }
  assert.equal(redactUrl('/api/health?access_token=eyJ.abc.def&page=2'), '/api/health?access_token=[redacted]&page=2')
  assert.equal(redactUrl('/x?access%5Ftoken=s3cret&api%2Dkey=k'), '/x?access%5Ftoken=[redacted]&api%2Dkey=[redacted]')
  assert.equal(redactUrl('/x?token'), '/x?token')
})

it('the request log of a real app never holds the value of ?access_token=, ?refresh_token= or ?api_key=', async () => {
  await withLoggingApp(async (app, _db, lines) => {
    await app.inject('/api/health?access_token=AT-SECRET-1&refresh_token=RT-SECRET-2&api_key=AK-SECRET-3&page=7')
    const log = lines.join('')
    assert.match(log, /\/api\/health\?access_token=\[redacted\]&refresh_token=\[redacted\]&api_key=\[redacted\]&page=7/)
    assert.doesNotMatch(log, /AT-SECRET-1|RT-SECRET-2|AK-SECRET-3/)
  })
})

/**
 * Issue 22, item 16: bearer identifiers were logged in full. The spec's confirmation link: "no login, the link's
 * token is the key" (types/routes.ts, orderConfirm), so the token alone confirms or cancels an order; a visitor's
 * gcId opens and fills that cart; a lead cart id opens a visitor's quote list. None of them may reach a log line.
 */
it('bearer ids are redacted: the confirmation token (API route and H5 page), gcId and leadCartId', () => {
  for (const k of ['gcId', 'GCID', 'gc_id', 'leadCartId', 'lead_cart_id', 'LEADCARTID'])
    assert.ok(isBearerIdParam(k), k)
  for (const k of ['page', 'orderNumber', 'catalogNumber', 'id']) assert.ok(!isBearerIdParam(k), k)
  assert.equal(redactUrl('/api/order/confirm/tok-123'), '/api/order/confirm/[redacted]')
  assert.equal(redactUrl('/api/order/confirm/tok-123?lang=en'), '/api/order/confirm/[redacted]?lang=en')
  assert.equal(redactUrl('//API/Order//confirm/tok-123'), '//API/Order//confirm/[redacted]')
  assert.equal(redactUrl('/order-confirmation/tok-123'), '/order-confirmation/[redacted]')
  assert.equal(redactUrl('/api/lead/cart/LC-abc'), '/api/lead/cart/[redacted]')
  assert.equal(
    redactUrl('/api/cart/query?country=cn&gcId=GC-1&language=en'),
    '/api/cart/query?country=cn&gcId=[redacted]&language=en',
  )
  assert.equal(redactUrl('/api/order/detail/SO-1?leadCartId=LC-1'), '/api/order/detail/SO-1?leadCartId=[redacted]')
  // ordinary ids stay readable: they need the owner's token anyway
  assert.equal(redactUrl('/api/order/detail/SO-1'), '/api/order/detail/SO-1')
  assert.equal(redactUrl('/api/order/confirm'), '/api/order/confirm')
})

it('the request log of a real app never holds a confirmation token, a gcId or a lead cart id', async () => {
  await withLoggingApp(async (app, db, lines) => {
    const headers = { countrycode: 'cn', languagecode: 'en' }
    const order = await db.selectFrom('orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
    const { token } = await createConfirmation(db, order.id, 'order')
    const product = await db.selectFrom('products').select('catalog_number').limit(1).executeTakeFirstOrThrow()
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/addItems',
      headers,
      payload: { items: [{ catalogNumber: product.catalog_number, quantity: 1 }] },
    })
    const gcId: string = added.json().data.gcId
    const lead = await app.inject({
      method: 'POST',
      url: '/api/save/leadItem',
      headers,
      payload: { catalogNumber: product.catalog_number, itemCount: 1 },
    })
    const leadCartId: string = lead.json().data.leadCartId
    assert.ok(token && gcId && leadCartId, 'the three bearer ids exist')

    assert.equal((await app.inject({ url: `/api/order/confirm/${token}`, headers })).statusCode, 200)
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: `/api/order/confirm/${token}`,
          headers,
          payload: { action: 'confirm' },
        })
      ).statusCode,
      200,
    )
    assert.equal(
      (await app.inject({ url: `/api/cart/query?country=cn&language=en&gcId=${encodeURIComponent(gcId)}`, headers }))
        .statusCode,
      200,
    )
    assert.equal(
      (await app.inject({ url: `/api/lead/cart/${encodeURIComponent(leadCartId)}`, headers })).statusCode,
      200,
    )
    await app.inject({ url: `/order-confirmation/${token}`, headers: { accept: 'text/html' } })

    const log = lines.join('')
    assert.match(
      log,
      /\/api\/order\/confirm\/\[redacted\]/,
      'the confirmation requests are logged, without their token',
    )
    assert.match(log, /gcId=\[redacted\]/)
    assert.match(log, /\/api\/lead\/cart\/\[redacted\]/)
    for (const secret of [token, gcId, leadCartId]) {
      assert.ok(
        !log.includes(secret) && !log.includes(encodeURIComponent(secret)),
        `the log holds ${secret.slice(0, 4)}…`,
      )
    }
  })
})
