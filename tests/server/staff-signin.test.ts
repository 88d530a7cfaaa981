import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { DB_KINDS, openTestDb, closeTestDb, auth, tokenFor } from './helpers'
import { Browser, formActions, startLoginServer, type LoginServer } from './auth-helpers'
import type { DbHandle } from '../../server/db'
import { DEMO_PASSWORD } from '../../server/db/seed/auth'
import { STAFF_CLIENT_ID } from '../../server/domains/auth/config'
import { authenticateStaff, DEV_STAFF_PASSWORD } from '../../server/domains/auth/provider/staff-accounts'
import { openSecret, totpCode } from '../../server/domains/staff/signin/totp'
import { staffOfClaims } from '../../server/domains/staff/signin/identity'
import { MAX_SECOND_FACTOR_ATTEMPTS } from '../../server/domains/staff/signin/tickets'
import { createStaffMember, resetSecondFactor, setStaffPassword } from '../../server/domains/staff/signin/members'

/**
 * Issue 24, "Staff and what each may do", first bullet: "Staff sign in through the embedded OpenID provider as a
 * separate client (or an external issuer by configuration, like the buyers' login), never with a buyer's token; a
 * second factor (TOTP, with a well-kept library) is required; sign-in attempts are limited like the buyers'."
 * Over real HTTP (the provider's pages, its redirects), on PGlite and PostgreSQL.
 */
const CONSOLE_CALLBACK = '/admin/signin-callback'
const EN = { languagecode: 'en' }

