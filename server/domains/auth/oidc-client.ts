import crypto from 'node:crypto'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import type { ResolvedAuthConfig } from './config'

/**
 * Our server as an OpenID Connect client (confidential, authorization code + PKCE S256).
 * Works with any issuer through its discovery document; the embedded one by default.
 */
interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  userinfo_endpoint?: string
}

export class OidcExchangeError extends Error {}

export const SCOPE = 'openid profile email username'
const DISCOVERY_TTL_MS = 10 * 60_000
const TIMEOUT_MS = 10_000

export const pkcePair = () => {
  const verifier = crypto.randomBytes(32).toString('base64url')
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') }
}

export function createOidcClient(cfg: ResolvedAuthConfig['oidc']) {
  let cached: { at: number; meta: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> } | null = null

  async function discover() {
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached
    const res = await fetch(`${cfg.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    if (!res.ok) throw new OidcExchangeError(`discovery failed: HTTP ${res.status}`)
    const meta = (await res.json()) as Discovery
    if (meta.issuer !== cfg.issuer) throw new OidcExchangeError('discovery issuer mismatch')
    cached = { at: Date.now(), meta, jwks: createRemoteJWKSet(new URL(meta.jwks_uri)) }
    return cached
  }

  return {
    async authorizationUrl(p: { state: string; nonce: string; challenge: string; prompt: 'login' | 'create'; uiLocales?: string }) {
      const { meta } = await discover()
      const u = new URL(meta.authorization_endpoint)
      const q = {
        response_type: 'code', client_id: cfg.clientId, redirect_uri: cfg.redirectUri, scope: SCOPE, state: p.state,
        nonce: p.nonce, code_challenge: p.challenge, code_challenge_method: 'S256', prompt: p.prompt,
        ...(p.uiLocales ? { ui_locales: p.uiLocales } : {}),
      }
      for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v)
      return u.href
    },

    /** Exchanges the code (sending the code_verifier), verifies the id token; returns its claims. */
    async exchange(code: string, verifier: string, nonce: string): Promise<JWTPayload> {
      const { meta, jwks } = await discover()
      const basic = Buffer.from(`${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`).toString('base64')
      const res = await fetch(meta.token_endpoint, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: cfg.redirectUri, code_verifier: verifier }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      const body = (await res.json().catch(() => ({}))) as { id_token?: string; access_token?: string; error?: string }
      if (!res.ok || !body.id_token) throw new OidcExchangeError(`token endpoint refused the code: ${body.error ?? res.status}`)
      let claims: JWTPayload
      try {
        ;({ payload: claims } = await jwtVerify(body.id_token, jwks, { issuer: meta.issuer, audience: cfg.clientId }))
      } catch (e) {
        throw new OidcExchangeError(`id_token rejected: ${(e as Error).message}`)
      }
      if (claims.nonce !== nonce) throw new OidcExchangeError('id_token nonce mismatch')
      if (typeof claims.sub !== 'string' || !claims.sub) throw new OidcExchangeError('id_token has no sub')
      // an external issuer may keep profile claims for userinfo only
      if (!claims.preferred_username && !claims.username && meta.userinfo_endpoint && body.access_token) {
        const ui = await fetch(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${body.access_token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) })
        const info = ui.ok ? ((await ui.json()) as JWTPayload) : null
        if (info && info.sub === claims.sub) claims = { ...info, ...claims }
      }
      return claims
    },
  }
}
export type OidcClient = ReturnType<typeof createOidcClient>
