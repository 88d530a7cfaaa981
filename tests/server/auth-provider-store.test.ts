import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { execFileSync } from 'node:child_process'
import type { AdapterPayload } from 'oidc-provider'
import { DB_KINDS, openTestDb, closeTestDb, describeEachDb, auth, TEST_JWT_SECRET } from './helpers'
import { startLoginServer, freePort, Browser, formActions, type LoginServer } from './auth-helpers'
import { createDbStore } from '../../server/domains/auth/provider/db-store'
import { signingKey } from '../../server/domains/auth/provider'
import { DEMO_PASSWORD } from '../../server/db/seed/auth'
import type { DbHandle } from '../../server/db'

/**
 * Issue 14: "Today the server keeps login state in process memory: the embedded OpenID provider's
 * store … With two instances behind a load balancer, a login that starts on one and returns on the
 * other fails." The provider's store is the oidc_store table now (server/domains/auth/provider/db-store.ts):
 * its Adapter contract (oidc-provider v9), and a login through the sign-in page that starts on one
 * instance and finishes on another, on PGlite and PostgreSQL.
 */

describeEachDb('embedded provider store (oidc_store): the oidc-provider Adapter contract', (ctx) => {
  const store = () => createDbStore(ctx().db)
  const expire = (model: string, id: string) =>
    ctx()
      .db.updateTable('oidc_store')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('model', '=', model)
      .where('id', '=', id)
      .execute()

  it('upsert then find returns the payload as given; a second upsert replaces it; another model with the same id is another entry', async () => {
    const s = store()
    const p: AdapterPayload = {
      jti: 'c1',
      kind: 'AuthorizationCode',
      grantId: 'g-find',
      accountId: 'u1',
      scope: 'openid email',
      exp: 1,
    }
    await s.adapter('AuthorizationCode').upsert('c1', p, 60)
    assert.deepEqual(await s.adapter('AuthorizationCode').find('c1'), p)
    assert.equal(await s.adapter('AccessToken').find('c1'), undefined)
    assert.equal(await s.adapter('AuthorizationCode').find('nope'), undefined)
    await s.adapter('AuthorizationCode').upsert('c1', { ...p, scope: 'openid' }, 60)
    assert.equal((await s.adapter('AuthorizationCode').find('c1'))?.scope, 'openid')
    const rows = await ctx()
      .db.selectFrom('oidc_store')
      .select(['grant_id', 'expires_at'])
      .where('id', '=', 'c1')
      .execute()
    assert.equal(rows.length, 1)
    assert.equal(rows[0].grant_id, 'g-find')
    const ttl = rows[0].expires_at!.getTime() - Date.now()
    assert.ok(ttl > 50_000 && ttl <= 60_000, `expires in ${ttl} ms`)
  })

  it('an entry without expiresIn never expires; an expired one is not found by find, findByUid or findByUserCode', async () => {
    const s = store()
    await s.adapter('Client').upsert('forever', { client_id: 'forever' }, undefined as unknown as number)
    assert.deepEqual(await s.adapter('Client').find('forever'), { client_id: 'forever' })
    const row = await ctx()
      .db.selectFrom('oidc_store')
      .select('expires_at')
      .where('id', '=', 'forever')
      .executeTakeFirstOrThrow()
    assert.equal(row.expires_at, null)

    await s.adapter('Session').upsert('s-exp', { uid: 'uid-exp', kind: 'Session' }, 60)
    await s.adapter('DeviceCode').upsert('d-exp', { userCode: 'UC-EXP', kind: 'DeviceCode' }, 60)
    assert.ok(await s.adapter('Session').findByUid('uid-exp'))
    assert.ok(await s.adapter('DeviceCode').findByUserCode('UC-EXP'))
    await expire('Session', 's-exp')
    await expire('DeviceCode', 'd-exp')
    assert.equal(await s.adapter('Session').find('s-exp'), undefined)
    assert.equal(await s.adapter('Session').findByUid('uid-exp'), undefined)
    assert.equal(await s.adapter('DeviceCode').find('d-exp'), undefined)
    assert.equal(await s.adapter('DeviceCode').findByUserCode('UC-EXP'), undefined)
  })

  it('findByUid finds a Session by its uid (the session cookie) and findByUserCode a DeviceCode, within their model only', async () => {
    const s = store()
    const sess = { uid: 'uid-1', kind: 'Session', accountId: 'u1', loginTs: 1 }
    await s.adapter('Session').upsert('sess-1', sess, 3600)
    assert.deepEqual(await s.adapter('Session').findByUid('uid-1'), sess)
    assert.equal(await s.adapter('Interaction').findByUid('uid-1'), undefined)
    assert.equal(await s.adapter('Session').findByUid('uid-2'), undefined)
    await s.adapter('DeviceCode').upsert('dc-1', { userCode: 'ABCD-EFGH', kind: 'DeviceCode' }, 600)
    assert.equal((await s.adapter('DeviceCode').findByUserCode('ABCD-EFGH'))?.kind, 'DeviceCode')
    assert.equal(await s.adapter('DeviceCode').findByUserCode('ZZZZ-ZZZZ'), undefined)
  })

  it('consume marks the payload consumed (epoch seconds), keeps the rest, and find still returns it (oidc-provider refuses a consumed code itself)', async () => {
    const s = store()
    const p = { jti: 'code-c', kind: 'AuthorizationCode', grantId: 'g-c', accountId: 'u1' }
    await s.adapter('AuthorizationCode').upsert('code-c', p, 60)
    assert.equal((await s.adapter('AuthorizationCode').find('code-c'))?.consumed, undefined)
    const before = Math.floor(Date.now() / 1000)
    await s.adapter('AuthorizationCode').consume('code-c')
    const got = await s.adapter('AuthorizationCode').find('code-c')
    assert.ok(got)
    assert.equal(typeof got.consumed, 'number')
    assert.ok((got.consumed as number) >= before && (got.consumed as number) <= Math.floor(Date.now() / 1000) + 1)
    assert.deepEqual({ ...got, consumed: undefined }, { ...p, consumed: undefined })
    const row = await ctx()
      .db.selectFrom('oidc_store')
      .select('consumed_at')
      .where('id', '=', 'code-c')
      .executeTakeFirstOrThrow()
    assert.ok(row.consumed_at)
  })

  it('destroy deletes one entry (and its uid lookup); revokeByGrantId deletes every entry of the grant, whatever its model, and no other', async () => {
    const s = store()
    await s.adapter('Session').upsert('sess-d', { uid: 'uid-d', kind: 'Session' }, 60)
    await s.adapter('Session').destroy('sess-d')
    assert.equal(await s.adapter('Session').find('sess-d'), undefined)
    assert.equal(await s.adapter('Session').findByUid('uid-d'), undefined)

    await s.adapter('AuthorizationCode').upsert('r-code', { grantId: 'g-r', kind: 'AuthorizationCode' }, 60)
    await s.adapter('AccessToken').upsert('r-at', { grantId: 'g-r', kind: 'AccessToken' }, 60)
    await s.adapter('AccessToken').upsert('keep-at', { grantId: 'g-other', kind: 'AccessToken' }, 60)
    await s.adapter('AccessToken').revokeByGrantId('g-r')
    assert.equal(await s.adapter('AuthorizationCode').find('r-code'), undefined)
    assert.equal(await s.adapter('AccessToken').find('r-at'), undefined)
    assert.ok(await s.adapter('AccessToken').find('keep-at'))
  })

  it('expired rows are swept in bounded batches (an upsert sweeps at most once a minute per process); live ones stay', async () => {
    const s = store()
    for (let i = 0; i < 3; i++) await s.adapter('Interaction').upsert(`sw-${i}`, { uid: `sw-${i}` }, 60)
    await expire('Interaction', 'sw-0')
    await expire('Interaction', 'sw-1')
    // a fresh store's first upsert sweeps
    await createDbStore(ctx().db).adapter('Interaction').upsert('sw-new', { uid: 'sw-new' }, 60)
    const left = await ctx()
      .db.selectFrom('oidc_store')
      .select('id')
      .where('id', 'like', 'sw-%')
      .orderBy('id')
      .execute()
    assert.deepEqual(
      left.map((r) => r.id),
      ['sw-2', 'sw-new'],
    )
    assert.equal(await s.sweep(), 0)
  })
})

