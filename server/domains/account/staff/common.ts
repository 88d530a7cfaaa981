import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../../db/schema'
import type { AccountTable, UserTable } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { UNSAFE_TEXT } from '../common'

/**
 * Shared by the account decisions (issue 24): the refusals, the references to accounts and users the queues show,
 * the decision fields of a row. Staff read English; what the buyer reads is in ./notices.ts.
 */

export const iso = (d: Date | string) => new Date(d).toISOString()
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d))

export const notFound = (what: string, id: string | number) => new ApiError(404, 'NOT_FOUND', `No ${what} ${id}`)
/** Deciding what is no longer pending (decided by someone else meanwhile, or twice). */
export const alreadyDecided = (what: string, id: string | number, status: string) =>
  new ApiError(409, 'CONFLICT', `${what} ${id} is already ${status.toLowerCase()}`)
export const invalid = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message)

/** A rejection's reason: told to the buyer as written, so plain text and not blank. */
export function rejectionReason(raw: string): string {
  const reason = raw.trim()
  if (!reason) throw invalid('body/reason: a reason is required')
  if (UNSAFE_TEXT.test(reason)) throw invalid('body/reason must not contain control characters, < or >')
  return reason
}

/** "still PENDING after the deadline the buyer was told" (review_due_by was counted in business days, business-days.ts) */
export const isOverdue = (status: string, reviewDueBy: Date | string, now = new Date()) =>
  status === 'PENDING' && new Date(reviewDueBy).getTime() < now.getTime()

export const decisionFields = (
  r: {
    status: 'PENDING' | 'APPROVED' | 'REJECTED'
    submitted_at: Date | string
    review_due_by: Date | string
    decision_reason: string | null
    decided_by: string | null
    decided_at: Date | string | null
  },
  now = new Date(),
) => ({
  status: r.status,
  submittedAt: iso(r.submitted_at),
  reviewDueBy: iso(r.review_due_by),
  overdue: isOverdue(r.status, r.review_due_by, now),
  decisionReason: r.decision_reason,
  decidedBy: r.decided_by,
  decidedAt: isoOrNull(r.decided_at),
})

/** The columns a decision writes. */
export const decided = (staffId: string, reason: string | null, at = new Date()) => ({
  decision_reason: reason,
  decided_by: staffId,
  decided_at: at,
})

export const accountRef = (a: Pick<Selectable<AccountTable>, 'id' | 'account_number' | 'name' | 'country'>) => ({
  id: a.id,
  accountNumber: a.account_number,
  name: a.name,
  country: a.country,
})

export const userRef = (
  u: Pick<Selectable<UserTable>, 'id' | 'user_name' | 'first_name' | 'last_name' | 'registration_status' | 'country'>,
) => ({
  id: u.id,
  userName: u.user_name,
  // a Chinese name is family name first, without a space
  name: (u.country === 'cn' ? `${u.last_name}${u.first_name}` : `${u.first_name} ${u.last_name}`).trim() || u.user_name,
  registrationStatus: u.registration_status,
})

/** The accounts and users rows of ids, by id (the queues read a page, then these in two queries). */
export async function accountsById(db: Kysely<DB>, ids: number[]) {
  const rows = ids.length
    ? await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute()
    : []
  return new Map(rows.map((r) => [r.id, r]))
}
export async function usersById(db: Kysely<DB>, ids: string[]) {
  const rows = ids.length
    ? await db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute()
    : []
  return new Map(rows.map((r) => [r.id, r]))
}
