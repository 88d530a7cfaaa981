import { CATALOG_NUMBER_RE } from '../common'

/**
 * The rules of one cell of an import file, shared by the kinds (products, prices, stock). Each returns the value or
 * a message saying what is wrong and what is expected; the caller names the row and the column.
 */
export type Cell<T> = { ok: true; value: T } | { ok: false; message: string }

const ok = <T>(value: T): Cell<T> => ({ ok: true, value })
const bad = (message: string): Cell<never> => ({ ok: false, message })

/** A catalogue number as the catalogue stores it: trimmed, upper case (CATALOG_NUMBER_RE: letters, digits, . _ / -). */
export function catalogNumberCell(s: string): Cell<string> {
  const v = s.trim().toUpperCase()
  if (!v) return bad('is required')
  if (!CATALOG_NUMBER_RE.test(v))
    return bad(`"${clip(s)}" is not a catalogue number (letters, digits and . _ / -, at most 40)`)
  return ok(v)
}

/** Largest amount accepted (major units): the minor units must fit the integer columns with room to spare. */
export const MAX_AMOUNT = 10_000_000

/**
 * A price in major units (yuan / rupees) as staff type it: digits with at most two decimals, above 0
 * (a thousands separator is refused: "1,000" in a CSV cell is ambiguous). Stored as minor units (types/money.ts).
 */
export function amountCell(s: string): Cell<number> {
  const v = s.trim()
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return bad(`"${clip(s)}" is not an amount (e.g. 1280 or 99.50; at most 2 decimals)`)
  const minor = Math.round(Number(v) * 100)
  if (minor <= 0) return bad('must be above 0')
  if (minor > MAX_AMOUNT * 100) return bad(`must be at most ${MAX_AMOUNT}`)
  return ok(minor)
}

/** A whole number from 0 to `max` ("12", or "12.0" as a spreadsheet may write it). */
export function wholeCell(s: string, max: number): Cell<number> {
  const v = s.trim()
  if (!/^\d+(\.0+)?$/.test(v)) return bad(`"${clip(s)}" is not a whole number of 0 or more`)
  const n = Number(v)
  if (n > max) return bad(`must be at most ${max}`)
  return ok(n)
}

/** Plain text of 1..max characters, without control characters. */
export function textCell(s: string, max: number): Cell<string> {
  const v = s.trim().replace(/\s+/g, ' ')
  if (!v) return bad('is required')
  if (v.length > max) return bad(`is longer than ${max} characters`)
  if (/[\u0000-\u001f\u007f]/.test(v)) return bad('contains control characters')
  return ok(v)
}

/**
 * The units a pack size may be given in (the catalogue's own sizes: "100 µg", "10 x 1 mL", "1 kit", "100/pk",
 * "1,000 units", "10 U/µL").
 */
const UNITS = [
  'µg', 'ug', 'mg', 'g', 'kg', 'ng',
  'µL', 'uL', 'mL', 'L',
  'nM', 'µM', 'mM', 'M', 'mg/mL', 'U/µL', 'U/uL', 'U', 'X',
  'units', 'unit', 'tests', 'test', 'reactions', 'reaction', 'rxns', 'preps', 'prep', 'labelings', 'labeling',
  'kit', 'kits', 'each', 'ea', 'vials', 'vial', 'plates', 'plate', 'tubes', 'tube', 'pack', 'packs', 'box', 'boxes',
  'case', 'cases', 'sheets', 'rolls', 'pieces', 'pcs', 'set', 'sets', 'year', 'years',
] // prettier-ignore
const NUM = '\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?'
const SIZE_RE = new RegExp(
  `^(?:${NUM})(?:\\s?x\\s?(?:${NUM}))?(?:\\s?(?:${UNITS.map((u) => u.replace(/[./]/g, '\\$&')).join('|')})|/(?:pk|cs|bx|ea|case|pack))$`,
  'i',
)

/** A pack size: a quantity (optionally "n x quantity") and a unit of UNITS, or "n/pk" (pack), "n/cs" (case). */
export function sizeCell(s: string): Cell<string> {
  const v = s.trim().replace(/\s+/g, ' ')
  if (!v) return bad('is required')
  if (!SIZE_RE.test(v)) return bad(`"${clip(s)}" is not a pack size (e.g. 100 µg, 10 x 1 mL, 1 kit, 100/pk)`)
  return ok(v)
}

/** A cell's text in a message: at most 40 characters. */
export const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 37)}...` : s)

/** Header names compare without case, spaces, '_' and '-' ("Catalog Number", "catalog_number", "catalogNumber"). */
export const headerKey = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '')
