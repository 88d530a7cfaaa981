/**
 * STAND-IN written by the app cart engineer (branch h-app-cart) because branch h-rules, which owns
 * this file, had no commits by the deadline. It implements the exports the common brief announced,
 * with the same names and shapes, so that the app typechecks and its tests run. When h-rules is
 * merged, its version replaces this file entirely (take theirs on the add/add conflict).
 */
export const QUICK_ORDER_MAX_LINES = 200
export function parseQuickOrder(text: string) {
  const lines: { line: number; catalogNumber: string; quantity: number }[] = []
  const problems: { line: number; raw: string; error: 'quantity' | 'format' | 'tooMany' }[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const s = raw.trim(); if (!s) return
    if (lines.length >= QUICK_ORDER_MAX_LINES) { problems.push({ line: i + 1, raw, error: 'tooMany' }); return }
    const parts = s.split(/[\t,;]+|\s+/).filter(Boolean)
    if (parts.length > 2 || !parts.length) { problems.push({ line: i + 1, raw, error: 'format' }); return }
    const q = parts[1] ?? '1'
    if (!/^\d+$/.test(q) || +q < 1 || +q > 999) { problems.push({ line: i + 1, raw, error: 'quantity' }); return }
    lines.push({ line: i + 1, catalogNumber: parts[0], quantity: +q })
  })
  return { lines, problems }
}
