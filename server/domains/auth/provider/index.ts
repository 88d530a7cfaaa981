import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import Provider, { interactionPolicy, type Configuration } from 'oidc-provider'
import type { DB } from '../../../db/schema'
import { providerCookieKeys, type ResolvedAuthConfig } from '../config'
import { claimsOf, findUserById } from './accounts'
import { interactionRoutes } from './interactions'
import { createMemoryStore } from './memory-store'
import { pickLang, msg } from './messages'
import { messagePage, PAGE_HEADERS } from './pages'

/**
 * The embedded OpenID Connect provider (oidc-provider, Koa-based) at {publicUrl}/oidc.
 * One confidential client: our own server (PKCE S256 required). Accounts are our users; the sign-in
 * and registration pages are served by ./interactions. The provider keeps its own artefacts
 * (interactions, sessions, codes, grants) in memory (./memory-store): one process only.
 * Its signing key is generated per process (id tokens are only read right after they are issued).
 */
let processKey: Record<string, unknown> | null = null
/** One RS256 signing key per process (generated at first use). */
function signingKey() {
  if (!processKey) {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    processKey = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }
  }
  return processKey
}

export function createEmbeddedProvider(cfg: ResolvedAuthConfig, db: Kysely<DB>): Provider {
  const mountPath = new URL(cfg.oidc.issuer).pathname.replace(/\/$/, '')
  const policy = interactionPolicy.base()
  // prompt=create (Initiating User Registration via OpenID Connect): our registration page
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0)

  const jwk = signingKey()

  const configuration: Configuration = {
    adapter: createMemoryStore(),
    clients: [
      {
        client_id: cfg.oidc.clientId,
        client_secret: cfg.oidc.clientSecret,
        redirect_uris: [cfg.oidc.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'profile', 'email', 'username'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
      email: ['email', 'email_verified'],
      username: ['username'],
    },
    // the id token carries the scope's claims, so the client needs no userinfo call
    conformIdTokenClaims: false,
    cookies: { keys: providerCookieKeys(cfg.jwtSecret) },
    jwks: { keys: [jwk as any] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
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
  const provider = new Provider(cfg.oidc.issuer, configuration)
  provider.proxy = true // behind the same proxy settings as Fastify (trustProxy)
  return provider
}

/** Mounts the provider's Koa app at /oidc (wildcard route, raw req/res) and its interaction pages. */
export function mountEmbeddedProvider(app: FastifyInstance, provider: Provider, deps: { db: Kysely<DB>; cfg: ResolvedAuthConfig }) {
  const mountPath = new URL(deps.cfg.oidc.issuer).pathname.replace(/\/$/, '')
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
