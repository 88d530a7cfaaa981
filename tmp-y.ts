import fc from 'fast-check'
import { requestFor } from './tests/server/fuzz-requests'
import { buildApp } from './server/app'
import { newPgliteDb, TEST_JWT_SECRET } from './tests/server/helpers'
void (async () => {
const h = await newPgliteDb()
const app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
await app.ready()
const doc = (await app.inject('/api/openapi.json')).json()
const op = { ...doc.paths['/api/product/price'].post, method: 'POST', path: '/api/product/price' }
const reqs = fc.sample(requestFor(op, { real: ['AB-123', '2000001'] }, { users: ['t'], expired: 'e' }), { seed: 1, numRuns: 30 })
for (const r of reqs) console.log(r.payload?.slice(0, 160))
await app.close(); await h.close()
})()
