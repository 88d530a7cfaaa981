import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError, ok } from '../../../errors'
import { localized } from '../../../locale'
import { serveEndpoint } from '../../../lib/endpoint-route'
import {
  apiLimit,
  callbackErrorCode,
  callbackUrl,
  consumeLoginState,
  createLoginState,
  createOidcClient,
  recordStaffLockout,
  recordStaffSignIn,
} from '../../auth'
import {
  staffSigninEndpoints,
  type StaffSecondFactor,
  type StaffSigninErrorCode,
  type StaffSigninToken,
} from '../../../../types/staff/signin-endpoints'
import { signStaffToken, STAFF_TOKEN_TTL_SECONDS } from '../tokens'
import { staffOfClaims } from './identity'
import { issueSigninTicket, liveTicket, spendTicket, countWrongCode } from './tickets'
import { acceptTotp, newTotpSecret, openSecret, sealSecret } from './totp'
import { replaceRecoveryCodes, useRecoveryCode } from './recovery-codes'

/**
 * Staff sign-in (issue 24: "through the embedded OpenID provider as a separate client (or an external issuer by
 * configuration), never with a buyer's token; a second factor (TOTP) is required; sign-in attempts are limited like
 * the buyers'"). The flow (types/staff/signin-endpoints.ts):
 *   authorize → the issuer's staff sign-in (password) → callback → one-time ticket to the console
 *   → [enrol: a new TOTP secret] → token {ticket, code | recoveryCode} → the staff token of /api/admin.
 * Our server is the relying party (server/domains/auth/oidc-client.ts, confidential, PKCE S256) with a client of its
 * own (cfg.staff.oidc); the second factor is this server's, whatever the issuer. Every sign-in event of a known
 * member is in audit_log (permission 'signin').
 */
const CALLBACK_ROUTE = '/signin-callback'

