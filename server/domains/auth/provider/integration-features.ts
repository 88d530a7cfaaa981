import { errors, type Configuration } from 'oidc-provider'
import { ERP_RESOURCE } from '../../../../types/platform/erp'
import { ERP_SCOPES, isErpScope } from '../../../../types/platform/erp-scopes'

/**
 * The provider's settings for the ERP's integration clients (../integration.ts): the client-credentials grant, and
 * resource indicators so that their access tokens are JWTs for ERP_RESOURCE carrying at most the scopes the client
 * was given. Only a client-credentials client gets a token for that resource; the buyers' and the staff's clients
 * never do (their grants are unchanged: no resource, no JWT access token).
 */
const isIntegrationClient = (client: { grantTypes?: readonly string[] } | undefined) =>
  client?.grantTypes?.includes('client_credentials') === true

export const integrationFeatures: NonNullable<Configuration['features']> = {
  clientCredentials: { enabled: true },
  resourceIndicators: {
    enabled: true,
    defaultResource: (_ctx, client) => (isIntegrationClient(client) ? ERP_RESOURCE : undefined) as string,
    useGrantedResource: () => true,
    getResourceServerInfo: (_ctx, resource, client) => {
      if (resource !== ERP_RESOURCE || !isIntegrationClient(client)) throw new errors.InvalidTarget()
      const scopes = (client.scope ?? '').split(' ').filter(isErpScope)
      return {
        scope: scopes.join(' '),
        audience: ERP_RESOURCE,
        accessTokenTTL: 60 * 60,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      }
    },
  },
}

/** Every ERP scope, for the provider's list of the scopes it knows. */
export const INTEGRATION_SCOPES: readonly string[] = ERP_SCOPES
