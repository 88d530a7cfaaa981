import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { dummyHash, verifyPassword, PASSWORD_MAX_LENGTH } from '../passwords'
import { normalizeUsername } from './accounts'

/**
 * The staff client's accounts at the embedded provider are staff_users rows (issue 24), never buyers: the ID token
 * subject is a staff id. Passwords are scrypt like the buyers' (../passwords.ts).
 */

/**
 * The seeded staff's development password (docs/admin-api/signin.md). The seed sets it for every seeded member; with
 * NODE_ENV=production it is refused at sign-in, so a database seeded (or a PGlite template built) outside production
 * never opens the console in production: set a real password with `npm run staff -- password --user <name>`.
 */
export const DEV_STAFF_PASSWORD = 'Lab-Staff-Dev-2026!'

export interface ProviderStaff {
  id: string
  user_name: string
  display_name: string
  email: string
}

export async function findStaffById(db: Kysely<DB>, id: string): Promise<ProviderStaff | undefined> {
  return db
    .selectFrom('staff_users')
    .select(['id', 'user_name', 'display_name', 'email'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst()
}

/** OpenID claims of a staff member: sub is the staff id; preferred_username and username the staff user name. */
export function staffClaimsOf(s: ProviderStaff) {
  return {
    sub: s.id,
    name: s.display_name,
    preferred_username: s.user_name,
    username: s.user_name,
    email: s.email,
    email_verified: false,
  }
}

export type StaffPasswordCheck = { ok: true; staffId: string } | { ok: false; staffId: string | null }

/**
 * Checks a staff member's user name and password (an active member with a password only), with the same work when
 * the name is unknown (no enumeration by timing). `staffId` of a refusal names the member when there is one (for the
 * audit log). In production the DEV password is refused whatever the stored hash.
 */
export async function authenticateStaff(
  db: Kysely<DB>,
  username: string,
  password: string,
  opts: { production: boolean },
): Promise<StaffPasswordCheck> {
  const name = normalizeUsername(username)
  const row = name
    ? await db
        .selectFrom('staff_users')
        .select(['id', 'password_hash', 'active'])
        .where('user_name', '=', name)
        .executeTakeFirst()
    : undefined
  const okPassword = await verifyPassword(
    password.slice(0, PASSWORD_MAX_LENGTH + 1),
    row?.password_hash ?? (await dummyHash()),
  )
  const devRefused = opts.production && password === DEV_STAFF_PASSWORD
  if (row && row.active && row.password_hash && okPassword && !devRefused) return { ok: true, staffId: row.id }
  return { ok: false, staffId: row?.id ?? null }
}

/** The id of the staff member of that user name (any state), or null. */
export async function staffIdByName(db: Kysely<DB>, username: string): Promise<string | null> {
  const name = normalizeUsername(username)
  if (!name) return null
  const row = await db.selectFrom('staff_users').select('id').where('user_name', '=', name).executeTakeFirst()
  return row?.id ?? null
}

/** The permission column of the sign-in events in audit_log: they need none (the member is not signed in yet). */
export const SIGNIN_AUDIT_PERMISSION = 'signin'

/**
 * One audit_log entry for a staff sign-in event (success, failure, lockout, TOTP enrolment, recovery code used,
 * sign-out): the member as actor with the roles they hold now, entity staff_user, and `detail` (never a secret) as
 * "after". Sign-in events are not staff writes through a permission (staffWrite needs a signed-in caller), hence
 * this direct insert; the audit log stays append-only.
 */
export async function recordStaffSignIn(
  db: Kysely<DB>,
  req: FastifyRequest,
  e: { staffId: string; action: string; detail?: Record<string, unknown> },
): Promise<void> {
  const roles = await db
    .selectFrom('staff_roles')
    .select('role')
    .where('staff_id', '=', e.staffId)
    .orderBy('role')
    .execute()
  const ua = req.headers['user-agent']
  await db
    .insertInto('audit_log')
    .values({
      staff_id: e.staffId,
      role: roles.map((r) => r.role).join(','),
      permission: SIGNIN_AUDIT_PERMISSION,
      action: e.action,
      entity: 'staff_user',
      entity_id: e.staffId,
      before: null,
      after: e.detail ? JSON.stringify(e.detail) : null,
      ip: req.ip ?? null,
      user_agent: typeof ua === 'string' ? ua.slice(0, 512) : null,
      request_id: String(req.id),
    })
    .execute()
}

/**
 * A lockout (attempts over a limit) in the audit log, at most once per member and window: a flood of refused posts
 * is logged (a warning each) but does not grow the append-only log without bound.
 */
export async function recordStaffLockout(
  db: Kysely<DB>,
  req: FastifyRequest,
  e: { staffId: string; step: 'password' | 'secondFactor'; windowMs: number },
): Promise<void> {
  const recent = await db
    .selectFrom('audit_log')
    .select('id')
    .where('staff_id', '=', e.staffId)
    .where('at', '>', new Date(Date.now() - e.windowMs))
    .where('action', '=', 'signin.locked')
    .limit(1)
    .executeTakeFirst()
  if (!recent)
    await recordStaffSignIn(db, req, { staffId: e.staffId, action: 'signin.locked', detail: { step: e.step } })
}
