/**
 * The rules staff decisions on membership content are checked by (issue 24: "gifts and draws ...: create,
 * schedule, change, end, with the same validation the storefront relies on"). Pure: the server refuses with them,
 * the staff console (issue 25) can show the same messages before sending.
 */
import type { DrawActivityStatus } from './play-rules'

/** A tracking number: letters, digits and dashes, 6 to 40 (SF, JD, EMS, Blue Dart and Delhivery numbers all fit). */
export const TRACKING_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{4,38}[A-Za-z0-9]$'

export const MAX_GIFT_IMAGE_LENGTH = 500

/**
 * A gift image the app may load: a path of our own media (/media/..., what the seed uses and the app sizes with
 * productImageUrl), as for every image staff put in front of buyers (server/lib/sanitize.ts: "images: only our own
 * /media/... files (no trackers, no data: URLs)"). No scheme at all (javascript:, data:, http(s):), no
 * protocol-relative //host, no backslash, no '..', no whitespace or quotes.
 */
export function safeGiftImage(src: string): boolean {
  return /^\/media\/[A-Za-z0-9._~%/-]+$/.test(src) && !src.includes('..') && !src.includes('//')
}

/**
 * Text staff write for buyers (a resolution note, a reason, a name): shown in the app and sent by email as plain
 * text, so no markup and no control characters (a line break excepted).
 */
export function plainTextProblem(field: string, s: string): string | null {
  if (!s.trim()) return `${field} must not be blank`
  if (/[<>\u0000-\u0009\u000b-\u001f\u007f]/.test(s)) return `${field} must not contain control characters, < or >`
  return null
}

/**
 * A gift's state from its flag and its schedule: 'ended' when taken off sale or past its end, 'scheduled' before
 * its start, else 'live'. The storefront lists and redeems only live gifts (server/domains/membership/gifts/catalog.ts).
 */
export type GiftState = 'scheduled' | 'live' | 'ended'
export function giftState(
  g: { onSale: boolean; startAt: Date | string | null; endAt: Date | string | null },
  now: Date,
): GiftState {
  const t = now.getTime()
  if (!g.onSale || (g.endAt !== null && new Date(g.endAt).getTime() <= t)) return 'ended'
  if (g.startAt !== null && new Date(g.startAt).getTime() > t) return 'scheduled'
  return 'live'
}

/** A schedule's problem: start not before end (both given). */
export function scheduleProblem(startAt: string | null, endAt: string | null): string | null {
  if (startAt !== null && endAt !== null && new Date(startAt).getTime() >= new Date(endAt).getTime())
    return 'startAt must be before endAt'
  return null
}

/** What a gift's fields must satisfy beyond their schema (the storefront's redeemRefusal relies on them). */
export function giftProblem(g: {
  nameEn: string
  nameZh: string
  descriptionEn: string
  descriptionZh: string
  image: string | null
  minQty: number
  limitQty: number | null
  startAt: string | null
  endAt: string | null
}): string | null {
  const text =
    plainTextProblem('nameEn', g.nameEn) ??
    plainTextProblem('nameZh', g.nameZh) ??
    (g.descriptionEn ? plainTextProblem('descriptionEn', g.descriptionEn) : null) ??
    (g.descriptionZh ? plainTextProblem('descriptionZh', g.descriptionZh) : null)
  if (text) return text
  if (g.image !== null && !safeGiftImage(g.image)) return 'image must be a path of our own media (/media/...)'
  // a limit below the minimum exchange quantity could never be met: the gift would never be redeemable
  if (g.limitQty !== null && g.limitQty < g.minQty) return 'limitQty must be at least minQty'
  return scheduleProblem(g.startAt, g.endAt)
}

export interface PrizeFacts {
  /** an existing prize of the draw, or undefined for a new one */
  id?: number
  kind: 'none' | 'points' | 'physical'
  nameEn: string
  nameZh: string
  points: number | null
  weight: number
  stock: number | null
}

/**
 * The prizes of a draw as the draw itself relies on them (play-rules.ts pickPrize, drawRefusal): weights are the
 * odds (positive integers; prize i wins with weight_i / sum), a points prize credits its points (> 0) and only it
 * has points, the thanks-for-taking-part slot ('none') is unlimited and at most one, and at least one real prize
 * (else every draw is refused as "no prizes left").
 */
export function prizesProblem(prizes: PrizeFacts[]): string | null {
  for (const [i, p] of prizes.entries()) {
    const text = plainTextProblem(`prizes/${i}/nameEn`, p.nameEn) ?? plainTextProblem(`prizes/${i}/nameZh`, p.nameZh)
    if (text) return text
    if ((p.kind === 'points') !== (p.points !== null)) return `prize ${i}: points are given exactly for a points prize`
    if (p.kind === 'none' && p.stock !== null) return `prize ${i}: the thanks-for-taking-part slot has no stock limit`
  }
  if (prizes.filter((p) => p.kind === 'none').length > 1) return 'at most one thanks-for-taking-part slot'
  if (!prizes.some((p) => p.kind !== 'none')) return 'a draw needs at least one real prize'
  const ids = prizes.map((p) => p.id).filter((id) => id !== undefined)
  if (new Set(ids).size !== ids.length) return 'a prize is named twice'
  return null
}

/**
 * A change of a draw that already has draws made must not break them: every prize won so far stays, with the
 * same kind and points (its records, credited points and prize orders name it); the period stays (the draws made
 * count against it by their period key). An activity that is over is not changed at all.
 */
export function drawChangeProblem(
  state: DrawActivityStatus,
  current: { period: string; prizes: { id: number; kind: string; points: number | null; won: number }[] },
  next: { period: string; prizes: PrizeFacts[] },
): string | null {
  if (state === 'over') return 'the draw is over: it cannot be changed'
  const known = new Set(current.prizes.map((p) => p.id))
  for (const p of next.prizes) if (p.id !== undefined && !known.has(p.id)) return `prize ${p.id} is not of this draw`
  const won = current.prizes.filter((p) => p.won > 0)
  if (won.length && next.period !== current.period) return 'draws were made: the period cannot change'
  for (const w of won) {
    const n = next.prizes.find((p) => p.id === w.id)
    if (!n) return `prize ${w.id} was won already: it cannot be removed`
    if (n.kind !== w.kind || n.points !== w.points)
      return `prize ${w.id} was won already: its kind and points cannot change`
  }
  return null
}
