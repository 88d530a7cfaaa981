import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose'
import type { FastifyInstance } from 'fastify'
import { DB_KINDS, openTestDb, closeTestDb, auth, TEST_JWT_SECRET } from './helpers'
import { buildApp } from '../../server/app'
import type { DbHandle } from '../../server/db'

/**
 * Login through an external OpenID issuer (OIDC_ISSUER): a small issuer of our own in the test plays
 * the provider, so each test can hand the relying party a token response the embedded provider would
 * never produce, and check what the relying party (openid-client) refuses.
 */

const CLIENT_ID = 'storefront-at-external'
const CLIENT_SECRET = 'external-secret-1'
const sha = (s: string) => crypto.createHash('sha256').update(s).digest('base64url')

interface AuthRequest {
  state: string
  nonce: string
  challenge: string
}

/** Discovery, JWKS, token and userinfo endpoints; the token response comes from `respond`. */
async function startFakeIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  const issued = new Map<string, AuthRequest>()
  const fake = {
    issuer: '',
    /** builds the id_token claims for a code (default: a good token for `preferred_username`) */
    claims: (req: AuthRequest): JWTPayload => ({
      sub: 'ext-1',
      aud: CLIENT_ID,
      nonce: req.nonce,
      preferred_username: 'approved.cn',
    }),
    tokenError: null as null | { status: number; body: object },
    userinfo: null as null | object,
    tokenRequests: 0,
    /** the code the issuer would send back for an authorization request (the test plays the browser) */
    codeFor(req: AuthRequest) {
      const code = crypto.randomBytes(16).toString('base64url')
      issued.set(code, req)
      return code
    },
    async sign(claims: JWTPayload) {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ iss: fake.issuer, iat: now, exp: now + 300, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(privateKey)
    },
  }
  const send = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', async () => {
      const url = new URL(req.url!, fake.issuer)
      if (url.pathname === '/.well-known/openid-configuration') {
        return send(res, 200, {
          issuer: fake.issuer,
          authorization_endpoint: `${fake.issuer}/authorize`,
          token_endpoint: `${fake.issuer}/token`,
          jwks_uri: `${fake.issuer}/jwks`,
          userinfo_endpoint: `${fake.issuer}/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          authorization_response_iss_parameter_supported: true,
        })
      }
      if (url.pathname === '/jwks') return send(res, 200, { keys: [jwk] })
      if (url.pathname === '/token' && req.method === 'POST') {
        fake.tokenRequests++
        // client_secret_basic: form-urlencoded id and secret (RFC 6749 2.3.1)
        const [id, secret] = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64')
          .toString()
          .split(':')
          .map(decodeURIComponent)
        if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return send(res, 401, { error: 'invalid_client' })
        const form = new URLSearchParams(body)
        const ar = issued.get(form.get('code') ?? '')
        issued.delete(form.get('code') ?? '')
        if (!ar || sha(form.get('code_verifier') ?? '') !== ar.challenge)
          return send(res, 400, { error: 'invalid_grant' })
        if (fake.tokenError) return send(res, fake.tokenError.status, fake.tokenError.body)
        return send(res, 200, {
          access_token: 'at-' + crypto.randomBytes(8).toString('hex'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await fake.sign(fake.claims(ar)),
        })
      }
      if (url.pathname === '/userinfo') return fake.userinfo ? send(res, 200, fake.userinfo) : send(res, 404, {})
      send(res, 404, {})
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  fake.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { fake, close: () => new Promise<void>((r) => server.close(() => r())) }
}

for (const kind of DB_KINDS) {
  describe(`[${kind}] login through an external OpenID issuer (OIDC_ISSUER): the relying party's checks`, () => {
    let handle: DbHandle
    let app: FastifyInstance
    let issuer: Awaited<ReturnType<typeof startFakeIssuer>>
    const fake = () => issuer.fake
    const defaultClaims =
      () =>
      (req: AuthRequest): JWTPayload => ({
        sub: 'ext-1',
        aud: CLIENT_ID,
        nonce: req.nonce,
        preferred_username: 'approved.cn',
      })

    before(async () => {
      issuer = await startFakeIssuer()
      handle = await openTestDb(kind)
      app = buildApp({
        db: handle.db,
        jwtSecret: TEST_JWT_SECRET,
        auth: {
          publicUrl: 'http://127.0.0.1:3999',
          oidc: { issuer: issuer.fake.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
        },
      })
      await app.ready()
    })
    after(async () => {
      await app?.close()
      if (handle) await closeTestDb(handle)
      await issuer?.close()
    })

    /** authorize → (the issuer's sign-in, played here) → the callback with a code; returns where the browser is sent. */
    async function login(extra: (q: URLSearchParams) => void = () => {}) {
      const a = await app.inject('/api/auth/oidc/authorize?returnTo=/home')
      assert.equal(a.statusCode, 302, a.body)
      const to = new URL(a.headers.location as string)
      assert.equal(`${to.origin}${to.pathname}`, `${fake().issuer}/authorize`)
      const req = {
        state: to.searchParams.get('state')!,
        nonce: to.searchParams.get('nonce')!,
        challenge: to.searchParams.get('code_challenge')!,
      }
      const q = new URLSearchParams({ code: fake().codeFor(req), state: req.state, iss: fake().issuer })
      extra(q)
      const cb = await app.inject(`/api/auth/oidc/callback?${q}`)
      assert.equal(cb.statusCode, 302)
      return new URL(cb.headers.location as string, 'http://app.local')
    }
    const refused = (to: URL) => {
      assert.equal(to.pathname, '/login-callback')
      assert.equal(to.searchParams.get('error'), 'exchange')
      assert.equal(to.searchParams.get('ticket'), null)
    }

    it('a good id_token: the user is found by preferred_username and gets a ticket, then our token', async () => {
      fake().claims = defaultClaims()
      const to = await login()
      const ticket = to.searchParams.get('ticket')
      assert.ok(ticket, to.href)
      const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { ticket } })
      const info = await app.inject({ url: '/api/users/info', headers: auth(res.json().data.token) })
      assert.equal(info.json().data.userProfile.userName, 'approved.cn')
    })

    it('profile claims only at userinfo: they are read there (same sub); a userinfo answer for another sub is ignored', async () => {
      fake().claims = (req) => ({ sub: 'ext-2', aud: CLIENT_ID, nonce: req.nonce })
      fake().userinfo = { sub: 'ext-2', preferred_username: 'lite.cn' }
      const t1 = (await login()).searchParams.get('ticket')!
      const d1 = (await app.inject({ method: 'POST', url: '/api/auth/token', payload: { ticket: t1 } })).json().data
      assert.equal(
        (await app.inject({ url: '/api/users/info', headers: auth(d1.token) })).json().data.userProfile.userName,
        'lite.cn',
      )

      fake().userinfo = { sub: 'someone-else', preferred_username: 'approved.cn' }
      const t2 = (await login()).searchParams.get('ticket')!
      const d2 = (await app.inject({ method: 'POST', url: '/api/auth/token', payload: { ticket: t2 } })).json().data
      const name = (await app.inject({ url: '/api/users/info', headers: auth(d2.token) })).json().data.userProfile
        .userName
      assert.notEqual(name, 'approved.cn')
      assert.match(name, /^ext-[0-9a-f]{16}$/)
      assert.equal(d2.registered, true)
      fake().userinfo = null
    })

    const bad: [string, (req: AuthRequest) => JWTPayload][] = [
      ['another audience', (req) => ({ sub: 'ext-1', aud: 'another-client', nonce: req.nonce })],
      [
        'several audiences and no azp',
        (req) => ({ sub: 'ext-1', aud: [CLIENT_ID, 'another-client'], nonce: req.nonce }),
      ],
      [
        'several audiences, azp another client',
        (req) => ({ sub: 'ext-1', aud: [CLIENT_ID, 'another-client'], azp: 'another-client', nonce: req.nonce }),
      ],
      [
        'another issuer in the token',
        (req) => ({ sub: 'ext-1', aud: CLIENT_ID, nonce: req.nonce, iss: 'http://127.0.0.1:1/other' }),
      ],
      ['no nonce', () => ({ sub: 'ext-1', aud: CLIENT_ID })],
      [
        'expired a minute ago (beyond the clock tolerance)',
        (req) => ({ sub: 'ext-1', aud: CLIENT_ID, nonce: req.nonce, exp: Math.floor(Date.now() / 1000) - 60 }),
      ],
      ['no sub', (req) => ({ aud: CLIENT_ID, nonce: req.nonce })],
    ]
    for (const [what, claims] of bad) {
      it(`an id_token with ${what} is refused (error=exchange)`, async () => {
        fake().claims = claims
        refused(await login())
      })
    }

    it('clock skew: an id_token that expired a few seconds ago is still accepted (30 s tolerance)', async () => {
      fake().claims = (req) => ({
        sub: 'ext-1',
        aud: CLIENT_ID,
        nonce: req.nonce,
        preferred_username: 'approved.cn',
        exp: Math.floor(Date.now() / 1000) - 5,
      })
      assert.ok((await login()).searchParams.get('ticket'))
    })

    it('several audiences with azp = our client are accepted', async () => {
      fake().claims = (req) => ({
        sub: 'ext-1',
        aud: [CLIENT_ID, 'api'],
        azp: CLIENT_ID,
        nonce: req.nonce,
        preferred_username: 'approved.cn',
      })
      assert.ok((await login()).searchParams.get('ticket'))
    })

    it('a token signed by another key is refused', async () => {
      const { privateKey } = await generateKeyPair('RS256')
      const sign = fake().sign
      fake().claims = defaultClaims()
      fake().sign = (c) =>
        new SignJWT({
          iss: fake().issuer,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 300,
          ...c,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .sign(privateKey)
      try {
        refused(await login())
      } finally {
        fake().sign = sign
      }
    })

    it("the token endpoint's error response is refused; a wrong iss parameter never reaches the token endpoint", async () => {
      fake().claims = defaultClaims()
      fake().tokenError = { status: 400, body: { error: 'invalid_grant', error_description: 'code expired' } }
      refused(await login())
      fake().tokenError = null
      const before = fake().tokenRequests
      refused(await login((q) => q.set('iss', 'http://127.0.0.1:1/mix-up')))
      refused(await login((q) => q.delete('iss')))
      assert.equal(
        fake().tokenRequests,
        before,
        'the code is not sent anywhere when the response is from another issuer',
      )
    })
  })
}
