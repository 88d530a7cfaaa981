import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { MarketingState } from '../../../../types/marketing/staff-schemas'
import { toMinor } from '../../../../types/money'
import { ApiError } from '../../../errors'
import { isOwnMediaPath, sanitizeRichHtml } from '../../../lib/sanitize'

/**
 * The checks every staff write of marketing content shares (articles, banners, promotions here; coupons in
 * server/domains/cart/staff/, flash sales in server/domains/flashbuy/staff/, through the domain's index.ts): one
 * place each, so the storefront never meets an item that breaks them. A refusal is 400 VALIDATION_ERROR naming the
 * field, as TypeBox's own.
 */

export const invalid = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', `body/${field} ${message}`)

/** An instant of a body (the schema checked its shape; this catches 2026-13-45T...). */
export function instantOf(field: string, value: string): Date {
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) throw invalid(field, 'is not a valid instant')
  return d
}

/**
 * A window buyers will see: start before end, and an end still to come (an item that would be over the moment it
 * is saved is a mistake, not a schedule).
 */
export function checkWindow(
  start: Date,
  end: Date,
  now: Date,
  names: { start: string; end: string } = { start: 'startAt', end: 'endAt' },
): void {
  if (end.getTime() <= start.getTime()) throw invalid(names.end, `must be after ${names.start}`)
  if (end.getTime() <= now.getTime()) throw invalid(names.end, 'must be in the future')
}

/** Where a window stands now; `ended` (by staff) wins. */
export function windowState(start: Date | string, end: Date | string | null, now: Date, ended = false): MarketingState {
  if (ended || (end !== null && now.getTime() >= new Date(end).getTime())) return 'ended'
  if (now.getTime() < new Date(start).getTime()) return 'scheduled'
  return 'running'
}

/** `item`, locked for a change or an end, if it has not ended: one that has is 409 (named `id`). */
export function notEnded<T extends { state: MarketingState }>(item: T, what: string, id: string): T {
  if (item.state === 'ended') throw alreadyEnded(what, id)
  return item
}

/**
 * The window a write leaves, checked as a new one (checkWindow): the body's start and end, and where a change does
 * not give one, the item's. `names` are the fields' (startAt and endAt unless said).
 */
export function windowOf<S extends string = 'startAt', E extends string = 'endAt'>(
  body: Partial<Record<NoInfer<S | E>, string>>,
  now: Date,
  {
    item,
    names = { start: 'startAt', end: 'endAt' } as { start: S; end: E },
  }: {
    item?: Record<NoInfer<S | E>, string>
    names?: { start: S; end: E }
  } = {},
): { start: Date; end: Date } {
  const at = (field: S | E) => {
    const given = body[field]
    return given !== undefined ? instantOf(field, given) : new Date(item![field])
  }
  const start = at(names.start)
  const end = at(names.end)
  checkWindow(start, end, now, names)
  return { start, end }
}

/**
 * Ending an item now: its end becomes now; one not started yet gets its start 1 ms before, so the window stays
 * valid (start < end) and was never open to buyers.
 */
export function endedWindow(start: Date | string, now: Date): { start: Date; end: Date } {
  const s = new Date(start)
  return { start: s.getTime() < now.getTime() ? s : new Date(now.getTime() - 1), end: now }
}

/** The tables whose items have a start_at .. end_at window: promotions, banners (special_columns), flash sales. */
type WindowTable = 'promotions' | 'special_columns' | 'flash_sales'

/**
 * Ends the item now (endedWindow), staff its last editor; `more` are the columns its table sets besides at that
 * moment (a flash sale's ended_at).
 */
export async function endWindow(
  trx: Kysely<DB>,
  req: FastifyRequest,
  table: WindowTable,
  item: { id: string; startAt: string },
  more: (now: Date) => { ended_at?: Date } = () => ({}),
): Promise<void> {
  const now = new Date()
  const w = endedWindow(item.startAt, now)
  await trx
    .updateTable(table)
    .set({ start_at: w.start, end_at: w.end, ...more(now), updated_at: now, updated_by: req.staff!.id })
    .where('id', '=', item.id)
    .execute()
}

/** A picture of our own media (/media/...): the same rule as images inside rich text (server/lib/sanitize.ts). */
export function mediaPathOf(field: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  if (!isOwnMediaPath(value)) throw invalid(field, 'must be a path of our own media (/media/...)')
  return value
}

/** A text buyers read, in both languages, not blank. */
export function textOf(field: string, value: { en: string; zh: string }, allowEmpty = false) {
  const en = value.en.trim()
  const zh = value.zh.trim()
  if (!allowEmpty && !en) throw invalid(`${field}/en`, 'must not be blank')
  if (!allowEmpty && !zh) throw invalid(`${field}/zh`, 'must not be blank')
  return { en, zh }
}

/** Rich text in both languages, sanitized on write (and again when served); empty after sanitizing is refused. */
export function richTextOf(field: string, value: { en: string; zh: string }) {
  const en = sanitizeRichHtml(value.en)
  const zh = sanitizeRichHtml(value.zh)
  if (!en) throw invalid(`${field}/en`, 'has no content once sanitized')
  if (!zh) throw invalid(`${field}/zh`, 'has no content once sanitized')
  return { en, zh }
}

/** The products of catalogue numbers, in the order given; an unknown number is refused by name. */
export async function productIdsOf(
  db: Kysely<DB>,
  field: string,
  catalogNumbers: readonly string[],
): Promise<{ id: number; catalogNumber: string }[]> {
  if (!catalogNumbers.length) return []
  const rows = await db
    .selectFrom('products')
    .select(['id', 'catalog_number'])
    .where('catalog_number', 'in', [...catalogNumbers])
    .execute()
  return catalogNumbers.map((c) => {
    const p = rows.find((r) => r.catalog_number === c)
    if (!p) throw invalid(field, `names an unknown catalogue number: ${c}`)
    return { id: p.id, catalogNumber: c }
  })
}

/** major units → minor, refusing what is not a whole cent (or paisa) */
export function minorOf(field: string, major: number): number {
  const minor = toMinor(major)
  if (Math.abs(minor - major * 100) > 1e-6) throw invalid(field, 'must have at most 2 decimals')
  return minor
}

export const notFound = (what: string, id: string) => new ApiError(404, 'NOT_FOUND', `No ${what} ${id}`)
export const alreadyEnded = (what: string, id: string) =>
  new ApiError(409, 'CONFLICT', `The ${what} ${id} has ended already`)

export const iso = (d: Date | string) => new Date(d).toISOString()
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d))
