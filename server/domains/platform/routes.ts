import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { healthRoutes } from './health'
import { sysconfigRoutes } from './sysconfig'
import { tagRoutes } from '../../lib/openapi'

/** platform: health and the country's system configuration flags (spec section 7, GET /sys/dict/config) */
export async function platformRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'platform')
  await app.register(healthRoutes, opts)
  await app.register(sysconfigRoutes, opts)
}
