import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { AuthProviders } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { oidcRoutes } from './oidc-routes'
import { wechatRoutes } from './wechat-routes'
import { tagRoutes } from '../../lib/openapi'
import { authEndpoints } from '../../../types/auth'

/**
 * Login routes under /api (issue 4): OIDC client, login tickets, WeChat login.
 * Their configuration (app.login) is set up by server/domains/auth/mount.ts.
 */
export async function authRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'auth')
  await app.register(oidcRoutes, opts)
  await app.register(wechatRoutes, opts)
  serveEndpoint(app, authEndpoints.providers, null, async () => {
    const { cfg } = app.login
    const data: AuthProviders = {
      oidc: { issuer: cfg.oidc.issuer, embedded: cfg.oidc.embedded },
      wechat: { standIn: cfg.wechat.standIn },
    }
    return ok(data)
  })
}
