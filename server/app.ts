import fs from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { Kysely } from 'kysely'
import type { DB } from './db/schema'
import { ApiError, errorBody, frameworkErrorReply, unavailableBody, UNAVAILABLE_RETRY_AFTER_S } from './errors'
import { dbAvailability } from './db/availability'
import { messageLanguage, schemaErrorMessage, schemaFieldErrors, type SchemaError } from './lib/schema-errors'
import { registerAuth, registerIntegrationGuard, mountLogin, type AuthOptions } from './domains/auth'
import { registerStaff } from './domains/staff'
import { staffRoutes } from './domains/staff/routes'
import { registerDevMailbox } from './domains/staff/dev-mailbox'
import { erpRoutes } from './erp-routes'
import { parseLocale } from './locale'
import { redactUrl } from './lib/safe-url'
import { trustProxyOption } from './lib/trust-proxy'
import { validatorCompiler } from './lib/validator'
import { registerOpenApi } from './lib/openapi'
import { rejectUnstorableText } from './lib/storable-text'
import { platformRoutes } from './domains/platform/routes'
import { registerLifecycle } from './domains/platform'
import { catalogRoutes, mediaRoutes } from './domains/catalog/routes'
import { marketingRoutes } from './domains/marketing/routes'
import { engagementRoutes } from './domains/engagement/routes'
import { accountRoutes } from './domains/account/routes'
import { authRoutes } from './domains/auth/routes'
import { chatRoutes, chatStandInRoutes } from './domains/service/routes'
import { cartRoutes } from './domains/cart/routes'
import { orderRoutes } from './domains/order/routes'
import { flashbuyRoutes } from './domains/flashbuy/routes'
import { membershipRoutes } from './domains/membership/routes'
import { registerSecurityHeaders } from './security-headers'
import { registerMail } from './lib/mail'
import { registerRedis } from './lib/redis'
import { h5IndexHtml } from './h5-index'
import { registerAdminConsole } from './admin-console'
import { firstBannerImage } from './domains/marketing'
import { firstScreens } from './first-screen'
import { loadConfig, type Config } from './config'
import { registerJobs, serverJobs } from './jobs'

export interface BuildAppOptions {
  db: Kysely<DB>
  jwtSecret: string
  logger?: boolean | object
  staticDir?: string
  /** the staff console's build (dist/admin), served at /admin (server/admin-console.ts); absent: none */
  adminDir?: string
  /** login settings (server/domains/auth/config.ts); defaults: embedded OpenID provider, WeChat stand-in outside production */
  auth?: AuthOptions
  /** Redis for state every instance shares (login rate limits, user-cache invalidations; server/lib/redis.ts); default REDIS_URL, null = none */
  redisUrl?: string | null
  /** the configuration (server/config.ts); default: the environment's, read now */
  config?: Config
}

export const BODY_LIMIT = 256 * 1024

const STATUS_CODES: Record<number, Parameters<typeof errorBody>[1]> = {
  400: 'BAD_REQUEST',
  401: 'TOKEN_INVALID',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
}

/** Validation messages that name the field, e.g. "querystring/pageSize must be <= 100" (English; see the error handler). */
export const formatSchemaErrors = (errors: SchemaError[], dataVar: string): Error =>
  new Error(schemaErrorMessage(errors, dataVar, 'en'))

