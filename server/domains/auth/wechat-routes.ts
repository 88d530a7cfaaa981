import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { LoginTokenResult, WechatIdentity } from '../../../types'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { signAccessToken, signWechatJwt, verifyWechatJwt } from './tokens'
import { createWechatClient, WechatError } from './wechat-client'
import { consumeLoginState, createLoginState } from './one-time'
import { apiLimit, appRedirect, loginFailure, redirectLimit } from './guards'
import { authEndpoints } from '../../../types/auth'

const WECHAT_ROUTE = '/wechat-login'
export const WECHAT_DEFAULT_DURATION = 7200

/** WeChat login: mini-program code, in-app / QR web OAuth, then openid + jwt → token (types/auth.ts). */
export async function wechatRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  const { cfg } = app.login
  const wechat = createWechatClient(cfg.wechat)
  const fail = loginFailure(app, WECHAT_ROUTE)

  serveEndpoint(app, authEndpoints.wechatMiniProgramLogin, apiLimit(app, 'wechat-miniprogram'), async (req) => {
    let s: Awaited<ReturnType<typeof wechat.code2session>>
    try {
      s = await wechat.code2session(req.body.code)
    } catch (e) {
      if (e instanceof WechatError && e.unreachable) {
        req.log.error({ err: e.message }, 'WeChat code2session unreachable')
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'WeChat could not be reached. Please try again.')
      }
      throw new ApiError(401, 'TOKEN_INVALID', 'WeChat login failed: the login code was refused')
    }
    // session_key stays here (never in a response or a log line)
    await db
      .insertInto('wechat_sessions')
      .values({ openid: s.openid, session_key: s.sessionKey, updated_at: new Date() })
      .onConflict((oc) =>
        oc
          .column('openid')
          .doUpdateSet({ session_key: sql`excluded.session_key`, updated_at: sql`excluded.updated_at` }),
      )
      .execute()
    const data: WechatIdentity = { openid: s.openid, jwt: await signWechatJwt(cfg.jwtSecret, s.openid) }
    return ok(data)
  })

  serveEndpoint(
    app,
    authEndpoints.wechatAuthorize,
    redirectLimit(app, 'wechat-authorize', WECHAT_ROUTE),
    async (req, reply) => {
      const state = await createLoginState(db, { kind: 'wechat', mode: req.query.mode, returnTo: req.query.returnTo })
      reply.header('cache-control', 'no-store')
      return reply.redirect(wechat.authorizeUrl(req.query.mode, state), 302)
    },
  )

  serveEndpoint(app, authEndpoints.wechatCallback, null, async (req, reply) => {
    const st = await consumeLoginState(db, req.query.state, 'wechat')
    if (!st || !req.query.code) return fail(reply, 'wechat') // unknown / used / expired state, or the user denied
    try {
      const { openid } = await wechat.oauthAccessToken(req.query.code)
      const jwt = await signWechatJwt(cfg.jwtSecret, openid)
      return appRedirect(app, reply, WECHAT_ROUTE, { openid, jwt, returnTo: st.return_to })
    } catch (e) {
      req.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'WeChat web OAuth exchange failed')
      return fail(reply, 'wechat')
    }
  })

  serveEndpoint(app, authEndpoints.wechatToken, apiLimit(app, 'wechat-token'), async (req) => {
    const { openid, jwt, duration } = req.body
    const v = await verifyWechatJwt(cfg.jwtSecret, jwt, openid)
    if (!v.ok) {
      // TOKEN_INVALID either way: this call has no session that could have "expired" in the app's sense
      throw new ApiError(
        401,
        'TOKEN_INVALID',
        v.reason === 'expired'
          ? 'WeChat login failed: the login proof has expired. Please login again.'
          : 'WeChat login failed: the login proof is invalid',
      )
    }
    const user = await db
      .selectFrom('wechat_bindings as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['u.id', 'u.user_name'])
      .where('b.openid', '=', openid)
      .executeTakeFirst()
    if (!user)
      throw new ApiError(401, 'TOKEN_INVALID', 'WeChat login failed: this WeChat account is not linked to a user')
    const expiresIn = duration ?? WECHAT_DEFAULT_DURATION
    const data: LoginTokenResult = {
      token: await signAccessToken(cfg.jwtSecret, { userId: user.id, userName: user.user_name }, expiresIn),
      expiresIn,
    }
    return ok(data)
  })
}
