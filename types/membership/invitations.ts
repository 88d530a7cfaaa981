import { Type, type Static } from 'typebox'
import { Nullable } from '../common'

/**
 * Invitations and referrals (spec §1 "invitations", §2 "referral (invite for gifts)", §4
 * "Invitation-code rules exist (messages in section 8)", §8 "Invitation: verification failed, already
 * participated, not a new user, own code, code not matching the activity, code not found or invalid,
 * use limit exceeded").
 *
 * Each member has one code per invitation activity. A new user enters a code: the inviter and the
 * invitee both earn the activity's points (ledger source 'invitation').
 */

/** code alphabet: no 0/O, 1/I/L (read aloud and typed from a screen) */
export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
/** 7 random characters and 1 check character */
export const INVITE_CODE_LENGTH = 8
export const INVITE_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/

/** the check character of a code's first 7 characters (a weighted sum mod 31: catches every single typo and adjacent swap) */
export function inviteCheckChar(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += (i + 1) * INVITE_ALPHABET.indexOf(body[i])
  return INVITE_ALPHABET[sum % INVITE_ALPHABET.length]
}

/** a new code from 7 random alphabet indexes (the server passes node:crypto's randomInt) */
export function makeInviteCode(randomInt: (n: number) => number): string {
  let body = ''
  for (let i = 0; i < INVITE_CODE_LENGTH - 1; i++) body += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]
  return body + inviteCheckChar(body)
}

/** what the member typed, tidied: spaces and dashes dropped, upper case */
export const normalizeInviteCode = (raw: string) => raw.replace(/[\s-]+/g, '').toUpperCase()

/** 'malformed': not 8 characters of the alphabet (→ code not found or invalid); 'checksum': the check character does not match (→ verification failed) */
export function inviteCodeShape(code: string): 'ok' | 'malformed' | 'checksum' {
  if (!INVITE_CODE_PATTERN.test(code)) return 'malformed'
  return inviteCheckChar(code.slice(0, 7)) === code[7] ? 'ok' : 'checksum'
}

/**
 * "Not a new user" — a NEW USER is a member whose account has never placed an order (no row in
 * orders for the account) and who has not entered an invitation code before in any activity. The
 * store keeps no registration date, so "new" is decided by these two facts, read from the database
 * under the invitee's lock.
 */
export function isNewUser(f: { accountOrders: number; codesEnteredBefore: number }): boolean {
  return f.accountOrders === 0 && f.codesEnteredBefore === 0
}

/**
 * Section 8's invitation refusals, each a distinct reason, checked in this order:
 * code not found or invalid (malformed, unknown, or its activity is not running) → verification
 * failed (check character wrong) → own code → code not matching the activity (a code of another
 * activity) → already participated (the invitee entered a code in this activity before) → not a new
 * user → use limit exceeded (the code's uses reached the activity's limit).
 * Entering the same code a second time in the same activity replays the first answer (idempotent).
 */
export const INVITE_REFUSALS = [
  'INVITE_CODE_INVALID', 'INVITE_VERIFICATION_FAILED', 'INVITE_OWN_CODE', 'INVITE_ACTIVITY_MISMATCH',
  'INVITE_ALREADY_PARTICIPATED', 'INVITE_NOT_NEW_USER', 'INVITE_USE_LIMIT_EXCEEDED',
] as const
export type InviteRefusal = (typeof INVITE_REFUSALS)[number]

export interface InviteCheckInput {
  shape: 'ok' | 'malformed' | 'checksum'
  /** the code's row (null: not found) and whether its activity is running */
  code: { ownerId: string; activityId: string; uses: number } | null
  activityRunning: boolean
  inviteeId: string
  activityId: string
  /** the activity the invitee entered a code in before, if this one */
  alreadyInActivity: boolean
  newUser: boolean
  useLimit: number
}

export function inviteRefusal(i: InviteCheckInput): InviteRefusal | null {
  if (i.shape === 'malformed') return 'INVITE_CODE_INVALID'
  if (i.shape === 'checksum') return 'INVITE_VERIFICATION_FAILED'
  if (!i.code || !i.activityRunning) return 'INVITE_CODE_INVALID'
  if (i.code.ownerId === i.inviteeId) return 'INVITE_OWN_CODE'
  if (i.code.activityId !== i.activityId) return 'INVITE_ACTIVITY_MISMATCH'
  if (i.alreadyInActivity) return 'INVITE_ALREADY_PARTICIPATED'
  if (!i.newUser) return 'INVITE_NOT_NEW_USER'
  if (i.code.uses >= i.useLimit) return 'INVITE_USE_LIMIT_EXCEEDED'
  return null
}

/** a member's name as other members see it in the invited list: first letter and the last, the rest masked ("W***g") */
export function maskName(name: string): string {
  const s = name.trim()
  if (s.length <= 1) return s ? `${s}*` : '***'
  return `${s[0]}***${s[s.length - 1]}`
}

export const InvitedSchema = Type.Object({ name: Type.String(), at: Type.String(), points: Type.Integer() })
export type Invited = Static<typeof InvitedSchema>

export const InvitationActivitySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  rules: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  inviterPoints: Type.Integer(),
  inviteePoints: Type.Integer(),
  useLimit: Type.Integer(),
  /** the caller's own code in this activity */
  code: Type.String(),
  uses: Type.Integer(),
  invited: Type.Array(InvitedSchema),
  /** the code the caller entered in this activity, if any */
  joinedWith: Nullable(Type.String()),
})
export type InvitationActivity = Static<typeof InvitationActivitySchema>

export const InvitationListSchema = Type.Object({ activities: Type.Array(InvitationActivitySchema) })
export type InvitationList = Static<typeof InvitationListSchema>

export const InviteRedeemBodySchema = Type.Object({
  activityId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
  code: Type.String({ minLength: 1, maxLength: 32 }),
}, { additionalProperties: false })
export type InviteRedeemBody = Static<typeof InviteRedeemBodySchema>

export const InviteRedeemResultSchema = Type.Object({
  activityId: Type.String(),
  code: Type.String(),
  pointsEarned: Type.Integer(),
  balance: Type.Integer(),
  replay: Type.Boolean(),
})
export type InviteRedeemResult = Static<typeof InviteRedeemResultSchema>
