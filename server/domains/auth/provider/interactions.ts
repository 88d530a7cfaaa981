import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type Provider from 'oidc-provider'
import type { DB } from '../../../db/schema'
import type { ResolvedAuthConfig } from '../config'
import { authenticate, normalizeUsername, registerUser } from './accounts'
import { authenticateStaff, recordStaffLockout, recordStaffSignIn, staffIdByName } from './staff-accounts'
import { msg, pickLang, type PageLang } from './messages'
import { loginPage, messagePage, PAGE_HEADERS, registerPage } from './pages'

/**
 * The sign-in, registration and consent steps of the embedded provider, at {mount}/interaction/:uid.
 * CSRF: every step needs the provider's interaction cookie (SameSite=Lax, bound to this uid), so a
 * cross-site form post finds no interaction. Password posts are rate limited (app.login.limiters).
 * The staff client (issue 24) signs in staff_users only, has no registration, and its password posts count in
 * windows of their own (keys prefixed 'staff|'); its failures and lockouts go to the audit log.
 */
type Body = Record<string, string | undefined>

function parseForm(_req: FastifyRequest, body: string, done: (err: Error | null, body?: Body) => void) {
  const out: Body = {}
  for (const [k, v] of new URLSearchParams(body)) if (!(k in out)) out[k] = v
  done(null, out)
}

