import { buildApp } from './server/app'
import { newPgliteDb, TEST_JWT_SECRET } from './tests/server/helpers'
void (async () => {
const h = await newPgliteDb()
const app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
await app.ready()
const r = await app.inject('/api/openapi.json')
const doc = r.json()
console.log(r.statusCode, Object.keys(doc.paths).length)
console.log(JSON.stringify(doc.paths['/api/product/price'], null, 1).slice(0, 3000))
const d = await app.inject('/api/docs'); console.log(d.statusCode, d.headers['content-security-policy'], d.body.slice(0, 300))
await app.close(); await h.close()
})()
