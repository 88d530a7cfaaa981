import type { FastifyInstance, RouteOptions } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { ErrorEnvelopeSchema, LanguageCodeSchema, CountryCodeSchema, SuccessEnvelope } from '../../types'
import { DOMAINS } from '../../types/domains'
import { Type, type TSchema } from 'typebox'
import { OPERATION_SUMMARIES, TAG_DESCRIPTIONS } from './openapi-operations'
import type { Endpoint, FileAnswer } from '../../types/endpoint'

/**
 * The OpenAPI 3.1 document of /api, generated from the same TypeBox schemas that validate requests
 * (types/), served at /api/openapi.json, with a reference page at /api/docs (swagger-ui, its own
 * assets, no network and no inline script).
 */
export const OPENAPI_PATH = '/api/openapi.json'
export const DOCS_PATH = '/api/docs'

/** Headers every /api call may carry (spec section 7): documented once per operation. */
const LocaleHeadersSchema = Type.Object({
  languagecode: Type.Optional(LanguageCodeSchema),
  countrycode: Type.Optional(CountryCodeSchema),
})

/** Default answers every /api operation can give: the error envelope (types/envelope.ts). */
const ERROR_RESPONSES = {
  '4xx': {
    ...ErrorEnvelopeSchema,
    description:
      'Client error: the error envelope; `message` names the field, in the request language for business rules',
  },
  '5xx': {
    ...ErrorEnvelopeSchema,
    description:
      'Server error: the error envelope, never a stack or SQL. 503 SERVICE_UNAVAILABLE with a Retry-After header (seconds) while the database is unreachable or the instance waits for it at start',
  },
}

/** `response` of a route that answers 200 with the success envelope around `data` (a named schema of types/). */
export const okReply = <T extends TSchema>(data: T) => ({ 200: SuccessEnvelope(data) })

/** `response` of a browser redirect: 302, no body; the Location header carries the target. */
export const redirectReply = (to: string) => ({
  302: Type.Null({ description: `Redirect (Location header) to ${to}` }),
})

/** `response` of a route that answers 200 with a file's bytes (not the envelope), in one of the content types. */
export const fileReply = (file: FileAnswer) => ({
  200: {
    description: file.description,
    content: Object.fromEntries(
      file.contentTypes.map((t) => [t, { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) }]),
    ),
  },
})

type SchemaPart<E, K extends string, As extends string> = E extends { [Key in K]: infer S extends TSchema }
  ? { [Key in As]: S }
  : unknown
type ResponseOf<E> = E extends { answer: infer S extends TSchema }
  ? ReturnType<typeof okReply<S>>
  : E extends { redirect: string }
    ? ReturnType<typeof redirectReply>
    : ReturnType<typeof fileReply>
/** The route schema of an endpoint of the tables (types/endpoint.ts): params, querystring, body and response. */
export type RouteSchemaOf<E> = SchemaPart<E, 'params', 'params'> &
  SchemaPart<E, 'query', 'querystring'> &
  SchemaPart<E, 'body', 'body'> & { response: ResponseOf<E> }

/**
 * The method, URL and schema of a route, from its endpoint in the tables (types/<domain>/endpoints.ts): the route
 * validates what the table says it takes and is documented as answering what the table says (the success envelope
 * around `answer`, a redirect or a file). `extra` adds what is the server's own (a body's media type).
 *   r.route({ ...routeOf(cartEndpoints.queryCart), preHandler: app.optionalUser, handler: async (req) => ... })
 * (server/lib/endpoint-route.ts `serveEndpoint` registers a route this way.)
 */
export function routeOf<E extends Endpoint, X extends object = object>(
  e: E,
  extra?: X,
): { method: E['method']; url: E['path']; schema: RouteSchemaOf<E> & X } {
  const schema: Record<string, unknown> = { ...extra }
  if (e.params) schema.params = e.params
  if (e.query) schema.querystring = e.query
  if (e.body) schema.body = e.body
  if (e.summary) schema.summary = e.summary
  schema.response = 'answer' in e ? okReply(e.answer) : 'redirect' in e ? redirectReply(e.redirect) : fileReply(e.file)
  return { method: e.method, url: e.path, schema: schema as RouteSchemaOf<E> & X }
}

