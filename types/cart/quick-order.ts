/**
 * Quick order by paste (issue 9: "one per line, or comma/tab separated, as copied from a
 * spreadsheet"). Each line is a catalogue number (letters, digits, '-', '.', '/', with at least one
 * digit) and an optional quantity (default 1); a line of
 * several catalogue numbers with no quantity adds each once. A header row ("Catalog Number  Qty")
 * and blank lines are skipped. The same number twice is one line with the quantities summed
 * (capped at 999, spec section 5 "The cart limit is 1 to 999").
 */
import { CART_QTY_MAX, CART_QTY_MIN } from './quantity'

export const QUICK_ORDER_MAX_LINES = 200

export interface QuickOrderLine {
  line: number
  catalogNumber: string
  quantity: number
}
export interface QuickOrderProblem {
  line: number
  raw: string
  error: 'quantity' | 'format' | 'tooMany'
}

const CATALOG = /^[A-Za-z0-9][A-Za-z0-9._/-]{2,39}$/
const QTY = /^\d{1,4}$/
const HEADER = /^(cat(alog(ue)?)?\.?\s*(no\.?|number|#)?|sku|产品?货号|货号|目录号|qty|quantity|数量)$/i

const isHeaderToken = (t: string) => HEADER.test(t.trim())

export function parseQuickOrder(text: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const out: QuickOrderLine[] = []
  const byNumber = new Map<string, QuickOrderLine>()
  const problems: QuickOrderProblem[] = []
  const push = (line: number, raw: string, catalogNumber: string, quantity: number) => {
    const key = catalogNumber.toUpperCase()
    const prev = byNumber.get(key)
    if (prev) {
      prev.quantity = Math.min(CART_QTY_MAX, prev.quantity + quantity)
      return
    }
    if (out.length >= QUICK_ORDER_MAX_LINES) {
      problems.push({ line, raw, error: 'tooMany' })
      return
    }
    const entry = { line, catalogNumber: key, quantity }
    byNumber.set(key, entry)
    out.push(entry)
  }
  const rows = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
  rows.forEach((rawLine, i) => {
    const line = i + 1
    const raw = rawLine.trim()
    if (!raw) return
    const tokens = raw
      .split(/[\t,;，；、]+|\s+/)
      .map((t) => t.trim())
      .filter(Boolean)
    if (tokens.length === 0) return
    if (
      tokens.every(isHeaderToken) ||
      (tokens.some(isHeaderToken) && !tokens.some((t) => CATALOG.test(t) && /\d/.test(t)))
    )
      return
    // pairs: a catalogue number (has a digit), then an optional short all-digit quantity; a line
    // with any unreadable token adds nothing and is reported whole
    const entries: { catalogNumber: string; quantity: number }[] = []
    let j = 0
    while (j < tokens.length) {
      const tok = tokens[j]
      if (!CATALOG.test(tok) || !/[0-9]/.test(tok) || (QTY.test(tok) && j > 0)) {
        problems.push({ line, raw, error: 'format' })
        return
      }
      const next = tokens[j + 1]
      if (next !== undefined && /^-?\d+(\.\d+)?$/.test(next) && next.replace('-', '').split('.')[0].length <= 4) {
        const q = Number(next)
        if (!Number.isInteger(q) || q < CART_QTY_MIN || q > CART_QTY_MAX) {
          problems.push({ line, raw, error: 'quantity' })
          return
        }
        entries.push({ catalogNumber: tok, quantity: q })
        j += 2
      } else {
        entries.push({ catalogNumber: tok, quantity: 1 })
        j += 1
      }
    }
    for (const e of entries) push(line, raw, e.catalogNumber, e.quantity)
  })
  return { lines: out, problems }
}
