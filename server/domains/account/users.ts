import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { loadUserInfo, sanitizeForStorage, MAX_STORED_PAYLOAD } from './user-info'
import { truncateText } from '../../lib/storable-text'
import { accountEndpoints } from '../../../types/account/endpoints'

export async function usersRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  serveEndpoint(app, accountEndpoints.userInfo, app.requireUser, async (req) => ok(await loadUserInfo(db, req.user!)))

  serveEndpoint(
    app,
    accountEndpoints.errorTracking,
    app.optionalUser,
    async (req) => {
      const body = req.body
      let payload: Record<string, unknown> = {
        response: sanitizeForStorage(body.response ?? null),
        tokens: body.tokens ?? null, // booleans and an expiry only: raw tokens are not accepted by the schema
        userAgent: truncateText(String(req.headers['user-agent'] ?? ''), 300),
      }
      let json = JSON.stringify(payload)
      if (json.length > MAX_STORED_PAYLOAD) {
        payload = { truncated: true, tokens: payload.tokens, response: truncateText(json, MAX_STORED_PAYLOAD) }
        json = JSON.stringify(payload)
      }
      const row = await db
        .insertInto('error_reports')
        .values({
          user_id: req.user?.id ?? null,
          source: req.locale.source,
          error: body.error ? (sanitizeForStorage(body.error) as string) : null,
          payload: json,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return ok({ id: row.id })
    },
    { bodyLimit: 64 * 1024 },
  )
}