for (const kind of DB_KINDS) {
  describe(`[${kind}] staff sign-in (issue 24)`, () => {
    let handle: DbHandle
    let srv: LoginServer
    /** the same database behind an app whose password windows are 3 per IP + user name */
    let strict: LoginServer
    before(async () => {
      handle = await openTestDb(kind)
      srv = await startLoginServer(handle.db)
      strict = await startLoginServer(handle.db, { rateLimits: { passwordPerIpUser: 3 } })
    })
    after(async () => {
      await srv?.close()
      await strict?.close()
      if (handle) await closeTestDb(handle)
    })
    const db = () => handle.db

    const post = (s: LoginServer, url: string, payload: object, headers: Record<string, string> = {}) =>
      s.app.inject({ method: 'POST', url, payload, headers: { ...EN, ...headers } })

    /** authorize → the staff sign-in page → the password → the provider's way back, up to the console's route. */
    async function passwordStep(s: LoginServer, username: string, password: string) {
      const b = new Browser(s.origin, { 'accept-language': 'en' })
      const page = await b.follow('/api/staff-auth/authorize?lang=en', {}, [CONSOLE_CALLBACK])
      assert.equal(page.res.status, 200, page.text.slice(0, 300))
      const [login] = formActions(page.text, page.url)
      const r = await b.follow(login.href, { form: { username, password } }, [CONSOLE_CALLBACK])
      return { b, page, r }
    }

    /** The first factor, passed: the console's ticket and the second factor asked for. */
    async function firstFactor(s: LoginServer, username: string) {
      const { r } = await passwordStep(s, username, DEV_STAFF_PASSWORD)
      assert.equal(r.appRoute?.pathname, CONSOLE_CALLBACK, `ended at ${r.url} ${r.res.status} ${r.text.slice(0, 200)}`)
      return {
        ticket: r.appRoute!.searchParams.get('ticket')!,
        secondFactor: r.appRoute!.searchParams.get('secondFactor'),
      }
    }

    /** A member's first sign-in: enrolment and its first code; the secret, the recovery codes and the token. */
    async function enrol(s: LoginServer, username: string) {
      const { ticket, secondFactor } = await firstFactor(s, username)
      assert.equal(secondFactor, 'enrol')
      const e = await post(s, '/api/staff-auth/totp/enrol', { ticket })
      assert.equal(e.statusCode, 200, e.body)
      const secret: string = e.json().data.secret
      const t = await post(s, '/api/staff-auth/token', { ticket, code: totpCode(secret) })
      assert.equal(t.statusCode, 200, t.body)
      return { secret, ticket, ...(t.json().data as { token: string; recoveryCodes: string[] }) }
    }

    const staffId = async (userName: string) =>
      (await db().selectFrom('staff_users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id
    const auditActions = async (id: string) =>
      (
        await db()
          .selectFrom('audit_log')
          .select(['action', 'permission', 'after'])
          .where('staff_id', '=', id)
          .orderBy('id')
          .execute()
      ).map((r) => ({ action: r.action, permission: r.permission, after: r.after }))

    it('the whole flow: staff sign-in page → ticket → TOTP enrolment (otpauth URI) → first code → staff token that works on GET /api/admin/me; recovery codes shown once', async () => {
      const { page } = await passwordStep(srv, 'admin.staff', 'not-yet')
      // the staff client's own page: no "Create account"
      assert.match(page.text, /<h1>Staff sign-in<\/h1>/)
      assert.doesNotMatch(page.text, /Create account/)
      const authorize = await new Browser(srv.origin).request('/api/staff-auth/authorize')
      assert.equal(authorize.location!.searchParams.get('client_id'), STAFF_CLIENT_ID)
      assert.equal(authorize.location!.searchParams.get('code_challenge_method'), 'S256')
      assert.equal(authorize.location!.searchParams.get('prompt'), 'login')
      assert.equal(authorize.location!.searchParams.get('redirect_uri'), `${srv.origin}/api/staff-auth/callback`)

      const { ticket, secondFactor } = await firstFactor(srv, 'admin.staff')
      assert.equal(secondFactor, 'enrol')
      // the ticket alone is no staff token: a code is required, and there is no secret to check one against yet
      const early = await post(srv, '/api/staff-auth/token', { ticket, code: '123456' })
      assert.equal(early.statusCode, 409, early.body)
      assert.equal(early.json().reason, 'TOTP_ENROLMENT_REQUIRED')
      const neither = await post(srv, '/api/staff-auth/token', { ticket })
      assert.equal(neither.statusCode, 400)

      const e = await post(srv, '/api/staff-auth/totp/enrol', { ticket })
      assert.equal(e.statusCode, 200, e.body)
      const { otpauthUri, secret } = e.json().data as { otpauthUri: string; secret: string }
      const uri = new URL(otpauthUri)
      assert.equal(uri.protocol, 'otpauth:')
      assert.equal(uri.host, 'totp')
      assert.match(decodeURIComponent(uri.pathname), /admin\.staff/)
      assert.equal(uri.searchParams.get('secret'), secret)
      assert.equal(uri.searchParams.get('digits'), '6')
      assert.equal(uri.searchParams.get('period'), '30')

      const t = await post(srv, '/api/staff-auth/token', { ticket, code: totpCode(secret) })
      assert.equal(t.statusCode, 200, t.body)
      const data = t.json().data as { token: string; expiresIn: number; recoveryCodes: string[] }
      assert.equal(data.expiresIn, 3600)
      assert.equal(data.recoveryCodes.length, 10)
      assert.equal(new Set(data.recoveryCodes).size, 10)

      const me = await srv.app.inject({ url: '/api/admin/me', headers: auth(data.token) })
      assert.equal(me.statusCode, 200, me.body)
      assert.equal(me.json().data.userName, 'admin.staff')
      assert.deepEqual(me.json().data.roles, ['administrator'])

      // "secret stored encrypted at rest", recovery codes hashed
      const id = await staffId('admin.staff')
      const row = await db()
        .selectFrom('staff_users')
        .select(['totp_secret_enc', 'totp_confirmed_at', 'totp_last_step'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      assert.ok(row.totp_confirmed_at)
      assert.ok(row.totp_secret_enc && !row.totp_secret_enc.includes(secret))
      assert.equal(openSecret(srv.app.login.cfg.staff.totpKey, id, row.totp_secret_enc), secret)
      assert.equal(openSecret(srv.app.login.cfg.staff.totpKey, 'staff-finance', row.totp_secret_enc), null)
      const hashes = await db()
        .selectFrom('staff_recovery_codes')
        .select('code_hash')
        .where('staff_id', '=', id)
        .execute()
      assert.equal(hashes.length, 10)
      for (const c of data.recoveryCodes) assert.ok(!hashes.some((h) => h.code_hash.includes(c.replace('-', ''))))

      // the ticket is single use; a second enrolment is refused once enrolled
      const again = await post(srv, '/api/staff-auth/token', { ticket, code: totpCode(secret) })
      assert.equal(again.statusCode, 401)
      assert.equal(again.json().reason, 'SIGNIN_TICKET_INVALID')
      const next = await firstFactor(srv, 'admin.staff')
      assert.equal(next.secondFactor, 'totp')
      const reEnrol = await post(srv, '/api/staff-auth/totp/enrol', { ticket: next.ticket })
      assert.equal(reEnrol.statusCode, 409)

      // the ID token's subject was the staff id: the provider's artefacts of the staff client name the member
      const artefacts = await db()
        .selectFrom('oidc_store')
        .select('payload')
        .where('model', 'in', ['AuthorizationCode', 'Grant'])
        .execute()
      const staffOnes = artefacts.filter((a) => (a.payload as { clientId?: string }).clientId === STAFF_CLIENT_ID)
      assert.ok(staffOnes.length > 0)
      for (const a of staffOnes) assert.equal((a.payload as { accountId?: string }).accountId, id)

      // audited: the wrong password at the start, the enrolment and the sign-in, with the "signin" permission, no secret
      const actions = await auditActions(id)
      assert.deepEqual(
        actions.map((a) => a.action),
        ['signin.failed', 'totp.enrolled', 'signin'],
      )
      assert.ok(actions.every((a) => a.permission === 'signin'))
      assert.ok(!JSON.stringify(actions).includes(secret))
    })

    it('TOTP: a wrong code and a replayed code are refused (and audited); the next time step is accepted', async () => {
      const { secret } = await enrol(srv, 'service.staff')
      const id = await staffId('service.staff')
      const used = totpCode(secret)
      const { ticket } = await firstFactor(srv, 'service.staff')
      const wrongCode = used === '000000' ? '111111' : '000000'
      const wrong = await post(srv, '/api/staff-auth/token', { ticket, code: wrongCode })
      assert.equal(wrong.statusCode, 401)
      assert.equal(wrong.json().reason, 'SECOND_FACTOR_INVALID')
      assert.match(wrong.json().message, /Wrong code/)
      // the code the enrolment used, again: "replay refused (store the last accepted time step)"
      const replay = await post(srv, '/api/staff-auth/token', { ticket, code: used })
      assert.equal(replay.statusCode, 401)
      assert.equal(replay.json().reason, 'SECOND_FACTOR_REPLAYED')
      // one step later (±1 step window): accepted
      const later = await post(srv, '/api/staff-auth/token', { ticket, code: totpCode(secret, Date.now() + 30_000) })
      assert.equal(later.statusCode, 200, later.body)
      assert.equal(later.json().data.recoveryCodes, undefined, 'recovery codes are shown at enrolment only')
      // two steps away: outside the window
      const far = await firstFactor(srv, 'service.staff')
      const tooFar = await post(srv, '/api/staff-auth/token', {
        ticket: far.ticket,
        code: totpCode(secret, Date.now() + 120_000),
      })
      assert.equal(tooFar.statusCode, 401)
      const actions = (await auditActions(id)).map((a) => `${a.action} ${JSON.stringify(a.after)}`)
      assert.deepEqual(actions, [
        'totp.enrolled null',
        'signin {"secondFactor":"totp"}',
        'signin.failed {"step":"totp"}',
        'signin.failed {"step":"totp","replay":true}',
        'signin {"secondFactor":"totp"}',
        'signin.failed {"step":"totp"}',
      ])
    })

    it('recovery codes: one signs in instead of a code (any case), once only; audited', async () => {
      const { recoveryCodes } = await enrol(srv, 'orderdesk.staff')
      const id = await staffId('orderdesk.staff')
      const first = await firstFactor(srv, 'orderdesk.staff')
      const r = await post(srv, '/api/staff-auth/token', {
        ticket: first.ticket,
        recoveryCode: recoveryCodes[3].toUpperCase(),
      })
      assert.equal(r.statusCode, 200, r.body)
      const me = await srv.app.inject({ url: '/api/admin/me', headers: auth(r.json().data.token) })
      assert.equal(me.json().data.userName, 'orderdesk.staff')
      const second = await firstFactor(srv, 'orderdesk.staff')
      const reused = await post(srv, '/api/staff-auth/token', { ticket: second.ticket, recoveryCode: recoveryCodes[3] })
      assert.equal(reused.statusCode, 401)
      assert.equal(reused.json().reason, 'SECOND_FACTOR_INVALID')
      const left = await db()
        .selectFrom('staff_recovery_codes')
        .select('code_hash')
        .where('staff_id', '=', id)
        .where('used_at', 'is', null)
        .execute()
      assert.equal(left.length, 9)
      const actions = (await auditActions(id)).map((a) => a.action)
      assert.deepEqual(actions.slice(2), ['signin.recoveryCodeUsed', 'signin', 'signin.failed'])
    })

    it('a wrong password: the staff page again with "Wrong username or password.", no ticket, audited', async () => {
      const { r } = await passwordStep(srv, 'marketing.staff', 'wrong-password')
      assert.equal(r.res.status, 401)
      assert.equal(r.appRoute, null)
      assert.match(r.text, /Wrong username or password\./)
      assert.match(r.text, /Staff sign-in/)
      const actions = await auditActions(await staffId('marketing.staff'))
      assert.deepEqual(actions, [{ action: 'signin.failed', permission: 'signin', after: { step: 'password' } }])
    })

    it("a buyer's credentials never sign in on the staff client, and a staff member's never on the buyers'", async () => {
      const { r } = await passwordStep(srv, 'approved.cn', DEMO_PASSWORD)
      assert.equal(r.res.status, 401)
      assert.equal(r.appRoute, null)
      assert.match(r.text, /Wrong username or password\./)

      const b = new Browser(srv.origin, { 'accept-language': 'en' })
      const page = await b.follow('/api/auth/oidc/authorize?lang=en')
      const buyer = await b.follow(formActions(page.text, page.url)[0].href, {
        form: { username: 'admin.staff', password: DEV_STAFF_PASSWORD },
      })
      assert.equal(buyer.res.status, 401)
      assert.equal(buyer.appRoute, null)
    })

    it("a buyer's token or login ticket is never accepted: not on the staff routes, not for a staff token", async () => {
      const buyerToken = await tokenFor(db(), 'approved.cn')
      const me = await srv.app.inject({ url: '/api/admin/me', headers: auth(buyerToken) })
      assert.equal(me.statusCode, 401)
      const out = await srv.app.inject({
        method: 'POST',
        url: '/api/staff-auth/signout',
        payload: {},
        headers: auth(buyerToken),
      })
      assert.equal(out.statusCode, 401)
      // the buyers' one-time ticket, from their real login
      const b = new Browser(srv.origin)
      const page = await b.follow('/api/auth/oidc/authorize')
      const done = await b.follow(formActions(page.text, page.url)[0].href, {
        form: { username: 'approved.cn', password: DEMO_PASSWORD },
      })
      const buyerTicket = done.appRoute!.searchParams.get('ticket')!
      const t = await post(srv, '/api/staff-auth/token', { ticket: buyerTicket, code: '123456' })
      assert.equal(t.statusCode, 401)
      assert.equal(t.json().reason, 'SIGNIN_TICKET_INVALID')
      const e = await post(srv, '/api/staff-auth/totp/enrol', { ticket: buyerTicket })
      assert.equal(e.statusCode, 401)
    })

    it("password attempts are limited like the buyers': over the window, 429 with Retry-After (even the right password), audited", async () => {
      const codes: number[] = []
      for (let i = 0; i < 3; i++) codes.push((await passwordStep(strict, 'finance.staff', `wrong-${i}`)).r.res.status)
      assert.deepEqual(codes, [401, 401, 401])
      const locked = await passwordStep(strict, 'finance.staff', DEV_STAFF_PASSWORD)
      assert.equal(locked.r.res.status, 429)
      assert.ok(Number(locked.r.res.headers.get('retry-after')) > 0)
      assert.match(locked.r.text, /Too many sign-in attempts/)
      const actions = (await auditActions(await staffId('finance.staff'))).map((a) => a.action)
      assert.deepEqual(actions, ['signin.failed', 'signin.failed', 'signin.failed', 'signin.locked'])
      // a flood of refused posts is answered 429 each but audited once per window
      assert.equal((await passwordStep(strict, 'finance.staff', 'again')).r.res.status, 429)
      assert.equal((await auditActions(await staffId('finance.staff'))).length, 4)
      // the buyers' windows are their own: a buyer's sign-in is not locked by it
      const other = await passwordStep(strict, 'approved.cn', 'wrong')
      assert.equal(other.r.res.status, 401)
    })

    it('second-factor attempts are limited too (per member): 429 with Retry-After, audited', async () => {
      const { secret } = await enrol(strict, 'marketing.staff') // one second-factor hit
      const { ticket } = await firstFactor(strict, 'marketing.staff')
      const wrong = totpCode(secret) === '000000' ? '111111' : '000000'
      const codes: number[] = []
      for (let i = 0; i < 3; i++)
        codes.push((await post(strict, '/api/staff-auth/token', { ticket, code: wrong })).statusCode)
      assert.deepEqual(codes, [401, 401, 429])
      const last = await post(strict, '/api/staff-auth/token', { ticket, code: totpCode(secret, Date.now() + 30_000) })
      assert.equal(last.statusCode, 429)
      assert.ok(Number(last.headers['retry-after']) > 0)
      const actions = (await auditActions(await staffId('marketing.staff'))).map((a) => a.action)
      assert.ok(actions.includes('signin.locked'))
    })

    it(`a ticket dies after ${MAX_SECOND_FACTOR_ATTEMPTS} wrong codes: the right one then needs a new sign-in`, async () => {
      const { secret } = await enrol(srv, 'catalogue.staff')
      const { ticket } = await firstFactor(srv, 'catalogue.staff')
      const wrong = totpCode(secret) === '000000' ? '111111' : '000000'
      for (let i = 0; i < MAX_SECOND_FACTOR_ATTEMPTS; i++)
        assert.equal((await post(srv, '/api/staff-auth/token', { ticket, code: wrong })).statusCode, 401)
      const right = await post(srv, '/api/staff-auth/token', { ticket, code: totpCode(secret, Date.now() + 30_000) })
      assert.equal(right.statusCode, 401)
      assert.equal(right.json().reason, 'SIGNIN_TICKET_INVALID')
    })

    it('sign-out ends the staff token (every token of the member), audited', async () => {
      const { secret } = await enrol(srv, 'finance.staff')
      const id = await staffId('finance.staff')
      const { ticket } = await firstFactor(srv, 'finance.staff')
      const t = await post(srv, '/api/staff-auth/token', { ticket, code: totpCode(secret, Date.now() + 30_000) })
      const token = t.json().data.token as string
      assert.equal((await srv.app.inject({ url: '/api/admin/me', headers: auth(token) })).statusCode, 200)
      const out = await srv.app.inject({
        method: 'POST',
        url: '/api/staff-auth/signout',
        payload: {},
        headers: auth(token),
      })
      assert.equal(out.statusCode, 200, out.body)
      assert.deepEqual(out.json().data, { signedOut: true })
      const after = await srv.app.inject({ url: '/api/admin/me', headers: auth(token) })
      assert.equal(after.statusCode, 401)
      assert.equal((await auditActions(id)).at(-1)!.action, 'signout')
    })

    it('bootstrap (npm run staff -- create): a new administrator with a password and an enrolled authenticator signs in for real; password and reset-totp', async () => {
      const m = await createStaffMember(db(), srv.app.login.cfg.staff.totpKey, {
        userName: 'first.admin',
        roles: ['administrator'],
        displayName: 'First Admin',
      })
      assert.equal(m.recoveryCodes.length, 10)
      assert.match(m.otpauthUri, /^otpauth:\/\/totp\//)
      const { r } = await passwordStep(srv, 'first.admin', m.password)
      const ticket = r.appRoute!.searchParams.get('ticket')!
      assert.equal(r.appRoute!.searchParams.get('secondFactor'), 'totp')
      const t = await post(srv, '/api/staff-auth/token', { ticket, code: totpCode(m.totpSecret) })
      assert.equal(t.statusCode, 200, t.body)
      const me = await srv.app.inject({ url: '/api/admin/me', headers: auth(t.json().data.token) })
      assert.deepEqual(me.json().data.roles, ['administrator'])
      await assert.rejects(
        createStaffMember(db(), 'k', { userName: 'first.admin', roles: ['administrator'] }),
        /exists already/,
      )
      await assert.rejects(createStaffMember(db(), 'k', { userName: 'x.y', roles: ['boss'] }), /unknown role/)

      // a new password; a reset authenticator: the next sign-in enrols again
      const p = await setStaffPassword(db(), 'first.admin')
      await resetSecondFactor(db(), 'first.admin')
      const again = await passwordStep(srv, 'first.admin', p.password)
      assert.equal(again.r.appRoute!.searchParams.get('secondFactor'), 'enrol')
      const actions = (await auditActions(m.id)).map((a) => a.action)
      assert.deepEqual(actions, ['staff.create', 'signin', 'staff.setPassword', 'staff.resetTotp'])
    })

    it('bad input: a malformed code is 400, an unknown ticket 401', async () => {
      const bad = await post(srv, '/api/staff-auth/token', { ticket: 'x'.repeat(43), code: '12ab56' })
      assert.equal(bad.statusCode, 400)
      const unknown = await post(srv, '/api/staff-auth/token', { ticket: 'x'.repeat(43), code: '123456' })
      assert.equal(unknown.statusCode, 401)
    })

    it('the DEV password of the seed is refused in production; an external issuer maps user name or email, never creates', async () => {
      assert.deepEqual(await authenticateStaff(db(), 'orderdesk.staff', DEV_STAFF_PASSWORD, { production: false }), {
        ok: true,
        staffId: 'staff-orderDesk',
      })
      assert.equal(
        (await authenticateStaff(db(), 'orderdesk.staff', DEV_STAFF_PASSWORD, { production: true })).ok,
        false,
      )
      assert.equal(
        (await staffOfClaims(db(), { sub: 'x', preferred_username: 'Admin.Staff' }, false))?.id,
        'staff-administrator',
      )
      assert.equal(
        (await staffOfClaims(db(), { sub: 'x', email: 'finance.staff@lab-store.example' }, false))?.id,
        'staff-finance',
      )
      assert.equal(await staffOfClaims(db(), { sub: 'x', preferred_username: 'approved.cn' }, false), null)
      // the embedded issuer's subject is a staff id, never a buyer's
      const buyer = await db()
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'approved.cn')
        .executeTakeFirstOrThrow()
      assert.equal(await staffOfClaims(db(), { sub: buyer.id }, true), null)
    })
  })
}
