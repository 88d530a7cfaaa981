import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { chatConfigRoutes } from './routes'
import { tagRoutes } from '../../lib/openapi'

export { chatStandInRoutes, STAND_IN_PATH } from './stand-in'

/** Customer-service chat (issue 4): GET /api/chat/config. The stand-in page /__chat is chatStandInRoutes. */
export async function chatRoutes(app: FastifyInstance, _opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'service')
  await app.register(chatConfigRoutes)
}
