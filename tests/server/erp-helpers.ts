import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import type { ErpScope } from '../../types/platform/erp-scopes'
import type { ErpBulkAnswer } from '../../types/platform/erp'
import { auth } from './helpers'
import { staffToken } from './staff-helpers'

export interface ErpClient {
  clientId: string
  clientSecret: string
  token: string
}

/** An access token of the client-credentials grant from the embedded provider's token endpoint. */
export async function clientCredentialsToken(
  app: FastifyInstance,
  clientId: string,
  clientSecret: string,
  scope?: string,
): Promise<{ status: number; token: string | null; body: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }).toString(),
  })
  const body = res.json() as Record<string, unknown>
  return { status: res.statusCode, token: typeof body.access_token === 'string' ? body.access_token : null, body }
}

/** An integration client made by the administrator through the admin API, and a token with all its scopes. */
export async function erpClient(
  app: FastifyInstance,
  db: Kysely<DB>,
  scopes: ErpScope[] = ['erp:orders', 'erp:invoices', 'erp:catalogue'],
): Promise<ErpClient> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/integration-clients',
    headers: auth(await staffToken(db, 'staff-administrator')),
    payload: { name: 'Test ERP', scopes },
  })
  assert.equal(res.statusCode, 200, res.body)
  const { client, clientSecret } = res.json().data as { client: { clientId: string }; clientSecret: string }
  const t = await clientCredentialsToken(app, client.clientId, clientSecret, scopes.join(' '))
  assert.equal(t.status, 200, JSON.stringify(t.body))
  return { clientId: client.clientId, clientSecret, token: t.token! }
}

/** Posts rows to an inbound ERP route; the whole answer. */
export async function postRows(app: FastifyInstance, token: string | null, path: string, rows: unknown[]) {
  return app.inject({
    method: 'POST',
    url: `/api/erp/${path}`,
    headers: token ? auth(token) : {},
    payload: { rows },
  })
}

/** Posts rows and expects 200; the per-row answer. */
export async function sendRows(
  app: FastifyInstance,
  token: string,
  path: string,
  rows: unknown[],
): Promise<ErpBulkAnswer> {
  const res = await postRows(app, token, path, rows)
  assert.equal(res.statusCode, 200, res.body)
  return res.json().data as ErpBulkAnswer
}

/** The buyer's price of a product (POST /api/product/price), as the storefront shows it. */
export async function buyerPrice(app: FastifyInstance, token: string, catalogNumber: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/product/price',
    headers: { ...auth(token), languagecode: 'en' },
    payload: { catalogNumbers: [catalogNumber] },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().data.products[0] as { efPrice: number | null; unFormattedPrice: number | null }
}
