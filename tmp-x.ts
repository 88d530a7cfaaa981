import { buildApp } from './server/app'
import { newPgliteDb, TEST_JWT_SECRET, tokenFor } from './tests/server/helpers'
void (async () => {
const h = await newPgliteDb()
const app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
await app.ready()
const t = await tokenFor(h.db, 'approved.cn')
const H = { authorization: `Bearer ${t}` }
for (const [url, payload] of [
  ['/api/product/price', { catalogNumbers: ['a\u0000b'] }],
  ['/api/product/price', { items: [{ catalogNumber: 'a\u0000b', quantity: 1 }] }],
  ['/api/product/availability', { items: [{ catalogNumber: 'a\u0000b', quantity: 1 }] }],
  ['/api/notification/unread', { readNotification: ['a\u0000b'] }],
  ['/api/notification/unread', { readNotification: ['\ud800'] }],
  ['/api/users/errorTracking', { error: '\ud800' }],
  ['/api/users/errorTracking', { error: 'x\u0000' }],
] as const) {
  const r = await app.inject({ method: 'POST', url, payload, headers: H })
  console.log(url, JSON.stringify(payload), r.statusCode, r.body.slice(0, 150))
}
await app.close(); await h.close()
})()
