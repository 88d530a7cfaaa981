/**
 * The server's configuration: every environment variable the server reads, in one JSON schema (types,
 * defaults, allowed values), checked once by env-schema when a process starts (server/index.ts) or an app
 * is built (buildApp in server/app.ts; tests pass their own `config`). A bad value stops the start with an
 * error naming the variable. No other file of server/ reads the environment: code takes the `Config` (or
 * the few fields it needs) from its caller, and route plugins read `app.config`.
 *
 * An empty value counts as unset (DATABASE_URL= means PGlite, as it always did).
 * docs/configuration.md is the table of these variables (tests/server/config.test.ts keeps it complete).
 */
import envSchema from 'env-schema'
import { Type, type Static } from 'typebox'

const ms = (description: string, fallback: number) => Type.Integer({ minimum: 0, default: fallback, description })
const text = (description: string) => Type.Optional(Type.String({ description }))
const url = (description: string) => Type.Optional(Type.String({ pattern: '^https?://', description }))

export const ConfigSchema = Type.Object(
  {
    // ---- the process
    NODE_ENV: text('`production` turns off every local stand-in (WeChat, chat, mail) and the development mailbox'),
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'port the server listens on' }),
    HOST: Type.String({
      default: '127.0.0.1',
      description: 'address the server listens on (`0.0.0.0` for every interface)',
    }),
    STATIC_DIR: Type.String({
      default: 'dist/h5',
      description: 'the H5 build the server serves (with its index.html); absent: API only',
    }),
    ADMIN_DIR: Type.String({
      default: 'dist/admin',
      description: 'the staff console build the server serves at /admin (npm run build:admin); absent: none',
    }),
    LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      default: 'info',
      description: 'JSON log level',
    }),
    TRUST_PROXY: text(
      'addresses or CIDRs (comma-separated, or `loopback`...) of the proxies whose X-Forwarded-For/-Proto are believed; unset or `0`: none (server/lib/trust-proxy.ts)',
    ),
    SHUTDOWN_DRAIN_MS: ms(
      'on SIGTERM, how long the instance reports not-ready on /api/health and keeps serving before it closes',
      0,
    ),
    FIRST_SCREEN: Type.Enum(['on', 'off'], {
      default: 'on',
      description: '`off`: index.html carries no server-drawn first screen (server/first-screen.ts)',
    }),
    REDIS_URL: text(
      'Redis shared by the instances (login limits, user-cache invalidations, the flash-buy gate); unset: one instance, state in process',
    ),
    REDIS_START_WAIT_MS: ms(
      'how long start-up waits for the first Redis connections before starting without them',
      5000,
    ),

    // ---- the database
    DATABASE_URL: Type.Optional(
      Type.String({ pattern: '^postgres(ql)?://', description: 'PostgreSQL; unset: the embedded PGlite in DATA_DIR' }),
    ),
    DATA_DIR: Type.String({
      default: '.data/pglite',
      description: 'the PGlite data folder (made and seeded on the first start)',
    }),
    // PostgreSQL's default (128 MB) is allocated and zeroed inside PGlite's WASM memory at start: opening a data
    // folder cost ~280 MB RSS with it, ~170 MB with 16 MB (the OS page cache still holds the data folder's files)
    PGLITE_SHARED_BUFFERS: Type.String({
      default: '16MB',
      description: "the server's PGlite buffer cache (shared_buffers)",
    }),
    PGLITE_TEMPLATE_DIR: text(
      'the seeded PGlite template a first start copies (default `dist/pglite-template`, made by npm run build:server); `0`: none',
    ),
    PGLITE_INITDB_CACHE: text("the cached output of PGlite's initdb (default: beside the data folder); `0`: none"),
    DB_START_RETRY_MAX_MS: ms('longest wait between attempts while the database is unreachable at start', 5000),
    DB_START_TIMEOUT_MS: ms('give up the start after waiting this long for the database; 0: never', 0),
    SEED_DATE: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description:
          'the seed day (YYYY-MM-DD) the seeded promotions, coupons and orders are dated from; default: today (UTC)',
      }),
    ),
    STOREFRONT_PREPARE_DB: text(
      'internal: set by the server for the child process that prepares a fresh database (server/db/startup.ts)',
    ),
    STOREFRONT_BUILD_TEMPLATE: text(
      'internal: set by npm run build:server to build the PGlite template and exit (server/db/template.ts)',
    ),

    // ---- login
    JWT_SECRET: text('the secret that signs access tokens; unset: one generated and kept in JWT_SECRET_FILE'),
    JWT_SECRET_FILE: Type.String({ default: '.data/jwt-secret', description: 'where the generated secret is kept' }),
    PUBLIC_URL: url("the server's origin as browsers reach it (default `http://127.0.0.1:<PORT>`)"),
    APP_URL: url('origin of the app for the login redirects; default: the origin of the API'),
    OIDC_ISSUER: url(
      'an external OpenID issuer (needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET); unset: the embedded provider at /oidc',
    ),
    OIDC_CLIENT_ID: text('client id at OIDC_ISSUER'),
    OIDC_CLIENT_SECRET: text('client secret at OIDC_ISSUER'),
    STAFF_OIDC_ISSUER: url(
      'an external OpenID issuer for staff sign-in (needs STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET); unset: the embedded provider',
    ),
    STAFF_OIDC_CLIENT_ID: text('client id at STAFF_OIDC_ISSUER'),
    STAFF_OIDC_CLIENT_SECRET: text('client secret at STAFF_OIDC_ISSUER'),
    STAFF_CONSOLE_URL: url(
      'where staff sign-in returns ({STAFF_CONSOLE_URL}/signin-callback); default: {APP_URL}/admin',
    ),
    STAFF_TOTP_KEY: Type.Optional(
      Type.String({
        minLength: 32,
        description: "key material for the staff TOTP secrets' encryption at rest; unset: derived from the JWT secret",
      }),
    ),
    WECHAT_API_BASE: url('the WeChat API (api.weixin.qq.com); unset: the stand-in at /__wechat outside production'),
    WECHAT_OPEN_BASE: url(
      "WeChat's browser pages (open.weixin.qq.com); default: WECHAT_API_BASE when that is the stand-in",
    ),
    WECHAT_APPID: text('the official-account / website app (in-app and QR login)'),
    WECHAT_SECRET: text("WECHAT_APPID's secret"),
    WECHAT_MINI_APPID: text("the mini-program app (default: WECHAT_APPID's)"),
    WECHAT_MINI_SECRET: text("WECHAT_MINI_APPID's secret"),
    ACCESS_TOKEN_TTL: Type.Number({
      minimum: 10,
      default: 7200,
      description: 'lifetime in seconds of the access tokens a username login issues (at most 604800)',
    }),
    AUTH_USER_CACHE_TTL_MS: Type.Integer({
      minimum: 1,
      default: 30_000,
      description: 'how long an instance serves a user from its cache (server/domains/auth/plugin.ts)',
    }),
    WECHAT_STANDIN_PORT: Type.Integer({
      minimum: 0,
      maximum: 65535,
      default: 3900,
      description: 'port of the WeChat stand-in run on its own (npm run wechat:standin)',
    }),

    // ---- mail, chat
    MAIL_URL: Type.Optional(
      Type.String({
        pattern: '^smtps?://',
        description:
          'SMTP by URL (smtp://user:pass@host:587); unset: a local stand-in outside production, none in production',
      }),
    ),
    MAIL_FROM: Type.String({ default: 'Lab Store <no-reply@labstore.local>', description: 'the sender of the emails' }),
    CHAT_WIDGET_URL: text(
      'the customer-service widget (http(s) only); unset: the local stand-in /__chat outside production',
    ),

    // ---- buying
    ORDER_TAX_RATE_CN: Type.Integer({
      minimum: 0,
      maximum: 10000,
      default: 1300,
      description: 'order tax in China, basis points (charged where sys_config ENABLE_ORDER_TAX is on)',
    }),
    ORDER_TAX_RATE_IN: Type.Integer({
      minimum: 0,
      maximum: 10000,
      default: 1800,
      description: 'order tax in India, basis points',
    }),
    PRIZE_ORDER_SWEEP_MS: ms(
      'how often prize orders whose address is overdue are expired (the gift bag also sweeps when read); 0: never',
      15 * 60_000,
    ),
    FLASH_BATCH_MAX: Type.Integer({
      minimum: 1,
      default: 400,
      description: 'flash buy: most placements in one group commit',
    }),
    FLASH_BATCH_LINGER_MS: Type.Number({
      minimum: 0,
      default: 2,
      description: 'flash buy: how long a batch waits for more placements',
    }),
    FLASH_BATCH_INFLIGHT: Type.Integer({
      minimum: 1,
      default: 1,
      description: 'flash buy: batches of one sale committing at once',
    }),
    FLASH_DEBUG: text("any value: the flash-buy placer prints its batcher's and gate's counters at close"),

    // ---- the ERP webhooks (issue 24; server/domains/platform/outbox/, docs/erp.md)
    WEBHOOK_URLS: text(
      'comma-separated webhook URLs every business event is delivered to (https; http only to 127.0.0.1/localhost outside production); unset: events are recorded, not sent',
    ),
    WEBHOOK_SECRET: Type.Optional(
      Type.String({
        pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
        description:
          "the Standard Webhooks signing secret, 'whsec_' + base64 (24 to 64 random bytes); required with WEBHOOK_URLS",
      }),
    ),
    WEBHOOK_MAX_ATTEMPTS: Type.Integer({
      minimum: 1,
      default: 15,
      description: 'tries of one delivery before it is dead (the admin API can replay it)',
    }),
    WEBHOOK_BACKOFF_BASE_MS: ms(
      'the wait after the first failed try; doubled after each further one (with jitter)',
      2000,
    ),
    WEBHOOK_BACKOFF_CAP_MS: ms('the longest wait between two tries', 3_600_000),
    WEBHOOK_TIMEOUT_MS: Type.Integer({
      minimum: 100,
      default: 10_000,
      description: 'how long one webhook call may take before it counts as failed',
    }),
    WEBHOOK_POLL_MS: Type.Integer({
      minimum: 10,
      default: 200,
      description:
        "how often an idle instance looks for due deliveries (the lag of events another instance wrote; the instance's own writes wake it at once)",
    }),
    WEBHOOK_CONCURRENCY: Type.Integer({
      minimum: 1,
      default: 64,
      description:
        'webhook calls in flight per endpoint and instance (events/s carried = this / the seconds a call takes)',
    }),

    // ---- the stand-in ERP run on its own (development only; server/erp-standin, npm run erp:standin, docs/erp.md)
    ERP_STANDIN_PORT: Type.Integer({
      minimum: 0,
      maximum: 65535,
      default: 3901,
      description: 'port of the stand-in ERP (npm run erp:standin); its webhook URL is http://127.0.0.1:<port>/hooks',
    }),
    ERP_STANDIN_STORE_URL: url('the store the stand-in ERP posts to; unset: http://127.0.0.1:<PORT>'),
    ERP_STANDIN_CLIENT_ID: text(
      'the integration client the stand-in ERP signs in with (POST /api/admin/integration-clients)',
    ),
    ERP_STANDIN_CLIENT_SECRET: text("ERP_STANDIN_CLIENT_ID's secret"),
    ERP_STANDIN_STEP_DELAY_MS: ms(
      "the stand-in ERP's pause between the steps of one order (in progress, shipped, invoiced)",
      3000,
    ),
    ERP_STANDIN_DELIVER_AFTER_MS: ms(
      'how long after shipping the stand-in ERP reports the delivery (the order completes)',
      60_000,
    ),
  },
  {
    // other variables of the environment are not the server's: dropped
    additionalProperties: false,
    // an external issuer comes with its client; webhook URLs with their signing secret
    dependencies: { OIDC_ISSUER: ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'], WEBHOOK_URLS: ['WEBHOOK_SECRET'] },
  },
)

export type Config = Static<typeof ConfigSchema>

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's configuration (buildApp's `config`, else the environment's) */
    config: Config
  }
}

/**
 * The configuration of `env` (default: this process's environment), with the defaults filled in.
 * Throws one error naming every bad variable, e.g. `Invalid configuration: PORT must be integer (got "abc")`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const data: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') data[k] = v
  try {
    return envSchema<Config>({ schema: ConfigSchema, data, env: false, dotenv: false })
  } catch (e) {
    const errors = (e as { errors?: { instancePath: string; message?: string }[] }).errors
    if (!errors) throw e
    const problems = errors.map((x) => {
      const name = x.instancePath.replace(/^\//, '')
      return name ? `${name} ${x.message} (got ${JSON.stringify(data[name])})` : String(x.message)
    })
    throw new Error(`Invalid configuration: ${[...new Set(problems)].join('; ')}`)
  }
}

/** The environment of a child process of the server: this one's, with `config` as resolved and `extra` on top. */
export function childEnv(config: Config, extra: Record<string, string>): Record<string, string | undefined> {
  const own: Record<string, string> = {}
  for (const [k, v] of Object.entries(config)) if (v !== undefined) own[k] = String(v)
  return { ...process.env, ...own, ...extra }
}
