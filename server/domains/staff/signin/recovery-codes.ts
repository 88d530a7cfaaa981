import crypto from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { sha256 } from '../../../lib/secret-token'

/**
 * Recovery codes of the staff's second factor (issue 24): ten per member, shown once (at enrolment, or by the staff
 * CLI), stored by their SHA-256 only, each accepted once. A code is 10 characters of a 32-letter alphabet without
 * look-alikes (50 bits), written xxxxx-xxxxx; case, spaces and dashes do not matter when typed back.
 */
export const RECOVERY_CODE_COUNT = 10
/** 32 characters (a byte modulo 32 is unbiased), without i, l, o and 1 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789'
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

function newCode(): string {
  const bytes = crypto.randomBytes(10)
  const s = [...bytes].map((b) => ALPHABET[b % 32]).join('')
  return `${s.slice(0, 5)}-${s.slice(5)}`
}

/** Replaces the member's recovery codes by ten new ones; returns them in clear (to show once). */
export async function replaceRecoveryCodes(trx: Transaction<DB> | Kysely<DB>, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute()
  await trx
    .insertInto('staff_recovery_codes')
    .values(codes.map((c) => ({ staff_id: staffId, code_hash: sha256(normalize(c)) })))
    .execute()
  return codes
}

/** Uses one recovery code of the member: true when it was theirs and unused (it is now used). */
export async function useRecoveryCode(trx: Transaction<DB>, staffId: string, code: string): Promise<boolean> {
  const row = await trx
    .updateTable('staff_recovery_codes')
    .set({ used_at: new Date() })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', sha256(normalize(code)))
    .where('used_at', 'is', null)
    .returning('staff_id')
    .executeTakeFirst()
  return !!row
}

/** How many unused recovery codes the member has left. */
export async function recoveryCodesLeft(db: Kysely<DB> | Transaction<DB>, staffId: string): Promise<number> {
  const r = await db
    .selectFrom('staff_recovery_codes')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}
