import { describe, before, after } from 'node:test'
import { DB_KINDS, openTestDb, closeTestDb } from './helpers'
import { startLoginServer, type LoginEnv } from './auth-helpers'
import { oidcTests } from './auth-oidc'
import { wechatTests } from './auth-wechat'

/** Login end to end over real HTTP (issue 4), on PGlite and PostgreSQL: one seeded database and server per kind. */
for (const kind of DB_KINDS) {
  describe(`[${kind}] login`, () => {
    let env: LoginEnv | undefined
    before(async () => {
      const handle = await openTestDb(kind)
      env = { handle, srv: await startLoginServer(handle.db) }
    })
    after(async () => {
      await env?.srv.close()
      if (env) await closeTestDb(env.handle)
    })
    describe('login through the embedded OpenID provider (authorization code + PKCE)', () =>
      oidcTests(kind, () => env!))
    describe('WeChat login through the local stand-in', () => wechatTests(kind, () => env!))
  })
}
