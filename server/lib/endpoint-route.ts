import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Endpoint } from '../../types/endpoint'
import { routeOf, type RouteSchemaOf } from './openapi'

/**
 * The handler of an endpoint's route: req.params, req.query and req.body are typed by the endpoint's schemas and
 * what it returns is checked against its answer, as in `r.route({ ...routeOf(e), handler })` of a TypeBox-typed app.
 */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  TypeBoxTypeProvider
>

/** The guard of a route (its preHandler): app.requireUser, app.optionalUser, a rate limit, a declareGuard guard. */
export type RouteGuard = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/** Route options besides the method, URL, schema, guard and handler. */
export interface MoreRouteOptions {
  bodyLimit?: number
  config?: FastifyContextConfig
}

/**
 * Registers the route of an endpoint of the tables (types/<domain>/endpoints.ts, through `routeOf`) behind `guard`
 * (`null`: anyone may call it):
 *   serveEndpoint(app, accountEndpoints.creditList, app.requireUser, async (req) => ok(...))
 * An entry with a `permission` (a staff route, types/staff/endpoints.ts) is served behind app.requireStaff(permission)
 * as an onRequest hook, so a refused call is answered before its body is even parsed; a path under /admin/ without
 * a permission is refused here, at registration. Likewise an inbound ERP entry's `scope` (types/platform/erp.ts):
 * served behind app.requireIntegration(scope), and every path under /erp/ must have one.
 */
export function serveEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  guard: RouteGuard | null,
  handler: EndpointHandler<E>,
  more: MoreRouteOptions = {},
): void {
  if (e.path.startsWith('/admin/') && !e.permission) {
    throw new Error(`${e.method} ${e.path}: a staff route needs a permission (types/staff/permissions.ts)`)
  }
  if (e.path.startsWith('/erp/') && !e.scope) {
    throw new Error(`${e.method} ${e.path}: an inbound ERP route needs a scope (types/platform/erp-scopes.ts)`)
  }
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(e),
    ...more,
    ...(e.permission
      ? { onRequest: app.requireStaff(e.permission), config: { ...more.config, permission: e.permission } }
      : {}),
    ...(e.scope ? { onRequest: app.requireIntegration(e.scope), config: { ...more.config, scope: e.scope } } : {}),
    ...(guard ? { preHandler: guard } : {}),
    handler,
  })
}
