import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { resolveAuthConfig, STANDIN_PREFIX, type AuthOptions, type ResolvedAuthConfig } from './config'
import { createLoginLimiters, type LoginLimiter } from './rate-limit'
import { createEmbeddedProvider, mountEmbeddedProvider } from './provider'
import { wechatStandin } from '../../wechat-standin'

export interface LoginServices {
  cfg: ResolvedAuthConfig
  limiters: {
    /** sign-in form password posts per IP + username */
    passwordIpUser: LoginLimiter
    /** sign-in form password posts per username */
    passwordUser: LoginLimiter
    /** login API calls per IP */
    api: LoginLimiter
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    login: LoginServices
  }
}

/**
 * Login wiring outside /api (server/app.ts): resolves the login config (decorated as app.login for the
 * /api/auth and /api/wechat routes), mounts the embedded OpenID provider at /oidc unless external
 * issuers are configured for both the buyers and the staff, and the WeChat stand-in at /__wechat when no WECHAT_API_BASE is set outside
 * production. The login rate limits (./rate-limit.ts) count in Redis when the app has one (REDIS_URL),
 * so every instance shares them; in process otherwise.
 */
export function mountLogin(app: FastifyInstance, opts: { db: Kysely<DB>; jwtSecret: string; auth?: AuthOptions }) {
  const cfg = resolveAuthConfig(opts.auth ?? {}, opts.jwtSecret, app.config)
  app.decorate('login', { cfg, limiters: createLoginLimiters(app, cfg.rateLimits) } satisfies LoginServices)

  if (cfg.oidc.embedded || cfg.staff.oidc.embedded) {
    mountEmbeddedProvider(app, createEmbeddedProvider(cfg, opts.db), { db: opts.db, cfg })
  }
  if (cfg.wechat.standIn) {
    app.register(wechatStandin, {
      prefix: STANDIN_PREFIX,
      apps: [cfg.wechat.web, cfg.wechat.mini],
    })
    app.addHook('onReady', async () => {
      app.log.info(`WeChat stand-in in use at ${cfg.wechat.apiBase} (set WECHAT_API_BASE to reach a real WeChat)`)
    })
  }
}
