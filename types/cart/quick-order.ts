/**
 * Quick order by paste: catalogue numbers and quantities "as copied from a spreadsheet" — one per line,
 * or separated by commas, tabs or semicolons (full-width '，' '；' '、' too), CRLF or LF line ends, any run
 * of spaces between a number and its quantity. A header row such as 'Catalog Number\tQty' and blank
 * lines are skipped; a missing quantity is 1. The same catalogue number twice is one line with the
 * quantities summed, capped at 999 (section 5: "The cart limit is 1 to 999"; "the same SKU sums its
 * quantity, capped at 999"). At most QUICK_ORDER_MAX_LINES distinct catalogue numbers.
 *
 * How a line is read: its tokens are taken left to right; each entry is a catalogue number, optionally
 * followed by its quantity. A token is a quantity when it is all digits with at most 4 of them and it
 * follows a catalogue number; 5 or more digits make a catalogue number (some are all digits, e.g.
 * 11668019). So "MA1-10175, 11668019, 4368814" is three lines of quantity 1. A catalogue number is
 * letters, digits, dashes and dots, 3 to 40 characters, with at least one digit (which is how a header
 * row — words only — is told apart). The first non-blank line is a header when it has no digit at all.
 *
 * Problems are per source line, at most one per line and kind, with `raw` the trimmed source line:
 * - 'format': a token that is neither a catalogue number nor its quantity; nothing of that line is added.
 * - 'quantity': a quantity that is not an integer 1..999 (0, 1000, -1, 2.5); nothing of that line is added.
 * - 'tooMany': the line had catalogue numbers beyond the first 200 distinct ones; those are left out
 *   (earlier ones of the same line and repeats of numbers already listed are still counted).
 */
import { CART_QTY_MAX as QTY_MAX, CART_QTY_MIN as QTY_MIN } from './quantity'

export const QUICK_ORDER_MAX_LINES = 200

export interface QuickOrderLine { line: number; catalogNumber: string; quantity: number }
export interface QuickOrderProblem { line: number; raw: string; error: 'quantity' | 'format' | 'tooMany' }

/** Full-width ASCII forms (Ａ-Ｚ, ０-９, '，', '；', …) and the ideographic space become their ASCII twins. */
const toHalfWidth = (s: string) =>
  s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ')

const SEPARATORS = /[\s,;\u3001]+/
const CATALOG = /^[A-Z0-9][A-Z0-9.-]{2,39}$/
/** Anything that reads as a number with at most 4 integer digits: a quantity, valid or not. */
const QUANTITY_LIKE = /^[+-]?[0-9]{1,4}(?:\.[0-9]+)?$/
const VALID_QUANTITY = /^[0-9]{1,4}$/

const isCatalogNumber = (t: string) =>
  CATALOG.test(t) && /[0-9]/.test(t) && !QUANTITY_LIKE.test(t) && !(/^[0-9]+$/.test(t) && t.length < 5)

type LineReading =
  | { kind: 'entries'; entries: { catalogNumber: string; quantity: number }[] }
  | { kind: 'format' | 'quantity' }

function readLine(tokens: readonly string[]): LineReading {
  const entries: { catalogNumber: string; quantity: number }[] = []
  let badQuantity = false
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]
    if (!isCatalogNumber(tok)) return { kind: 'format' }
    const next = tokens[i + 1]
    let quantity = 1
    if (next !== undefined && QUANTITY_LIKE.test(next)) {
      i++
      const n = VALID_QUANTITY.test(next) ? Number(next) : NaN
      if (n >= QTY_MIN && n <= QTY_MAX) quantity = n
      else badQuantity = true
    }
    entries.push({ catalogNumber: tok, quantity })
  }
  return badQuantity ? { kind: 'quantity' } : { kind: 'entries', entries }
}

export function parseQuickOrder(text: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = []
  const problems: QuickOrderProblem[] = []
  const byNumber = new Map<string, QuickOrderLine>()
  const source = typeof text === 'string' ? text.replace(/^\uFEFF/, '') : ''
  let seenContent = false

  source.split(/\r\n|\r|\n/).forEach((sourceLine, index) => {
    const line = index + 1
    const raw = sourceLine.trim()
    const tokens = toHalfWidth(sourceLine).toUpperCase().split(SEPARATORS).filter(Boolean)
    if (tokens.length === 0) return
    const first = !seenContent
    seenContent = true
    if (first && !/[0-9]/.test(tokens.join(''))) return // header row, e.g. 'Catalog Number\tQty'

    const reading = readLine(tokens)
    if (reading.kind !== 'entries') { problems.push({ line, raw, error: reading.kind }); return }
    let leftOut = false
    for (const { catalogNumber, quantity } of reading.entries) {
      const prev = byNumber.get(catalogNumber)
      if (prev) { prev.quantity = Math.min(QTY_MAX, prev.quantity + quantity); continue }
      if (lines.length >= QUICK_ORDER_MAX_LINES) { leftOut = true; continue }
      const entry: QuickOrderLine = { line, catalogNumber, quantity }
      byNumber.set(catalogNumber, entry)
      lines.push(entry)
    }
    if (leftOut) problems.push({ line, raw, error: 'tooMany' })
  })
  return { lines, problems }
}
