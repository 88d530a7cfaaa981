import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import Provider, { interactionPolicy, type Configuration } from 'oidc-provider'
import type { DB } from '../../../db/schema'
import { providerCookieKeys, type ResolvedAuthConfig } from '../config'
import { claimsOf, findUserById } from './accounts'
import { findStaffById, staffClaimsOf } from './staff-accounts'
import { interactionRoutes } from './interactions'
import { createDbStore } from './db-store'
import { pickLang, msg } from './messages'
import { messagePage, PAGE_HEADERS } from './pages'
import { INTEGRATION_SCOPES, integrationFeatures } from './integration-features'

/**
 * The embedded OpenID Connect provider (oidc-provider, Koa-based) at {publicUrl}/oidc.
 * Confidential clients (PKCE S256 required), both our own server: the buyers' login (EMBEDDED_CLIENT_ID, accounts
 * are our users) and the staff sign-in (STAFF_CLIENT_ID, accounts are staff_users: ./staff-accounts), each present
 * unless an external issuer is configured for it. The sign-in and registration pages are served by ./interactions. The provider keeps its own artefacts
 * (interactions, sessions, codes, grants) in the database (./db-store, table oidc_store), so every
 * instance over one database shares them.
 * Its ES256 signing key is derived from the JWT secret like its cookie keys, so every instance that
 * shares the secret signs with the same key (an id token issued by one instance verifies against the
 * keys another one publishes).
 */
const signingKeys = new Map<string, Record<string, unknown>>()
/** The provider's P-256 signing key (JWK), derived from the JWT secret by HKDF (deterministic, per secret). */
export function signingKey(jwtSecret: string): Record<string, unknown> {
  let jwk = signingKeys.get(jwtSecret)
  if (jwk) return jwk
  for (let i = 0; ; i++) {
    const d = Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'oidc-provider-signing-key', `p256:${i}`, 32))
    const ecdh = crypto.createECDH('prime256v1')
    try {
      ecdh.setPrivateKey(d) // refuses 0 and values >= the group order (chance ~2^-32): take the next
    } catch {
      continue
    }
    const pub = ecdh.getPublicKey(null, 'uncompressed') // 0x04 || x || y
    const b64 = (b: Buffer) => b.toString('base64url')
    const x = b64(pub.subarray(1, 33))
    const y = b64(pub.subarray(33, 65))
    const kid = crypto.createHash('sha256').update(`${x}.${y}`).digest('base64url').slice(0, 16)
    jwk = { kty: 'EC', crv: 'P-256', x, y, d: b64(d), kid, alg: 'ES256', use: 'sig' }
    signingKeys.set(jwtSecret, jwk)
    return jwk
  }
}

export function createEmbeddedProvider(cfg: ResolvedAuthConfig, db: Kysely<DB>): Provider {
  const mountPath = new URL(cfg.embeddedIssuer).pathname.replace(/\/$/, '')
  const policy = interactionPolicy.base()
  // prompt=create (Initiating User Registration via OpenID Connect): our registration page
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0)

  const jwk = signingKey(cfg.jwtSecret)

  const configuration: Configuration = {
    adapter: createDbStore(db).adapter,
    clients: [cfg.oidc, cfg.staff.oidc]
      .filter((c) => c.embedded)
      .map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      })),
    pkce: { required: () => true },
    responseTypes: ['code'],
    // the ERP's integration clients ask for their scopes with the client-credentials grant (../integration.ts)
    scopes: ['openid', 'profile', 'email', 'username', ...INTEGRATION_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
      email: ['email', 'email_verified'],
      username: ['username'],
    },
    // the id token carries the scope's claims, so the client needs no userinfo call
    conformIdTokenClaims: false,
    cookies: { keys: providerCookieKeys(cfg.jwtSecret) },
    jwks: { keys: [jwk as typeof jwk & { kty: string }] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      ...integrationFeatures,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(ctx, sub) {
      // the staff client's accounts are staff members, never buyers (and the buyers' client never sees a staff member)
      if (cfg.staff.oidc.embedded && ctx.oidc?.client?.clientId === cfg.staff.oidc.clientId) {
        const member = await findStaffById(db, sub)
        if (!member) return undefined
        return { accountId: member.id, claims: async () => staffClaimsOf(member) }
      }
      const user = await findUserById(db, sub)
      if (!user) return undefined
      return { accountId: user.id, claims: async () => claimsOf(user) }
    },
    async renderError(ctx, out, error) {
      const lang = pickLang(ctx.get('accept-language'))
      const expired = (error as { name?: string })?.name === 'SessionNotFound'
      ctx.set(PAGE_HEADERS)
      ctx.type = 'html'
      ctx.body = messagePage({
        lang,
        title: msg(lang, expired ? 'expiredTitle' : 'errorTitle'),
        text: `${msg(lang, expired ? 'expired' : 'error')} (${String(out.error ?? 'error')})`,
        link: { href: cfg.appUrl ? `${cfg.appUrl}/home` : '/home', label: msg(lang, 'backToShop') },
      })
    },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      // every login asks for the password again (prompt=login), so provider sessions need not live long
      Session: 60 * 60,
      Grant: 60 * 60,
      IdToken: 5 * 60,
      AccessToken: 5 * 60,
    },
  }
  const provider = new Provider(cfg.embeddedIssuer, configuration)
  provider.proxy = true // behind the same proxy settings as Fastify (trustProxy)
  return provider
}

/** Mounts the provider's Koa app at /oidc (wildcard route, raw req/res) and its interaction pages. */
export function mountEmbeddedProvider(
  app: FastifyInstance,
  provider: Provider,
  deps: { db: Kysely<DB>; cfg: ResolvedAuthConfig },
) {
  const mountPath = new URL(deps.cfg.embeddedIssuer).pathname.replace(/\/$/, '')
  const callback = provider.callback()
  app.register(async (scope) => {
    // the provider reads request bodies itself: Fastify must not consume them
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null))
    const handler = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack()
      const raw = req.raw as IncomingMessage & { originalUrl?: string }
      raw.originalUrl = raw.url
      const rest = raw.url!.slice(mountPath.length)
      raw.url = rest.startsWith('/') ? rest : `/${rest}`
      void callback(raw, reply.raw)
    }
    scope.all(mountPath, handler)
    scope.all(`${mountPath}/*`, handler)
  })
  app.register(interactionRoutes, { provider, db: deps.db, cfg: deps.cfg, mountPath })
}
