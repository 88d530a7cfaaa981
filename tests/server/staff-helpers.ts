import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { signStaffToken } from '../../server/domains/staff/tokens'
import { TEST_JWT_SECRET } from './helpers'

/** A staff token (the dev/test stand-in for staff sign-in, not built yet) carrying the staff member's current ver. */
export async function staffToken(db: Kysely<DB>, staffId: string): Promise<string> {
  const { ver } = await db.selectFrom('staff_users').select('ver').where('id', '=', staffId).executeTakeFirstOrThrow()
  return signStaffToken(TEST_JWT_SECRET, { staffId, ver })
}
