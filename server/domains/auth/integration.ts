import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { importJWK, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose'
import type { DB } from '../../db/schema'
import { ApiError } from '../../errors'
import { declareGuard } from '../../lib/openapi'
import { ERP_RESOURCE } from '../../../types/platform/erp'
import { isErpScope, type ErpScope } from '../../../types/platform/erp-scopes'
import type { AdapterPayload } from 'oidc-provider'
import { signingKey } from './provider'
import { createDbStore } from './provider/db-store'

/**
 * The ERP's integration clients (issue 24, "The ERP integration", In): OAuth 2 clients of the embedded provider
 * with the client-credentials grant only. Their access tokens are JWTs for the resource ERP_RESOURCE, signed with
 * the provider's key (derived from the JWT secret, the same on every instance), carrying the scopes the client was
 * given (types/platform/erp-scopes.ts). A token is checked here without a call to the provider; the client's row is
 * read on every request, so a revoked client is refused at once, even with a token still valid.
 */

/** The caller of an inbound ERP route. */
export interface IntegrationCaller {
  clientId: string
  scopes: ErpScope[]
}

declare module 'fastify' {
  interface FastifyRequest {
    integration: IntegrationCaller | null
  }
  interface FastifyInstance {
    /** The guard of an inbound ERP route: 401 without a valid integration token, 403 without `scope`. */
    requireIntegration: (scope: ErpScope) => (req: FastifyRequest) => Promise<void>
  }
}

/** An integration client's metadata at the provider: client credentials only, no redirect, no id token. */
export function integrationClientMetadata(clientId: string, clientSecret: string, scopes: readonly ErpScope[]) {
  return {
    client_id: clientId,
    client_secret: clientSecret,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    // the provider signs with ES256 only (./provider/index.ts); the client never gets an id token
    id_token_signed_response_alg: 'ES256',
    scope: scopes.join(' '),
  }
}

/**
 * Where the provider finds integration clients: its own store (oidc_store, model Client), shared by every instance.
 * `save` registers a client with its secret; `remove` makes the provider forget it (no new tokens).
 */
export function integrationClientStore(db: Kysely<DB>) {
  const clients = createDbStore(db).adapter('Client')
  return {
    save: (clientId: string, clientSecret: string, scopes: readonly ErpScope[]) =>
      clients.upsert(clientId, integrationClientMetadata(clientId, clientSecret, scopes) as unknown as AdapterPayload),
    remove: (clientId: string) => clients.destroy(clientId),
  }
}

/** A new client id and secret ('erp-' + 16 hex; 32 random bytes, base64url). */
export function newIntegrationCredentials(): { clientId: string; clientSecret: string } {
  return {
    clientId: `erp-${crypto.randomBytes(8).toString('hex')}`,
    clientSecret: crypto.randomBytes(32).toString('base64url'),
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (!h) return null
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m ? m[1] : ''
}

/** The provider's public key, imported once per secret (every inbound call verifies with it). */
const publicKeys = new Map<string, ReturnType<typeof importJWK>>()
function publicKeyOf(jwtSecret: string): ReturnType<typeof importJWK> {
  let key = publicKeys.get(jwtSecret)
  if (!key) {
    const { d: _private, ...publicJwk } = signingKey(jwtSecret)
    key = importJWK(publicJwk as Parameters<typeof importJWK>[0], 'ES256')
    publicKeys.set(jwtSecret, key)
  }
  return key
}

/** Checks an integration access token: signature (the provider's key), issuer, audience, expiry. */
export async function verifyIntegrationToken(
  jwtSecret: string,
  issuer: string,
  token: string,
): Promise<{ ok: true; clientId: string; scopes: ErpScope[] } | { ok: false; reason: 'expired' | 'invalid' }> {
  const key = await publicKeyOf(jwtSecret)
  try {
    const { payload } = await jwtVerify(token, key, { issuer, audience: ERP_RESOURCE, algorithms: ['ES256'] })
    const p = payload as JWTPayload & { client_id?: string; scope?: string }
    if (!p.client_id || typeof p.scope !== 'string') return { ok: false, reason: 'invalid' }
    return { ok: true, clientId: p.client_id, scopes: p.scope.split(' ').filter(isErpScope) }
  } catch (e) {
    return { ok: false, reason: e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' }
  }
}

/** Decorates the app with `requireIntegration(scope)`; `issuer()` is the embedded provider's issuer. */
export function registerIntegrationGuard(
  app: FastifyInstance,
  db: Kysely<DB>,
  jwtSecret: string,
  issuer: () => string,
): void {
  app.decorateRequest('integration', null)
  const guards = new Map<ErpScope, (req: FastifyRequest) => Promise<void>>()
  app.decorate('requireIntegration', (scope: ErpScope) => {
    let guard = guards.get(scope)
    if (!guard) {
      guard = declareGuard(async (req: FastifyRequest) => {
        const token = bearer(req)
        if (!token) throw new ApiError(401, 'TOKEN_INVALID', 'Missing bearer token')
        const v = await verifyIntegrationToken(jwtSecret, issuer(), token)
        if (!v.ok) {
          if (v.reason === 'expired') throw new ApiError(401, 'TOKEN_EXPIRED', 'Token has expired')
          throw new ApiError(401, 'TOKEN_INVALID', 'Token is invalid')
        }
        const client = await db
          .selectFrom('integration_clients')
          .select(['client_id', 'revoked_at'])
          .where('client_id', '=', v.clientId)
          .executeTakeFirst()
        if (!client || client.revoked_at) throw new ApiError(401, 'TOKEN_INVALID', 'Token is invalid')
        if (!v.scopes.includes(scope)) throw new ApiError(403, 'FORBIDDEN', `The token lacks the scope ${scope}`)
        req.integration = { clientId: v.clientId, scopes: v.scopes }
      }, 'integration')
      guards.set(scope, guard)
    }
    return guard
  })
}