export function buildApp(opts: BuildAppOptions): FastifyInstance {
  const config = opts.config ?? loadConfig()
  const logger =
    opts.logger === undefined || opts.logger === false
      ? false
      : {
          level: config.LOG_LEVEL,
          redact: {
            paths: [
              'req.headers.authorization',
              'req.headers.cookie',
              'headers.authorization',
              'res.headers["set-cookie"]',
            ],
            censor: '[redacted]',
          },
          // request URLs without the one-time secrets that login redirects carry (?ticket, ?jwt, ?code)
          serializers: {
            req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
              method: req.method,
              url: redactUrl(req.url),
              host: req.hostname,
              remoteAddress: req.ip,
            }),
          },
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
        }

  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from the proxies the deployment names (TRUST_PROXY: their addresses;
    // server/lib/trust-proxy.ts): otherwise a client could pick its own IP and step around the per-IP login limits
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    schemaErrorFormatter: (errors, dataVar) => formatSchemaErrors(errors as SchemaError[], dataVar),
    // a URL the router cannot decode, or a too-long path parameter: the error envelope, not Fastify's own body
    frameworkErrors: frameworkErrorReply,
  })
  // app.config: what the domains' plugins read (REDIS_URL, NODE_ENV, FLASH_*...)
  app.decorate('config', config)
  // TypeBox checks (compiled), converting querystring/params/headers only when they fail as they are
  app.setValidatorCompiler(validatorCompiler)
  const staticDir =
    opts.staticDir && fs.existsSync(path.join(opts.staticDir, 'index.html')) ? path.resolve(opts.staticDir) : null
  // CSP, nosniff, Referrer-Policy, frame-ancestors... on every response: before any route (per-path policies)
  registerSecurityHeaders(app, { staticDir, chatWidgetUrl: config.CHAT_WIDGET_URL })
  // /api/openapi.json and /api/docs from the route schemas: before any route, after the security headers
  registerOpenApi(app)
  registerRedis(app, opts.redisUrl === undefined ? config.REDIS_URL : opts.redisUrl, config.REDIS_START_WAIT_MS)
  registerAuth(app, opts.db, opts.jwtSecret)
  // app.requireStaff(permission): the guard of the staff routes under /api/admin (issue 24)
  registerStaff(app, opts.db, opts.jwtSecret)
  // app.requireIntegration(scope): the guard of the inbound ERP routes under /api/erp (issue 24; docs/erp.md)
  registerIntegrationGuard(app, opts.db, opts.jwtSecret, () => app.login.cfg.embeddedIssuer)
  // app.mail: SMTP by MAIL_URL, else the local stand-in outside production (server/lib/mail.ts), whose mailbox
  // /__mail/messages administrators read (staff token with audit.read; never in production)
  registerDevMailbox(app, registerMail(app, config), config)
  // NUL or an unpaired surrogate anywhere in a request (any route, /api and the sign-in forms): 400 naming the field
  app.addHook('preValidation', rejectUnstorableText)

  // the database's outages are logged in this app's log (server/db/availability.ts)
  const availability = dbAvailability(opts.db)
  availability.log = app.log
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.code, err.message, err.reason))
    }
    if (err.validation) {
      // the request's language (English for languagecode: en, Chinese otherwise), each failing field named
      const language = messageLanguage(req.locale?.language)
      const errors = err.validation as SchemaError[]
      const message = schemaErrorMessage(errors, err.validationContext ?? 'request', language)
      const body = errorBody(400, 'VALIDATION_ERROR', message)
      if (err.validationContext !== 'body') return reply.status(400).send(body)
      // a body's errors by field too (`reason`, `items.0.quantity`): a form shows each beside its field (the console)
      return reply.status(400).send({ ...body, fields: schemaFieldErrors(errors, language) })
    }
    const status = err.statusCode ?? 500
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send(errorBody(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${BODY_LIMIT / 1024} KB`))
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, bad media type): their messages carry no internals.
      return reply.status(status).send(errorBody(status, STATUS_CODES[status] ?? 'BAD_REQUEST', err.message))
    }
    // the database unreachable (outage, restart, crash): 503 with Retry-After, one warning per outage, no stack
    if (availability.report(err)) {
      const language =
        req.locale?.language ??
        String(req.headers.languagecode ?? '')
          .trim()
          .toLowerCase()
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send(unavailableBody(messageLanguage(language)))
    }
    req.log.error({ err }, 'request failed')
    return reply.status(500).send(errorBody(500, 'INTERNAL_ERROR', 'Internal server error'))
  })

  // index.html with preloads of the chunks of the page the address opens
  const indexHtml = staticDir
    ? h5IndexHtml(
        staticDir,
        () => firstBannerImage(opts.db),
        config.FIRST_SCREEN === 'off' ? undefined : firstScreens(app),
      )
    : null
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
    if (!isApi && staticDir && req.method === 'GET' && String(req.headers.accept ?? '').includes('text/html')) {
      // SPA fallback: the H5 app uses browser-history routes (/home, /product-details/x/y, ...).
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(await indexHtml!(url.split('?')[0], req.headers, req.query as Record<string, string>))
    }
    return reply.status(404).send(errorBody(404, 'NOT_FOUND', `Route ${req.method} ${url.split('?')[0]} not found`))
  })

  registerLifecycle(app)
  // the periodic jobs: started when the app is ready, stopped when it closes (server/jobs.ts)
  registerJobs(app, serverJobs(opts.db, config))
  app.register(
    async (api) => {
      api.addHook('onRequest', async (req) => {
        req.locale = parseLocale(req)
      })
      const o = { db: opts.db }
      // one plugin per domain of the spec (types/domains.ts)
      await api.register(platformRoutes, o)
      await api.register(catalogRoutes, o)
      await api.register(marketingRoutes, o)
      await api.register(engagementRoutes, o)
      await api.register(accountRoutes, o)
      await api.register(authRoutes, o)
      await api.register(chatRoutes, o)
      await api.register(cartRoutes, o)
      await api.register(orderRoutes, o)
      await api.register(flashbuyRoutes, o)
      await api.register(membershipRoutes, o)
      await api.register(staffRoutes, o)
      // the ERP: its integration clients (staff) and what it posts (/api/erp, integration clients only)
      await api.register(erpRoutes, o)
    },
    { prefix: '/api' },
  )

  // product pictures, outside /api: the app loads them as <image src>
  app.register(mediaRoutes)
  // the customer-service widget's local stand-in (/__chat); not mounted in production
  app.register(chatStandInRoutes)

  // login outside /api: embedded OpenID provider at /oidc, WeChat stand-in at /__wechat (never in production)
  mountLogin(app, { db: opts.db, jwtSecret: opts.jwtSecret, auth: opts.auth })

  // the staff console at /admin (issue 25), before the H5 site's catch-all
  registerAdminConsole(app, opts.adminDir)

  if (staticDir) {
    // the app's root address: Home's index.html with its preloads (the static plugin serves no index)
    app.get('/', async (req, reply) =>
      reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(await indexHtml!('/', req.headers)),
    )
    app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      // '/' is the route above (index.html with Home's preloads)
      index: false,
      // .br/.gz written at build time (scripts/precompress.mjs): no compression work per request
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // content-hashed chunks never change; everything else (index.html) is revalidated
        const hashed = /\.[0-9a-f]{8}\.(js|css)(\.(br|gz))?$/.test(filePath)
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  return app
}