/**
 * Who may call a route, as the document states it (`security`). The auth plugin's requireUser / optionalUser are
 * recognised by identity; any other guard says what it demands by `declareGuard` where it is made (the membership
 * centre's requireMember, the staff guard, the inbound ERP guard), so a route guarded by it is documented as such.
 */
export type GuardKind = 'bearer' | 'bearerOptional' | 'staff' | 'integration'
const GUARDS = new WeakMap<object, GuardKind>()
export function declareGuard<F extends object>(fn: F, kind: GuardKind): F {
  GUARDS.set(fn, kind)
  return fn
}

/**
 * Route options of an operation that requires the `Idempotency-Key` header (the handler checks it and answers
 * 400 IDEMPOTENCY_KEY_INVALID in the request's language; the document states it as a required header).
 */
export const IDEMPOTENCY_KEY: { config: { idempotencyKey: true } } = { config: { idempotencyKey: true } }
declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route requires the Idempotency-Key header (documented by server/lib/openapi.ts) */
    idempotencyKey?: boolean
    /** a staff route's permission (types/staff/permissions.ts), documented as the operation's x-permission */
    permission?: string
    /** an inbound ERP route's scope (types/platform/erp-scopes.ts), documented as the operation's x-scope */
    scope?: string
  }
}
export const IdempotencyKeyHeaderSchema = Type.String({
  pattern: '^[A-Za-z0-9_:.-]{8,128}$',
  description:
    'A key of your choice for this attempt (8 to 128 letters, digits, _ : . -): a retry with the same key and body gets the first answer; another body with it is refused (409 IDEMPOTENCY_KEY_REUSED)',
})

/** `getOrderDetailByOrderNumber` for GET /api/order/detail/{orderNumber}: the method and the path, camel-cased. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^[:{](\w+)\}?$/.exec(seg)
      const parts = (param ? param[1] : seg).split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean)
      return param ? ['By', ...parts] : parts
    })
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()
  return method.toLowerCase() + words.map(cap).join('')
}

const SECURITY_TEXT: Record<GuardKind | 'none', string> = {
  bearer: 'Requires a bearer access token (401 without one).',
  bearerOptional: "A bearer access token is optional: with one, the answer is the signed-in user's.",
  staff:
    'Staff endpoint: requires a staff token (401 without one or with a buyer token; 403 when no role of the staff member grants the permission named in x-permission).',
  integration:
    'Inbound ERP endpoint: requires an access token of an integration client (OAuth 2 client credentials at /oidc/token) with the scope named in x-scope (401 without one, 403 without the scope).',
  none: 'No login needed.',
}

/** Puts the routes of one domain plugin under that domain's heading in the document. */
export function tagRoutes(app: FastifyInstance, domain: string) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ??= {}) as { tags?: string[] }
    // onRoute hooks run from the outer plugin in: the innermost plugin's tag wins (a domain's staff routes, registered
    // from the domain's plugin, are 'staff', not the domain's)
    schema.tags = [domain]
  })
}

