import * as oidc from 'openid-client'
import { LRUCache } from 'lru-cache'
import type { JWTPayload } from 'jose'
import type { ResolvedAuthConfig } from './config'

/**
 * Our server as an OpenID Connect relying party (confidential client, authorization code + PKCE S256),
 * on `openid-client` (certified RP library): discovery, the authorization URL, and the callback, whose
 * checks are the library's: `state`, the `iss` response parameter (RFC 9207), error responses, the
 * code exchange with the verifier, and the id_token (signature against the issuer's JWKS, iss, aud,
 * azp, exp with a 30 s clock tolerance, nonce, sub). Works with any issuer through its discovery document; the
 * embedded one by default.
 */

export class OidcExchangeError extends Error {}

export const SCOPE = 'openid profile email username'
const DISCOVERY_TTL_MS = 10 * 60_000
const TIMEOUT_SECONDS = 10

/**
 * Plain http only for an http issuer (the embedded one on a local PUBLIC_URL, a dev issuer); never for
 * https. The id_token signature is checked against the issuer's JWKS too (the library skips it by
 * default, trusting TLS to authenticate the token endpoint: plain http gives no such guarantee).
 */
function discoveryOptions(issuer: URL): oidc.DiscoveryRequestOptions {
  const insecure = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []
  return { timeout: TIMEOUT_SECONDS, execute: [...insecure, oidc.enableNonRepudiationChecks] }
}

/** The authorization response as the browser delivered it (error, code, state, iss...), at our redirect_uri. */
export function callbackUrl(cfg: ResolvedAuthConfig['oidc'], rawUrl: string): URL {
  const u = new URL(cfg.redirectUri)
  const q = rawUrl.indexOf('?')
  u.search = q >= 0 ? rawUrl.slice(q) : ''
  return u
}

/**
 * Why a callback failed, for the app's /login-callback?error=: the user cancelled at the issuer
 * (access_denied) or anything else (exchange).
 */
export const callbackErrorCode = (e: unknown): 'access_denied' | 'exchange' =>
  e instanceof oidc.AuthorizationResponseError && e.error === 'access_denied' ? 'access_denied' : 'exchange'

export function createOidcClient(cfg: ResolvedAuthConfig['oidc']) {
  const issuer = new URL(cfg.issuer)
  // one entry: this client's issuer
  const cached = new LRUCache<string, Promise<oidc.Configuration>>({ max: 1, ttl: DISCOVERY_TTL_MS })

  /** The issuer's metadata (its `issuer` must equal ours: the library checks), kept 10 minutes. */
  function configuration(): Promise<oidc.Configuration> {
    const hit = cached.get(issuer.href)
    if (hit) return hit
    const config = oidc.discovery(
      issuer,
      cfg.clientId,
      undefined,
      oidc.ClientSecretBasic(cfg.clientSecret),
      discoveryOptions(issuer),
    )
    cached.set(issuer.href, config)
    // a failed discovery is not kept: the next login tries again
    config.catch(() => {
      if (cached.peek(issuer.href) === config) cached.delete(issuer.href)
    })
    return config
  }

  return {
    /** A fresh PKCE verifier and nonce for one login (kept server-side in the one-time state). */
    newSecrets: () => ({ verifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() }),

    async authorizationUrl(p: {
      state: string
      nonce: string
      verifier: string
      prompt: 'login' | 'create'
      uiLocales?: string
    }) {
      const config = await configuration()
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: cfg.redirectUri,
        scope: SCOPE,
        state: p.state,
        nonce: p.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(p.verifier),
        code_challenge_method: 'S256',
        prompt: p.prompt,
        ...(p.uiLocales ? { ui_locales: p.uiLocales } : {}),
      }).href
    },

    /**
     * Validates the authorization response (`currentUrl`), exchanges its code with the verifier and
     * verifies the id token; returns its claims. Throws an oidc.AuthorizationResponseError for an error
     * response of the issuer, another error for anything refused.
     */
    async exchange(currentUrl: URL, expected: { state: string; verifier: string; nonce: string }): Promise<JWTPayload> {
      const config = await configuration()
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        expectedState: expected.state,
        pkceCodeVerifier: expected.verifier,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new OidcExchangeError('no id_token')
      // an external issuer may keep profile claims for userinfo only (the library checks its sub is the id token's)
      if (!claims.preferred_username && !claims.username && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => null)
        if (info) return { ...info, ...claims }
      }
      return claims
    },
  }
}
export type OidcClient = ReturnType<typeof createOidcClient>
