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
 */
export function serveEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  guard: RouteGuard | null,
  handler: EndpointHandler<E>,
  more: MoreRouteOptions = {},
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    ...routeOf(e),
    ...more,
    ...(guard ? { preHandler: guard } : {}),
    handler,
  })
}
