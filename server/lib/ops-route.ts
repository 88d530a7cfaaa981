import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Endpoint } from '../../types/endpoint'
import type { EndpointHandler } from './endpoint-route'
import { routeOf } from './openapi'
import { opsGuard, OpsHeadersSchema } from './ops-guard'

/**
 * The operator endpoints of a domain plugin (server/lib/ops-guard.ts), all behind one guard of `token`: each is
 * documented with the x-ops-token header and guarded onRequest, before the body is parsed or validated, so
 * without the key nothing about the route is answered.
 *   const serveOps = opsEndpoints(app, token)
 *   serveOps(flashbuyEndpoints.opsUpdateSale, async (req) => ok(...))
 */
export function opsEndpoints(app: FastifyInstance, token: string) {
  const guard = opsGuard(token)
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  return <E extends Endpoint>(e: E, handler: EndpointHandler<E>): void => {
    r.route({ ...routeOf(e, { headers: OpsHeadersSchema }), onRequest: guard, handler })
  }
}
