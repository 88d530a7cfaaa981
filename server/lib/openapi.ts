import type { FastifyInstance, RouteOptions } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { ErrorEnvelopeSchema, LanguageCodeSchema, CountryCodeSchema, SuccessEnvelope } from '../../types'
import { Type, type TSchema } from 'typebox'

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
  '4xx': { ...ErrorEnvelopeSchema, description: 'Client error: the error envelope; `message` names the field, in the request language for business rules' },
  '5xx': { ...ErrorEnvelopeSchema, description: 'Server error: the error envelope, never a stack or SQL' },
}

/** `response` of a route that answers 200 with the success envelope around `data` (a named schema of types/). */
export const okReply = <T extends TSchema>(data: T) => ({ 200: SuccessEnvelope(data) })

/** `response` of a browser redirect: 302, no body; the Location header carries the target. */
export const redirectReply = (to: string) => ({ 302: Type.Null({ description: `Redirect (Location header) to ${to}` }) })

/** Puts the routes of one domain plugin under that domain's heading in the document. */
export function tagRoutes(app: FastifyInstance, domain: string) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ??= {}) as { tags?: string[] }
    schema.tags ??= [domain]
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
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // only /api is described: /oidc, /__wechat, /__chat, /media and the site are not part of the API contract
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url }
      const pre = [route.preHandler ?? []].flat()
      const security: Record<string, string[]>[] | undefined = pre.includes(app.requireUser)
        ? [{ bearer: [] }]
        : pre.includes(app.optionalUser)
          ? [{ bearer: [] }, {}]
          : undefined
      const s = schema as Record<string, unknown> & { response?: Record<string, unknown> }
      return {
        url,
        schema: {
          ...s,
          headers: s.headers ?? LocaleHeadersSchema,
          response: { ...ERROR_RESPONSES, ...s.response },
          ...(security ? { security } : {}),
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
