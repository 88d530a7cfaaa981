import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../auth'
import { isStaffRole, type StaffRole } from '../../../../types/staff/permissions'
import { newTotpSecret, sealSecret } from './totp'
import { replaceRecoveryCodes } from './recovery-codes'

/**
 * What the staff CLI does (server/scripts/staff.ts: `npm run staff -- create|password|reset-totp`), here so it can be
 * tested: create a member with a password and an enrolled authenticator (the first administrator), set a password,
 * reset a second factor. Each writes one audit_log entry whose actor is 'cli' (an operator at the server's machine,
 * not a signed-in staff member).
 */
export const CLI_ACTOR = 'cli'
const USER_NAME = /^[a-z0-9._-]{3,40}$/

/** 18 random bytes in base64url: 24 characters, 144 bits. */
export const generatePassword = () => crypto.randomBytes(18).toString('base64url')

function checkPassword(p: string) {
  if (p.length < PASSWORD_MIN_LENGTH || p.length > PASSWORD_MAX_LENGTH)
    throw new Error(`a password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
}

async function cliAudit(db: Kysely<DB>, staffId: string, action: string, after: Record<string, unknown> | null) {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: staffId,
      role: CLI_ACTOR,
      permission: 'staff.manage',
      action,
      entity: 'staff_user',
      entity_id: staffId,
      before: null,
      after: after ? JSON.stringify(after) : null,
      ip: null,
      user_agent: CLI_ACTOR,
      request_id: null,
    })
    .execute()
}

export interface CreatedMember {
  id: string
  userName: string
  password: string
  otpauthUri: string
  totpSecret: string
  recoveryCodes: string[]
}

/** A new active member with roles, a password (`password`, else a generated one) and an enrolled authenticator. */
export async function createStaffMember(
  db: Kysely<DB>,
  totpKey: string,
  m: { userName: string; roles: string[]; displayName?: string; email?: string; password?: string },
): Promise<CreatedMember> {
  const userName = m.userName.trim().toLowerCase()
  if (!USER_NAME.test(userName)) throw new Error('a user name is 3-40 of a-z 0-9 . _ -')
  const roles = [...new Set(m.roles)]
  const bad = roles.filter((r) => !isStaffRole(r))
  if (!roles.length || bad.length) throw new Error(`unknown role(s): ${bad.join(', ') || '(none given)'}`)
  const password = m.password ?? generatePassword()
  checkPassword(password)
  const id = `staff-${crypto.randomUUID()}`
  const { base32, otpauthUri } = newTotpSecret(userName)
  const passwordHash = await hashPassword(password)
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('staff_users').select('id').where('user_name', '=', userName).executeTakeFirst()
    if (taken) throw new Error(`a staff member ${userName} exists already`)
    await trx
      .insertInto('staff_users')
      .values({
        id,
        user_name: userName,
        display_name: m.displayName?.trim() || userName,
        email: m.email?.trim().toLowerCase() ?? '',
        password_hash: passwordHash,
        totp_secret_enc: sealSecret(totpKey, id, base32),
        // enrolled by the operator who runs the CLI and hands the URI over (no first code to confirm it here)
        totp_confirmed_at: new Date(),
      })
      .execute()
    await trx
      .insertInto('staff_roles')
      .values((roles as StaffRole[]).map((role) => ({ staff_id: id, role })))
      .execute()
    const codes = await replaceRecoveryCodes(trx, id)
    await cliAudit(trx, id, 'staff.create', { userName, roles })
    return codes
  })
  return { id, userName, password, otpauthUri, totpSecret: base32, recoveryCodes }
}

async function memberId(db: Kysely<DB>, userName: string): Promise<string> {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where('user_name', '=', userName.trim().toLowerCase())
    .executeTakeFirst()
  if (!row) throw new Error(`unknown staff member: ${userName}`)
  return row.id
}

/** Sets a member's password (`password`, else a generated one); their tokens end (ver is bumped). */
export async function setStaffPassword(db: Kysely<DB>, userName: string, password = generatePassword()) {
  checkPassword(password)
  const id = await memberId(db, userName)
  const hash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set((e) => ({ password_hash: hash, ver: e('ver', '+', 1) }))
      .where('id', '=', id)
      .execute()
    await cliAudit(trx, id, 'staff.setPassword', null)
  })
  return { id, password }
}

/** Removes a member's authenticator and recovery codes; their next sign-in enrols a new one; their tokens end. */
export async function resetSecondFactor(db: Kysely<DB>, userName: string) {
  const id = await memberId(db, userName)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set((e) => ({ totp_secret_enc: null, totp_confirmed_at: null, ver: e('ver', '+', 1) }))
      .where('id', '=', id)
      .execute()
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', id).execute()
    await cliAudit(trx, id, 'staff.resetTotp', null)
  })
  return { id }
}
