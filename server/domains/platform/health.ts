import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { dbKind } from '../../db'
import { ok } from '../../errors'
import type { Health } from '../../../types'
import { HealthSchema } from '../../../types'
import { okReply } from '../../lib/openapi'

export async function healthRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  app.get('/health', { schema: { response: okReply(HealthSchema) } }, async () => {
    await sql`select 1`.execute(opts.db)
    const data: Health = { db: dbKind(opts.db) }
    return ok(data)
  })
}