export async function staffSigninRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  const { cfg } = app.login
  const client = createOidcClient(cfg.staff.oidc)
  const { passwordIpUser, passwordUser } = app.login.limiters

  /** 302 to the console's sign-in route (STAFF_CONSOLE_URL) with the ticket or an error. */
  function toConsole(reply: FastifyReply, params: Record<string, string>) {
    reply.header('cache-control', 'no-store')
    reply.header('referrer-policy', 'no-referrer')
    return reply.redirect(`${cfg.staff.consoleUrl}${CALLBACK_ROUTE}?${new URLSearchParams(params)}`, 302)
  }
  const fail = (reply: FastifyReply, error: StaffSigninErrorCode) => toConsole(reply, { error })

  serveEndpoint(app, staffSigninEndpoints.staffSigninAuthorize, null, async (req, reply) => {
    const limit = await app.login.limiters.api.hit(req, `staff-authorize|${req.ip}`)
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfter))
      return fail(reply, 'rate_limited')
    }
    const { verifier, nonce } = client.newSecrets()
    const state = await createLoginState(db, { kind: 'staff', mode: 'login', codeVerifier: verifier, nonce })
    let url: string
    try {
      url = await client.authorizationUrl({
        state,
        nonce,
        verifier,
        // the password every time: a provider session (a buyer's, or an earlier staff one) never stands in for it
        prompt: 'login',
        uiLocales: req.query.lang === 'en' ? 'en' : req.query.lang === 'zh' ? 'zh-CN' : undefined,
      })
    } catch (e) {
      req.log.error({ err: e }, 'staff OpenID issuer discovery failed')
      return fail(reply, 'exchange')
    }
    reply.header('cache-control', 'no-store')
    return reply.redirect(url, 302)
  })

  serveEndpoint(app, staffSigninEndpoints.staffSigninCallback, null, async (req, reply) => {
    const st = await consumeLoginState(db, req.query.state, 'staff')
    if (!st || !st.code_verifier || !st.nonce) return fail(reply, 'state')
    try {
      // the library checks the response (iss, state, error), the code exchange with the verifier and the id token
      const claims = await client.exchange(callbackUrl(cfg.staff.oidc, req.url), {
        state: req.query.state!,
        verifier: st.code_verifier,
        nonce: st.nonce,
      })
      const member = await staffOfClaims(db, claims, cfg.staff.oidc.embedded)
      if (!member) {
        req.log.warn('staff sign-in: the issuer named no active staff member')
        return fail(reply, 'access_denied')
      }
      const enrolled = await db
        .selectFrom('staff_users')
        .select('totp_confirmed_at')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow()
      const ticket = await issueSigninTicket(db, member.id)
      const secondFactor: StaffSecondFactor = enrolled.totp_confirmed_at ? 'totp' : 'enrol'
      return toConsole(reply, { ticket, secondFactor })
    } catch (e) {
      const code = callbackErrorCode(e)
      if (code !== 'access_denied')
        req.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'staff OpenID callback refused')
      return fail(reply, code)
    }
  })

  const ticketRefused = (req: FastifyRequest) =>
    new ApiError(
      401,
      'TOKEN_INVALID',
      localized(
        req,
        'The sign-in ticket is invalid, used or expired. Please sign in again.',
        '登录凭证无效、已使用或已过期，请重新登录。',
      ),
      'SIGNIN_TICKET_INVALID',
    )

  serveEndpoint(app, staffSigninEndpoints.staffSigninTotpEnrol, apiLimit(app, 'staff-totp-enrol'), async (req) => {
    const answer = await db.transaction().execute(async (trx) => {
      const t = await liveTicket(trx, req.body.ticket, true)
      if (!t) throw ticketRefused(req)
      const member = await trx
        .selectFrom('staff_users')
        .select(['id', 'user_name', 'totp_confirmed_at'])
        .where('id', '=', t.staff_id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      // a confirmed second factor is changed only by an administrator (npm run staff -- reset-totp), never by
      // someone who only has the password
      if (member.totp_confirmed_at)
        throw new ApiError(409, 'CONFLICT', 'The second factor is already enrolled', 'TOTP_ENROLLED')
      const { base32, otpauthUri } = newTotpSecret(member.user_name)
      await trx
        .updateTable('staff_users')
        .set({ totp_secret_enc: sealSecret(cfg.staff.totpKey, member.id, base32) })
        .where('id', '=', member.id)
        .execute()
      return { otpauthUri, secret: base32 }
    })
    return ok(answer)
  })

  serveEndpoint(app, staffSigninEndpoints.staffSigninToken, apiLimit(app, 'staff-token'), async (req, reply) => {
    const { ticket, code, recoveryCode } = req.body
    if ((code === undefined) === (recoveryCode === undefined))
      throw new ApiError(400, 'VALIDATION_ERROR', 'body: give either code or recoveryCode')
    const peek = await liveTicket(db, ticket, false)
    if (!peek) throw ticketRefused(req)
    const staffId = peek.staff_id

    // second-factor attempts: the buyers' password windows, per IP + member and per member
    const a = await passwordIpUser.hit(req, `staff-2fa|${req.ip}|${staffId}`)
    const b = await passwordUser.hit(req, `staff-2fa|${staffId}`)
    if (!a.allowed || !b.allowed) {
      const retryAfter = Math.max(a.allowed ? 0 : a.retryAfter, b.allowed ? 0 : b.retryAfter)
      req.log.warn({ staffId, retryAfter }, 'staff sign-in: second-factor attempts over the limit')
      await recordStaffLockout(db, req, { staffId, step: 'secondFactor', windowMs: cfg.rateLimits.windowMs })
      reply.header('retry-after', String(retryAfter))
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        localized(
          req,
          `Too many sign-in attempts. Please wait ${retryAfter} seconds and try again.`,
          `登录尝试过于频繁，请 ${retryAfter} 秒后再试。`,
        ),
      )
    }

    type Outcome =
      | { kind: 'ok'; token: StaffSigninToken }
      | { kind: 'wrong'; ticketHash: string; step: 'totp' | 'recoveryCode'; replay: boolean }
    const outcome: Outcome = await db.transaction().execute(async (trx) => {
      const t = await liveTicket(trx, ticket, true)
      if (!t) throw ticketRefused(req)
      // the member's row, locked: two sign-ins with one code cannot both pass the last-step check
      const s = await trx
        .selectFrom('staff_users')
        .select(['id', 'active', 'ver', 'totp_secret_enc', 'totp_confirmed_at', 'totp_last_step'])
        .where('id', '=', t.staff_id)
        .forUpdate()
        .executeTakeFirst()
      if (!s || !s.active) throw ticketRefused(req)
      const audit = (action: string, detail?: Record<string, unknown>) =>
        recordStaffSignIn(trx, req, { staffId: s.id, action, detail })
      let recoveryCodes: string[] | undefined
      if (recoveryCode !== undefined) {
        if (!s.totp_confirmed_at) throw enrolmentRequired()
        if (!(await useRecoveryCode(trx, s.id, recoveryCode)))
          return { kind: 'wrong', ticketHash: t.ticket_hash, step: 'recoveryCode', replay: false }
        await audit('signin.recoveryCodeUsed')
      } else {
        if (!s.totp_secret_enc) throw enrolmentRequired()
        const secret = openSecret(cfg.staff.totpKey, s.id, s.totp_secret_enc)
        if (!secret) {
          req.log.error(
            { staffId: s.id },
            'staff TOTP secret does not open (STAFF_TOTP_KEY or the JWT secret changed?)',
          )
          throw new ApiError(
            409,
            'CONFLICT',
            'Your second factor cannot be read: an administrator must reset it',
            'TOTP_UNREADABLE',
          )
        }
        const step = acceptTotp(secret, code!, s.totp_last_step)
        if (step === null) {
          const replay = acceptTotp(secret, code!, -1) !== null
          return { kind: 'wrong', ticketHash: t.ticket_hash, step: 'totp', replay }
        }
        await trx
          .updateTable('staff_users')
          .set({ totp_last_step: step, ...(s.totp_confirmed_at ? {} : { totp_confirmed_at: new Date() }) })
          .where('id', '=', s.id)
          .execute()
        if (!s.totp_confirmed_at) {
          recoveryCodes = await replaceRecoveryCodes(trx, s.id)
          await audit('totp.enrolled')
        }
      }
      await spendTicket(trx, t.ticket_hash)
      await audit('signin', { secondFactor: recoveryCode !== undefined ? 'recoveryCode' : 'totp' })
      const token = await signStaffToken(cfg.jwtSecret, { staffId: s.id, ver: s.ver })
      return {
        kind: 'ok',
        token: { token, expiresIn: STAFF_TOKEN_TTL_SECONDS, ...(recoveryCodes ? { recoveryCodes } : {}) },
      }
    })
    if (outcome.kind === 'ok') return ok(outcome.token)

    await countWrongCode(db, outcome.ticketHash)
    await recordStaffSignIn(db, req, {
      staffId,
      action: 'signin.failed',
      detail: { step: outcome.step, ...(outcome.replay ? { replay: true } : {}) },
    })
    throw new ApiError(
      401,
      'TOKEN_INVALID',
      localized(
        req,
        outcome.replay
          ? 'This code was already used. Wait for the next one.'
          : 'Wrong code. Check your authenticator and try again.',
        outcome.replay ? '该验证码已使用，请等待下一个验证码。' : '验证码错误，请检查身份验证器后重试。',
      ),
      outcome.replay ? 'SECOND_FACTOR_REPLAYED' : 'SECOND_FACTOR_INVALID',
    )
  })

  serveEndpoint(app, staffSigninEndpoints.staffSignOut, app.requireStaff('staff.read'), async (req) => {
    const staffId = req.staff!.id
    // staff tokens are not kept server-side: bumping ver ends every token of the member (all their devices)
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_users')
        .set((e) => ({ ver: e('ver', '+', 1) }))
        .where('id', '=', staffId)
        .execute()
      await recordStaffSignIn(trx, req, { staffId, action: 'signout' })
    })
    return ok({ signedOut: true as const })
  })
}

const enrolmentRequired = () =>
  new ApiError(
    409,
    'CONFLICT',
    'Enrol your authenticator first (POST /api/staff-auth/totp/enrol)',
    'TOTP_ENROLMENT_REQUIRED',
  )
