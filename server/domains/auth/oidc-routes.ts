import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { LoginTokenResult } from '../../../types'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { signAccessToken } from './tokens'
import { callbackErrorCode, callbackUrl, createOidcClient } from './oidc-client'
import { consumeLoginState, createLoginState, issueTicket, redeemTicket } from './one-time'
import { mapIdentity } from './identity'
import { apiLimit, appRedirect, loginFailure, redirectLimit } from './guards'
import { authEndpoints } from '../../../types/auth'

const CALLBACK_ROUTE = '/login-callback'

/** Username login through the OpenID issuer: authorize → callback → ticket → token (types/auth.ts). */
export async function oidcRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  const { cfg } = app.login
  const client = createOidcClient(cfg.oidc)
  const fail = loginFailure(app, CALLBACK_ROUTE)

  serveEndpoint(
    app,
    authEndpoints.oidcAuthorize,
    redirectLimit(app, 'oidc-authorize', CALLBACK_ROUTE),
    async (req, reply) => {
      const mode = req.query.mode ?? 'login'
      const { verifier, nonce } = client.newSecrets()
      const state = await createLoginState(db, {
        kind: 'oidc',
        mode,
        codeVerifier: verifier,
        nonce,
        returnTo: req.query.returnTo,
      })
      const uiLocales = req.query.lang === 'en' ? 'en' : req.query.lang === 'zh' ? 'zh-CN' : undefined
      let url: string
      try {
        url = await client.authorizationUrl({
          state,
          nonce,
          verifier,
          prompt: mode === 'register' ? 'create' : 'login',
          uiLocales,
        })
      } catch (e) {
        req.log.error({ err: e }, 'OpenID issuer discovery failed')
        return fail(reply, 'exchange')
      }
      reply.header('cache-control', 'no-store')
      return reply.redirect(url, 302)
    },
  )

  serveEndpoint(app, authEndpoints.oidcCallback, null, async (req, reply) => {
    const st = await consumeLoginState(db, req.query.state, 'oidc')
    if (!st || !st.code_verifier || !st.nonce) return fail(reply, 'state')
    try {
      // the library checks the response (iss, state, error), the code exchange and the id token
      const claims = await client.exchange(callbackUrl(cfg.oidc, req.url), {
        state: req.query.state!,
        verifier: st.code_verifier,
        nonce: st.nonce,
      })
      const who = await mapIdentity(db, cfg.oidc, claims, new Date(st.created_at))
      if (!who) return fail(reply, 'exchange')
      const ticket = await issueTicket(db, { userId: who.userId, returnTo: st.return_to, registered: who.registered })
      return appRedirect(app, reply, CALLBACK_ROUTE, { ticket })
    } catch (e) {
      const code = callbackErrorCode(e)
      if (code !== 'access_denied')
        req.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'OpenID callback refused')
      return fail(reply, code)
    }
  })

  serveEndpoint(app, authEndpoints.token, apiLimit(app, 'auth-token'), async (req) => {
    const t = await redeemTicket(db, req.body.ticket)
    if (!t) throw new ApiError(401, 'TOKEN_INVALID', 'Login ticket is invalid, used or expired. Please login again.')
    const user = await db.selectFrom('users').select(['id', 'user_name']).where('id', '=', t.user_id).executeTakeFirst()
    if (!user) throw new ApiError(401, 'TOKEN_INVALID', 'Login ticket user no longer exists')
    const token = await signAccessToken(
      cfg.jwtSecret,
      { userId: user.id, userName: user.user_name },
      cfg.accessTokenTtl,
    )
    const data: LoginTokenResult = { token, expiresIn: cfg.accessTokenTtl }
    if (t.return_to) data.returnTo = t.return_to
    if (t.registered) data.registered = true
    return ok(data)
  })
}
