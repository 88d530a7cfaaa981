import { Type, type Static } from 'typebox'
import { get, post, withPermission } from '../endpoint'
import { Closed, Nullable } from '../common'
import { ErpScopeSchema } from '../platform/erp-scopes'

/**
 * The ERP's integration clients, managed by staff (issue 24, permission integration.manage): OAuth 2 clients of the
 * embedded provider with the client-credentials grant and some of the ERP scopes (docs/erp.md).
 */
export const IntegrationClientSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  scopes: Type.Array(ErpScopeSchema),
  createdBy: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601 instant' }),
  revokedAt: Nullable(Type.String({ description: 'ISO 8601 instant' })),
})
export type IntegrationClient = Static<typeof IntegrationClientSchema>

export const NewIntegrationClientSchema = Closed({
  name: Type.String({ minLength: 1, maxLength: 80 }),
  scopes: Type.Array(ErpScopeSchema, { minItems: 1, maxItems: 3, uniqueItems: true }),
})

/** A new client with its secret: the only time the secret is shown (it is not kept in the audit log). */
export const CreatedIntegrationClientSchema = Type.Object({
  client: IntegrationClientSchema,
  clientSecret: Type.String(),
  tokenUrl: Type.String({ description: 'where the ERP asks for tokens (grant_type=client_credentials)' }),
})

export const IntegrationClientParamsSchema = Closed({
  clientId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
})

export const integrationStaffEndpoints = {
  integrationClients: withPermission(
    'integration.manage',
    get('/admin/integration-clients', Type.Array(IntegrationClientSchema)),
    'The ERP integration clients and their scopes',
  ),
  integrationClientCreate: withPermission(
    'integration.manage',
    post('/admin/integration-clients', CreatedIntegrationClientSchema, { body: NewIntegrationClientSchema }),
    'Create an ERP integration client (its secret is shown once; audited)',
  ),
  integrationClientRevoke: withPermission(
    'integration.manage',
    post('/admin/integration-clients/:clientId/revoke', IntegrationClientSchema, {
      params: IntegrationClientParamsSchema,
    }),
    'Revoke an ERP integration client: its tokens are refused at once (audited)',
  ),
}
