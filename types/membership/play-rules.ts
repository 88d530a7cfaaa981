/**
 * The pure rules of the membership play half (issue 13): lucky draws, tasks, invitations. No schema
 * library here: the app's tests and screens use these functions as they are; the schemas
 * (draws.ts, tasks.ts, invitations.ts) describe the API.
 */

import { countryClock } from '../country-time'

// ---------------- lucky draws (spec §4 "Lucky-draw activity: period limit", §8 "Lucky draw: ...")

/** an activity's state, from its window (the server's clock) */
export type DrawActivityStatus = 'not_started' | 'running' | 'over'

export function drawActivityStatus(a: { startAt: Date; endAt: Date }, now: Date): DrawActivityStatus {
  if (now.getTime() < a.startAt.getTime()) return 'not_started'
  if (now.getTime() >= a.endAt.getTime()) return 'over'
  return 'running'
}

/**
 * Section 8's lucky-draw refusals, each a distinct reason, checked in this order (the first that
 * applies answers): not started, not in activity time (over), black list, exceeded draw limit (the
 * activity's overall limit), exceeded period limit, no prizes left, not enough points.
 * "No prizes left" means every prize other than the thanks-for-taking-part slot is out of stock: the
 * member is not charged for a draw that cannot win anything.
 */
export const DRAW_REFUSALS = [
  'DRAW_NOT_STARTED',
  'DRAW_NOT_IN_TIME',
  'DRAW_BLACKLISTED',
  'DRAW_LIMIT_EXCEEDED',
  'DRAW_PERIOD_LIMIT_EXCEEDED',
  'DRAW_NO_PRIZES_LEFT',
  'DRAW_NOT_ENOUGH_POINTS',
] as const
export type DrawRefusal = (typeof DRAW_REFUSALS)[number]

export interface DrawCheckInput {
  status: DrawActivityStatus
  blacklisted: boolean
  /** the member's draws in this activity so far, and in the current period */
  usedTotal: number
  usedInPeriod: number
  totalLimit: number
  periodLimit: number
  /** prizes other than 'none' with stock left (null stock = unlimited) */
  realPrizesLeft: number
  balance: number
  pointsPerDraw: number
}

/** The first refusal that applies, or null when the member may draw. Pure: the server runs it under the member's lock. */
export function drawRefusal(i: DrawCheckInput): DrawRefusal | null {
  if (i.status === 'not_started') return 'DRAW_NOT_STARTED'
  if (i.status === 'over') return 'DRAW_NOT_IN_TIME'
  if (i.blacklisted) return 'DRAW_BLACKLISTED'
  if (i.usedTotal >= i.totalLimit) return 'DRAW_LIMIT_EXCEEDED'
  if (i.usedInPeriod >= i.periodLimit) return 'DRAW_PERIOD_LIMIT_EXCEEDED'
  if (i.realPrizesLeft <= 0) return 'DRAW_NO_PRIZES_LEFT'
  if (i.balance < i.pointsPerDraw) return 'DRAW_NOT_ENOUGH_POINTS'
  return null
}

/**
 * The key of the period `now` falls in, in the country's business time: day '2026-11-23', week
 * '2026-W48' (ISO week, Monday first), month '2026-11'. Draws of one member in one activity with the
 * same key count against the period limit.
 */
export function periodKey(
  period: 'day' | 'week' | 'month' | 'daily' | 'monthly',
  now: Date,
  country: 'cn' | 'in',
): string {
  const local = countryClock(now, country)
  if (period === 'day' || period === 'daily') return local.format('YYYY-MM-DD')
  if (period === 'month' || period === 'monthly') return local.format('YYYY-MM')
  // ISO week: the Thursday of this week decides the year
  const day = (local.day() + 6) % 7
  const thursday = new Date(Date.UTC(local.year(), local.month(), local.date() - day + 3))
  const jan4 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4))
  const week =
    1 + Math.round(((thursday.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7)
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/**
 * The weighted pick: among `prizes` with stock left (stock null = unlimited, > 0 = left), prize i
 * wins with probability weight_i / sum of weights. `randomInt(n)` returns an integer in [0, n) — the
 * server passes node:crypto's randomInt (a CSPRNG); tests inject a fixed source. Returns null when no
 * prize has stock.
 */
export function pickPrize<P extends { weight: number; stock: number | null }>(
  prizes: P[],
  randomInt: (n: number) => number,
): P | null {
  const open = prizes.filter((p) => p.weight > 0 && (p.stock === null || p.stock > 0))
  const total = open.reduce((s, p) => s + p.weight, 0)
  if (total <= 0) return null
  let r = randomInt(total)
  if (!Number.isInteger(r) || r < 0 || r >= total)
    throw new Error(`pickPrize: random source returned ${r} outside [0, ${total})`)
  for (const p of open) {
    if (r < p.weight) return p
    r -= p.weight
  }
  return null
}

// ---------------- tasks (earn points by tasks)

export type TaskCode = 'checkin' | 'persona' | 'shipto' | 'article' | 'order'
export type TaskPeriod = 'once' | 'daily' | 'monthly'
export type TaskState = 'done' | 'claimable' | 'todo'

export interface TaskDef {
  code: TaskCode
  points: number
  period: TaskPeriod
}

export const TASKS: readonly TaskDef[] = [
  { code: 'checkin', points: 5, period: 'daily' },
  { code: 'persona', points: 20, period: 'once' },
  { code: 'shipto', points: 20, period: 'once' },
  { code: 'article', points: 10, period: 'daily' },
  { code: 'order', points: 50, period: 'monthly' },
]

export const taskByCode = (code: string): TaskDef | undefined => TASKS.find((t) => t.code === code)

/** the ledger reference of a task's credit in one period: 'task:checkin:2026-11-23', 'task:persona:once', 'task:order:2026-11' */
export const taskSourceRef = (code: TaskCode, periodKey: string) => `task:${code}:${periodKey}`

/**
 * A task's state for the member now: 'done' (credited in this period), 'claimable' (the data shows
 * it is met, not yet credited), 'todo' (not met yet).
 */

export function taskState(credited: boolean, met: boolean): TaskState {
  if (credited) return 'done'
  return met ? 'claimable' : 'todo'
}

// ---------------- invitations (spec §8 "Invitation: ...")

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
  'INVITE_CODE_INVALID',
  'INVITE_VERIFICATION_FAILED',
  'INVITE_OWN_CODE',
  'INVITE_ACTIVITY_MISMATCH',
  'INVITE_ALREADY_PARTICIPATED',
  'INVITE_NOT_NEW_USER',
  'INVITE_USE_LIMIT_EXCEEDED',
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

/** a member's name as other members see it in the invited list: the one rule of types/account/person-name.ts */
export { maskedName as maskName } from '../account/person-name'