export async function interactionRoutes(
  app: FastifyInstance,
  opts: { provider: Provider; db: Kysely<DB>; cfg: ResolvedAuthConfig; mountPath: string },
) {
  const { provider, db, cfg, mountPath } = opts
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, parseForm)
  const base = `/interaction/:uid`
  const prefix = mountPath
  const embeddedClients = new Set([cfg.oidc, cfg.staff.oidc].filter((c) => c.embedded).map((c) => c.clientId))
  /** the interaction is the staff client's: its accounts are staff members, never buyers */
  const isStaff = (d: { params: Record<string, unknown> }) =>
    cfg.staff.oidc.embedded && d.params.client_id === cfg.staff.oidc.clientId

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.status(status).headers(PAGE_HEADERS).send(page)

  function langOf(req: FastifyRequest, details?: { params: Record<string, unknown> }): PageLang {
    const q = (req.query as Record<string, string | undefined>)?.lang
    const b = (req.body as Body | undefined)?.lang
    return pickLang(q, b, details?.params.ui_locales as string | undefined, req.headers['accept-language'])
  }

  /** The interaction of this uid, or null (expired, used, or no cookie: a cross-site post lands here). */
  async function details(req: FastifyRequest, reply: FastifyReply) {
    try {
      const d = await provider.interactionDetails(req.raw, reply.raw)
      return d.uid === (req.params as { uid: string }).uid ? d : null
    } catch {
      return null
    }
  }

  /** 429 with Retry-After: over a rate limit (and a link back to the form, where there is one). */
  const tooManyPage = (
    reply: FastifyReply,
    lang: PageLang,
    seconds: number,
    link?: { href: string; label: string },
  ) => {
    reply.header('retry-after', String(seconds))
    return html(
      reply,
      429,
      messagePage({ lang, title: msg(lang, 'tooManyTitle'), text: msg(lang, 'tooMany', { seconds }), link }),
    )
  }

  const expiredPage = (reply: FastifyReply, lang: PageLang) =>
    html(
      reply,
      400,
      messagePage({
        lang,
        title: msg(lang, 'expiredTitle'),
        text: msg(lang, 'expired'),
        link: { href: cfg.appUrl ? `${cfg.appUrl}/home` : '/home', label: msg(lang, 'backToShop') },
      }),
    )

  /** Ends the step; `merge` keeps the earlier steps' results (the login before the consent). */
  async function finish(req: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>, merge = false) {
    const to = await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: merge })
    return reply.redirect(to, 303)
  }

  /** Our own server is a first-party client: its consent is granted without asking. */
  async function autoConsent(
    req: FastifyRequest,
    reply: FastifyReply,
    d: Awaited<ReturnType<Provider['interactionDetails']>>,
  ) {
    const clientId = String(d.params.client_id)
    if (!embeddedClients.has(clientId) || !d.session?.accountId)
      return finish(req, reply, { error: 'access_denied', error_description: 'consent required' })
    const grant = d.grantId
      ? await provider.Grant.find(d.grantId)
      : new provider.Grant({ accountId: d.session.accountId, clientId })
    if (!grant) return finish(req, reply, { error: 'access_denied', error_description: 'grant not found' })
    const det = d.prompt.details as {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
    if (det.missingOIDCScope) grant.addOIDCScope(det.missingOIDCScope.join(' '))
    if (det.missingOIDCClaims) grant.addOIDCClaims(det.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(det.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '))
    const grantId = await grant.save()
    return finish(req, reply, { consent: d.grantId ? {} : { grantId } }, true)
  }

  /**
   * The staff client's password step: windows of its own per IP + user name and per user name (the buyers' sizes),
   * then staff_users only. A refusal or a lockout of a known member is audited; nothing logs the password.
   */
  async function staffLogin(
    req: FastifyRequest,
    reply: FastifyReply,
    d: { uid: string },
    lang: PageLang,
    username: string,
    password: string,
  ) {
    const { passwordIpUser, passwordUser } = app.login.limiters
    const a = await passwordIpUser.hit(req, `staff|${req.ip}|${username}`)
    const b = await passwordUser.hit(req, `staff|${username}`)
    if (!a.allowed || !b.allowed) {
      const retryAfter = Math.max(a.allowed ? 0 : a.retryAfter, b.allowed ? 0 : b.retryAfter)
      const staffId = await staffIdByName(db, username)
      req.log.warn({ staffId, retryAfter }, 'staff sign-in: password attempts over the limit')
      if (staffId) await recordStaffLockout(db, req, { staffId, step: 'password', windowMs: cfg.rateLimits.windowMs })
      return tooManyPage(reply, lang, retryAfter, {
        href: `${prefix}/interaction/${encodeURIComponent(d.uid)}?lang=${lang}`,
        label: msg(lang, 'tryAgain'),
      })
    }
    const r = await authenticateStaff(db, username, password, { production: cfg.staff.production })
    if (!r.ok) {
      if (r.staffId)
        await recordStaffSignIn(db, req, {
          staffId: r.staffId,
          action: 'signin.failed',
          detail: { step: 'password' },
        })
      return html(
        reply,
        401,
        loginPage({ lang, uid: d.uid, username, error: msg(lang, 'wrongCredentials'), base: prefix, staff: true }),
      )
    }
    return finish(req, reply, { login: { accountId: r.staffId } })
  }

  app.get(`${prefix}${base}`, async (req, reply) => {
    const d = await details(req, reply)
    const lang = langOf(req, d ?? undefined)
    if (!d) return expiredPage(reply, lang)
    if (d.prompt.name === 'consent') return autoConsent(req, reply, d)
    const hint = typeof d.params.login_hint === 'string' ? d.params.login_hint : undefined
    const view = (req.query as { view?: string }).view
    if (isStaff(d)) return html(reply, 200, loginPage({ lang, uid: d.uid, username: hint, base: prefix, staff: true }))
    if (d.prompt.name === 'create' && view !== 'login')
      return html(reply, 200, registerPage({ lang, uid: d.uid, base: prefix }))
    return html(reply, 200, loginPage({ lang, uid: d.uid, username: hint, base: prefix }))
  })

  app.get(`${prefix}${base}/register`, async (req, reply) => {
    const d = await details(req, reply)
    const lang = langOf(req, d ?? undefined)
    if (!d) return expiredPage(reply, lang)
    if (isStaff(d)) return html(reply, 200, loginPage({ lang, uid: d.uid, base: prefix, staff: true }))
    return html(reply, 200, registerPage({ lang, uid: d.uid, base: prefix }))
  })

  app.get(`${prefix}${base}/abort`, async (req, reply) => {
    const d = await details(req, reply)
    if (!d) return expiredPage(reply, langOf(req))
    return finish(req, reply, { error: 'access_denied', error_description: 'End-User aborted interaction' })
  })

  app.post(`${prefix}${base}/login`, async (req, reply) => {
    const body = (req.body ?? {}) as Body
    const d = await details(req, reply)
    const lang = langOf(req, d ?? undefined)
    if (!d) return expiredPage(reply, lang)
    const username = normalizeUsername(String(body.username ?? '')).slice(0, 128)
    if (isStaff(d)) return staffLogin(req, reply, d, lang, username, String(body.password ?? ''))
    const { passwordIpUser, passwordUser } = app.login.limiters
    // both windows count this post (in Redis with REDIS_URL, so across the instances)
    const a = await passwordIpUser.hit(req, `${req.ip}|${username}`)
    const b = await passwordUser.hit(req, username)
    if (!a.allowed || !b.allowed) {
      return tooManyPage(reply, lang, Math.max(a.allowed ? 0 : a.retryAfter, b.allowed ? 0 : b.retryAfter), {
        href: `${prefix}/interaction/${encodeURIComponent(d.uid)}?lang=${lang}`,
        label: msg(lang, 'tryAgain'),
      })
    }
    const userId = await authenticate(db, username, String(body.password ?? ''))
    if (!userId) {
      return html(
        reply,
        401,
        loginPage({ lang, uid: d.uid, username, error: msg(lang, 'wrongCredentials'), base: prefix }),
      )
    }
    // signing in with an existing account also settles a pending prompt=create
    return finish(req, reply, { login: { accountId: userId }, ...(d.prompt.name === 'create' ? { create: {} } : {}) })
  })

  app.post(`${prefix}${base}/register`, async (req, reply) => {
    const body = (req.body ?? {}) as Body
    const d = await details(req, reply)
    const lang = langOf(req, d ?? undefined)
    if (!d) return expiredPage(reply, lang)
    if (isStaff(d)) return html(reply, 403, loginPage({ lang, uid: d.uid, base: prefix, staff: true }))
    const limit = await app.login.limiters.api.hit(req, `register|${req.ip}`)
    if (!limit.allowed) return tooManyPage(reply, lang, limit.retryAfter)
    const r = await registerUser(db, body, lang)
    if ('errors' in r)
      return html(reply, 400, registerPage({ lang, uid: d.uid, values: r.values, errors: r.errors, base: prefix }))
    req.log.info({ userId: r.userId }, 'registered a new user at the embedded provider')
    return finish(req, reply, { login: { accountId: r.userId }, create: {} })
  })
}