/**
 * A round-robin load balancer in front of the two instances (plain HTTP proxy, the Host header kept):
 * a request with `x-instance: a|b` goes to that instance (the test's browser alternates at every step),
 * the others (the instances' own calls to their issuer: discovery, token exchange, keys) take turns.
 */
async function startBalancer(backends: Record<'a' | 'b', () => number>, port: number) {
  const served: { instance: 'a' | 'b'; method: string; path: string; pinned: boolean }[] = []
  let turn = 0
  const srv = http.createServer((req, res) => {
    const pinned = req.headers['x-instance'] === 'a' || req.headers['x-instance'] === 'b'
    const instance = pinned ? (req.headers['x-instance'] as 'a' | 'b') : turn++ % 2 === 0 ? 'a' : 'b'
    served.push({ instance, method: req.method!, path: req.url!.split('?')[0], pinned })
    const up = http.request(
      { host: '127.0.0.1', port: backends[instance](), method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode!, r.headers)
        r.pipe(res)
      },
    )
    up.on('error', () => {
      res.statusCode = 502
      res.end()
    })
    req.pipe(up)
  })
  await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', resolve))
  return {
    served,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections()
        srv.close(() => resolve())
      }),
  }
}

for (const kind of DB_KINDS) {
  describe(`[${kind}] issue 14: a login that starts on one instance and returns on the other`, () => {
    let handle: DbHandle
    let a: LoginServer, b: LoginServer
    let lb: Awaited<ReturnType<typeof startBalancer>>
    let origin: string
    before(async () => {
      handle = await openTestDb(kind)
      const port = await freePort()
      origin = `http://127.0.0.1:${port}`
      // two instances over one database, both published at the balancer's address
      a = await startLoginServer(handle.db, { publicUrl: origin })
      b = await startLoginServer(handle.db, { publicUrl: origin })
      const portOf = (s: LoginServer) => Number(new URL(s.app.listeningOrigin).port)
      lb = await startBalancer({ a: () => portOf(a), b: () => portOf(b) }, port)
    })
    after(async () => {
      await lb?.close()
      await a?.close()
      await b?.close()
      if (handle) await closeTestDb(handle)
    })

    it('the sign-in journey through the balancer, each step on the other instance than the one before: sign-in page, password, callback, ticket, token', async () => {
      const browser = new Browser(origin)
      let step = 0
      const next = () => (step++ % 2 === 0 ? 'a' : 'b')
      /** Follows redirects, each request on the other instance, until the app's /login-callback or a page. */
      async function follow(url: string, form?: Record<string, string>) {
        let r = await browser.request(url, { form, headers: { 'x-instance': next() } })
        for (let i = 0; i < 15 && r.location; i++) {
          if (r.location.pathname === '/login-callback') return { ...r, appRoute: r.location }
          r = await browser.request(r.location.href, { headers: { 'x-instance': next() } })
        }
        return { ...r, appRoute: null as URL | null }
      }

      const page = await follow('/api/auth/oidc/authorize?returnTo=/my-account/ShipToInfo&lang=en')
      assert.equal(page.res.status, 200, page.text.slice(0, 300))
      assert.match(page.text, /<label for="f-password">Password<\/label>/)
      const done = await follow(formActions(page.text, page.url)[0].href, {
        username: 'approved.cn',
        password: DEMO_PASSWORD,
      })
      assert.equal(
        done.appRoute?.pathname,
        '/login-callback',
        `ended at ${done.url} ${done.res.status} ${done.text.slice(0, 300)}`,
      )

      // the journey really crossed instances at every step: the sign-in page on one, the password post on the other
      const journey = lb.served.filter((s) => s.pinned)
      assert.ok(journey.length >= 5, JSON.stringify(journey))
      for (let i = 1; i < journey.length; i++) assert.notEqual(journey[i].instance, journey[i - 1].instance)
      const pageStep = journey.find((s) => s.method === 'GET' && s.path.startsWith('/oidc/interaction/'))!
      const postStep = journey.find((s) => s.method === 'POST' && s.path.startsWith('/oidc/interaction/'))!
      assert.ok(pageStep && postStep && pageStep.instance !== postStep.instance, JSON.stringify(journey))
      assert.ok(journey.some((s) => s.path === '/api/auth/oidc/callback'))

      // the ticket, on the instance that did not end the journey, and the token on the other
      const ticket = done.appRoute!.searchParams.get('ticket')!
      const last = journey[journey.length - 1].instance
      const [other, same] = last === 'a' ? [b, a] : [a, b]
      const res = await other.app.inject({ method: 'POST', url: '/api/auth/token', payload: { ticket } })
      assert.equal(res.statusCode, 200, res.body)
      const info = await same.app.inject({ url: '/api/users/info', headers: auth(res.json().data.token) })
      assert.equal(info.statusCode, 200)
      assert.equal(info.json().data.userProfile.userName, 'approved.cn')

      // the provider's artefacts of that login are rows of the shared table
      const models = await handle.db.selectFrom('oidc_store').select('model').distinct().execute()
      for (const m of ['Session', 'Grant', 'AuthorizationCode'])
        assert.ok(
          models.some((r) => r.model === m),
          `${m} in ${JSON.stringify(models)}`,
        )
      // the code was exchanged (by whichever instance took the token request) and is marked consumed for both
      const codes = await handle.db
        .selectFrom('oidc_store')
        .select(['payload', 'consumed_at'])
        .where('model', '=', 'AuthorizationCode')
        .execute()
      assert.ok(codes.length >= 1 && codes.every((c) => c.consumed_at && typeof c.payload.consumed === 'number'))
    })

    it('both instances publish the same signing key, the one another process derives from the same secret (an id token signed by one verifies with the keys of the other)', async () => {
      const jwks = async (s: LoginServer) =>
        (await fetch(`${s.app.listeningOrigin}/oidc/jwks`)).json() as Promise<{ keys: Record<string, string>[] }>
      const [ka, kb] = [await jwks(a), await jwks(b)]
      assert.equal(ka.keys.length, 1)
      assert.deepEqual(ka, kb)
      // a separate process (another instance's) derives the same public key from the same secret
      const script = `const m = await import('./server/domains/auth/provider/index.ts'); const k = (m.signingKey ?? m.default.signingKey)(process.env.SECRET); console.log(JSON.stringify({ kid: k.kid, x: k.x, y: k.y }))`
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, SECRET: TEST_JWT_SECRET },
        encoding: 'utf8',
      })
      const other = JSON.parse(out.trim().split('\n').pop()!)
      assert.deepEqual({ kid: ka.keys[0].kid, x: ka.keys[0].x, y: ka.keys[0].y }, other)
      assert.equal(ka.keys[0].d, undefined, 'the private part is never published')
      // another secret, another key
      assert.notEqual(signingKey(`${TEST_JWT_SECRET}-other`).x, other.x)
    })
  })
}
