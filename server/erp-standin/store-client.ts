import type { ErpBulkAnswer } from '../../types/platform/erp'
import type { ErpScope } from '../../types/platform/erp-scopes'

/**
 * How the stand-in ERP talks to the store, as a real ERP would (docs/erp.md, "The inbound API"): an access token of
 * the OAuth 2 client-credentials grant from the store's provider (/oidc/token), kept until shortly before it
 * expires, then bulk calls to /api/erp/... Every call is idempotent by the row ids, so a call that failed on the
 * way (the store restarting, a refused connection) is simply sent again.
 */
export interface StoreCredentials {
  clientId: string
  clientSecret: string
}

export interface StoreClient {
  post(path: string, rows: unknown[]): Promise<ErpBulkAnswer>
}

const SCOPES: ErpScope[] = ['erp:orders', 'erp:invoices']
/** a token is renewed this long before it expires */
const RENEW_BEFORE_MS = 30_000

export function storeClient(storeUrl: () => string, credentials: () => StoreCredentials | null): StoreClient {
  let cached: { token: string; until: number; clientId: string } | null = null

  async function token(): Promise<string> {
    const c = credentials()
    if (!c) throw new Error('the stand-in ERP has no integration client yet (ERP_STANDIN_CLIENT_ID/SECRET)')
    if (cached && cached.clientId === c.clientId && cached.until > Date.now()) return cached.token
    const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString(
      'base64',
    )
    const res = await fetch(new URL('/oidc/token', storeUrl()), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES.join(' ') }).toString(),
    })
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number }
    if (!res.ok || !body.access_token) throw new Error(`the store refused the client credentials (${res.status})`)
    const ttlMs = (body.expires_in ?? 300) * 1000
    cached = { token: body.access_token, until: Date.now() + ttlMs - RENEW_BEFORE_MS, clientId: c.clientId }
    return cached.token
  }

  return {
    async post(path, rows) {
      const res = await fetch(new URL(`/api/erp/${path}`, storeUrl()), {
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rows }),
      })
      if (res.status === 401) cached = null // a token the store no longer takes: the next try asks for another
      const body = (await res.json().catch(() => null)) as { data?: ErpBulkAnswer } | null
      if (!res.ok || !body?.data) throw new Error(`POST /api/erp/${path} answered ${res.status}`)
      return body.data
    },
  }
}
