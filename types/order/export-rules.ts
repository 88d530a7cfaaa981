/**
 * Order export and email (issue 12 "after the order"): the pure rules, shared by the server (GET
 * /order/export, POST /order/export/email) and the app (the export section of the order history).
 * No schema library here: the app imports this file. The contract is types/order/export.ts.
 *
 * Spec §5 "Order-export date range: at most one year. Start date earlier than end date."
 * Spec §9 "Order history shows the last 3 months; export and email cover up to one year."
 *
 * Our exact reading:
 * - a range is two calendar days `from` and `to` (YYYY-MM-DD, real days: 2026-02-30 is malformed),
 *   both included, in the account's country's time (China time for cn, India time for in);
 * - "earlier than": `from` < `to` strictly (one day, from = to, is refused);
 * - "at most one year": `to` ≤ `from` + 1 calendar year (2025-03-15 → 2026-03-15 is allowed,
 *   → 2026-03-16 is not; from 29 February the year ends on 28 February).
 */

import { countryClockFixed } from '../country-clock'
import { countryInstant } from '../country-time'

export const ORDER_EXPORT_FORMATS = ['xlsx', 'csv'] as const
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number]

/** One row per order line; an export with more rows is refused (narrow the range). */
export const ORDER_EXPORT_MAX_ROWS = 20_000

/** The default range of the export section: the history's window, the last 3 months (spec §9), to today. */
export const ORDER_EXPORT_DEFAULT_MONTHS = 3

export type ExportRangeProblem = 'malformed' | 'notBefore' | 'tooLong'

/** The rule's messages, in both languages (the server answers them; the app shows its i18n twins). */
export const EXPORT_RANGE_MESSAGES: Record<ExportRangeProblem, { en: string; zh: string }> = {
  malformed: { en: 'Enter both dates as YYYY-MM-DD', zh: '请按 YYYY-MM-DD 填写开始和结束日期' },
  notBefore: { en: 'The start date must be earlier than the end date', zh: '开始日期必须早于结束日期' },
  tooLong: { en: 'The date range can be at most one year', zh: '日期范围最长为一年' },
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day as [year, month 1-12, day], or null. */
export function parseDay(s: string): [number, number, number] | null {
  const m = DAY_PATTERN.exec(s)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1900 || y > 9998 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return null
  return [y, mo, d]
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
const pad = (n: number, w = 2) => String(n).padStart(w, '0')
export const formatDay = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`

/** `day` moved by whole calendar months, the day clamped to the end of a shorter month (31 May − 3 months → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const p = parseDay(day)
  if (!p) throw new Error(`not a day: ${day}`)
  const idx = p[0] * 12 + (p[1] - 1) + months
  const y = Math.floor(idx / 12)
  const m = (idx % 12) + 1
  return formatDay(y, m, Math.min(p[2], daysIn(y, m)))
}

/** The last day a range starting on `from` may end on: `from` + 1 calendar year. */
export const lastDayOfRange = (from: string) => addMonths(from, 12)

/** The range rule (§5, §9): null when the range is allowed, else what is wrong with it. */
export function checkExportRange(from: string, to: string): ExportRangeProblem | null {
  if (!parseDay(from) || !parseDay(to)) return 'malformed'
  // YYYY-MM-DD strings of real days compare as the days do
  if (!(from < to)) return 'notBefore'
  if (to > lastDayOfRange(from)) return 'tooLong'
  return null
}

/** Today in the country's time, as YYYY-MM-DD (the app calls this too, so by the fixed-offset clock of types/country-clock.ts). */
export function todayIn(country: string, now = new Date()): string {
  return countryClockFixed(now, country).format('YYYY-MM-DD')
}

/** The instants a range covers, in the country's time: [start of `from`, start of the day after `to`). */
export function rangeInstants(from: string, to: string, country: string): { start: Date; end: Date } {
  const end = countryInstant(to, country)
  return { start: countryInstant(from, country), end: new Date(end.getTime() + 86_400_000) }
}

/** The export section's default: the last 3 months up to today (the history's window). */
export function defaultExportRange(country: string, now = new Date()): { from: string; to: string } {
  const to = todayIn(country, now)
  return { from: addMonths(to, -ORDER_EXPORT_DEFAULT_MONTHS), to }
}

/** The file's name: orders-<from>-<to>.xlsx */
export const exportFileName = (from: string, to: string, format: OrderExportFormat) => `orders-${from}-${to}.${format}`

/**
 * A text cell a spreadsheet would run as a formula starts with ' instead (CSV and formula injection; issue 22,
 * item 21): = + - @ and their full-width forms ＝ ＋ － ＠ (which Excel also reads as a formula), after any leading
 * white space, and a leading tab, CR or LF. Applied to every text cell of the CSV and the XLSX export; numbers and
 * dates are not text and stay as they are.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/
export function spreadsheetSafe<T>(v: T): T | string {
  return typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v
}