/** Registers the document and the reference page; call before any route is registered. */
export function registerOpenApi(app: FastifyInstance) {
  // Response schemas describe the answers (and tests check answers against them); the answer itself is
  // JSON.stringify'd as before, so a schema can never drop a field or fail a request at run time.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lab Store API',
        version: '1',
        description:
          'The storefront API. Every answer is an envelope: `{success: true, code: "200", message, data}` or ' +
          '`{success: false, code, message, statusCode}`. Headers `languagecode` (cn | zh | en) and `countrycode` (cn | in) ' +
          'choose the language and country (default cn / cn). Contract and Static types: `types/` in the repository.',
        contact: { name: "Lab Store engineering (the repository's issue tracker)" },
      },
      // the site and the API share one origin; paths start with /api
      servers: [
        {
          url: '{origin}',
          description: 'The server (site and API on one origin)',
          variables: {
            origin: { default: 'http://127.0.0.1:3000', description: 'scheme, host and port of the server' },
          },
        },
      ],
      tags: DOMAINS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a signed-in user (POST /api/auth/token)',
          },
          staffBearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token of a staff member (audience lab-store-admin; a buyer token is refused). Staff sign-in is not built yet: in development, npm run token -- --staff admin.staff',
          },
          erpClient: {
            type: 'oauth2',
            description: 'An ERP integration client (docs/erp.md): client credentials at the embedded provider',
            flows: {
              clientCredentials: {
                tokenUrl: '/oidc/token',
                scopes: {
                  'erp:orders': 'post order status changes and shipments',
                  'erp:invoices': 'post invoices with their PDF',
                  'erp:catalogue': 'post stock, account prices and product data',
                },
              },
            },
          },
        },
      },
    },
    // only /api is described: /oidc, /__wechat, /__chat, /media and the site are not part of the API contract
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url }
      const hooks = [route.onRequest ?? [], route.preValidation ?? [], route.preHandler ?? []].flat() as object[]
      const kinds = hooks
        .map((h) => (h === app.requireUser ? 'bearer' : h === app.optionalUser ? 'bearerOptional' : GUARDS.get(h)))
        .filter(Boolean) as GuardKind[]
      const kind: GuardKind | 'none' = kinds.includes('integration')
        ? 'integration'
        : kinds.includes('staff')
          ? 'staff'
          : kinds.includes('bearer')
            ? 'bearer'
            : kinds.includes('bearerOptional')
              ? 'bearerOptional'
              : 'none'
      const scope = (route.config as { scope?: string } | undefined)?.scope
      const security: Record<string, string[]>[] | undefined =
        kind === 'integration'
          ? [{ erpClient: scope ? [scope] : [] }]
          : kind === 'staff'
            ? [{ staffBearer: [] }]
            : kind === 'bearer'
              ? [{ bearer: [] }]
              : kind === 'bearerOptional'
                ? [{ bearer: [] }, {}]
                : undefined
      const s = schema as Record<string, unknown> & {
        response?: Record<string, unknown>
        headers?: TSchema
        summary?: string
        description?: string
      }
      const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET'
      const idempotent = (route.config as { idempotencyKey?: boolean } | undefined)?.idempotencyKey === true
      const permission = (route.config as { permission?: string } | undefined)?.permission
      const baseHeaders = (s.headers ?? LocaleHeadersSchema) as TSchema & { properties?: Record<string, TSchema> }
      const headers = idempotent
        ? Type.Object({ ...baseHeaders.properties, 'Idempotency-Key': IdempotencyKeyHeaderSchema })
        : baseHeaders
      const summary = s.summary ?? OPERATION_SUMMARIES[`${method} ${url.replace(/:(\w+)/g, '{$1}')}`]
      const description = [
        s.description ?? (summary ? `${summary}.` : ''),
        SECURITY_TEXT[kind],
        idempotent ? 'Requires the Idempotency-Key header.' : '',
      ]
        .filter(Boolean)
        .join(' ')
      return {
        url,
        schema: {
          ...s,
          operationId: operationIdOf(method, url),
          ...(summary ? { summary } : {}),
          description,
          headers,
          response: { ...ERROR_RESPONSES, ...s.response },
          ...(security ? { security } : {}),
          ...(permission ? { 'x-permission': permission } : {}),
          ...(scope ? { 'x-scope': scope } : {}),
        },
      }
    },
  })
  app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    // its Content-Security-Policy is server/security-headers.ts DOCS_DIRECTIVES (no inline script)
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'Lab Store API reference' },
  })
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
}
