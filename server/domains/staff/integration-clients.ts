import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { tagRoutes } from '../../lib/openapi'
import { integrationClientStore, newIntegrationCredentials } from '../auth'
import { isErpScope } from '../../../types/platform/erp-scopes'
import { integrationStaffEndpoints, type IntegrationClient } from '../../../types/staff/integration-endpoints'
import { staffWrite } from './audit'

const clientOf = (r: {
  client_id: string
  name: string
  scopes: string
  created_by: string
  created_at: Date
  revoked_at: Date | null
}): IntegrationClient => ({
  clientId: r.client_id,
  name: r.name,
  scopes: r.scopes.split(' ').filter(isErpScope),
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
  revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
})

/**
 * The ERP's integration clients (issue 24): staff with integration.manage create one (its OAuth client goes to the
 * embedded provider's store, so every instance knows it; the secret is answered once and kept nowhere else but
 * there), list them, and revoke one (the provider forgets it and the inbound guard refuses its tokens at once).
 */
export async function integrationClientRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')
  const clients = integrationClientStore(db)
  const all = () => db.selectFrom('integration_clients').selectAll().orderBy('created_at').orderBy('client_id')

  serveEndpoint(app, integrationStaffEndpoints.integrationClients, null, async () =>
    ok((await all().execute()).map(clientOf)),
  )

  serveEndpoint(app, integrationStaffEndpoints.integrationClientCreate, null, async (req) => {
    const { clientId, clientSecret } = newIntegrationCredentials()
    const scopes = [...req.body.scopes].sort()
    const client = await staffWrite(
      db,
      req,
      {
        permission: 'integration.manage',
        action: 'integration.create',
        entity: 'integration_client',
        entityId: clientId,
      },
      async (trx) => {
        const row = await trx
          .insertInto('integration_clients')
          .values({
            client_id: clientId,
            name: req.body.name.trim(),
            scopes: scopes.join(' '),
            created_by: req.staff!.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        const after = clientOf(row)
        // the secret never goes to the audit log: the entry records the client, not its credentials
        return { before: null, after, result: after }
      },
    )
    await clients.save(clientId, clientSecret, client.scopes)
    const tokenUrl = `${app.login.cfg.embeddedIssuer}/token`
    return ok({ client, clientSecret, tokenUrl })
  })

  serveEndpoint(app, integrationStaffEndpoints.integrationClientRevoke, null, async (req) => {
    const { clientId } = req.params
    const client = await staffWrite(
      db,
      req,
      {
        permission: 'integration.manage',
        action: 'integration.revoke',
        entity: 'integration_client',
        entityId: clientId,
      },
      async (trx) => {
        const row = await trx
          .selectFrom('integration_clients')
          .selectAll()
          .where('client_id', '=', clientId)
          .forUpdate()
          .executeTakeFirst()
        if (!row) throw new ApiError(404, 'NOT_FOUND', `No integration client ${clientId}`)
        if (row.revoked_at) throw new ApiError(409, 'CONFLICT', `Integration client ${clientId} is already revoked`)
        const updated = await trx
          .updateTable('integration_clients')
          .set({ revoked_at: new Date() })
          .where('client_id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow()
        return { before: clientOf(row), after: clientOf(updated), result: clientOf(updated) }
      },
    )
    await clients.remove(clientId)
    return ok(client)
  })
}
