/**
 * Product descriptions are plain rich text: a handful of structural tags, never an attribute.
 * `escapeHtml` is used when they are generated from catalogue data; `sanitizePlainHtml` is applied
 * again when they are served (defence in depth: whatever ends up in the column, only these tags,
 * without attributes, and escaped text leave the server).
 */
export const DESCRIPTION_TAGS = new Set([
  'p',
  'br',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'sup',
  'sub',
])
const VOID_TAGS = new Set(['br'])
/** elements dropped together with their content */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
])

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/

/** Text between tags: keep well-formed entities, escape everything else. */
function escapeText(s: string): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (c === '&') {
      const m = ENTITY.exec(s.slice(i, i + 40))
      if (m) {
        out += m[0]
        i += m[0].length - 1
      } else out += '&amp;'
    } else if (c === '<') out += '&lt;'
    else if (c === '>') out += '&gt;'
    else if (c === '"') out += '&quot;'
    else if (c === "'") out += '&#39;'
    else out += c
  }
  return out
}

/**
 * Allow-list sanitizer: keeps DESCRIPTION_TAGS (attributes stripped), drops any other tag (and the
 * content of script/style-like elements), comments and doctype; escapes the text; closes open tags.
 * Idempotent on its own output.
 */
export function sanitizePlainHtml(input: string): string {
  const tagRe = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>?/g
  let out = ''
  let last = 0
  const open: string[] = []
  let dropping: string | null = null
  let m: RegExpExecArray | null
  while ((m = tagRe.exec(input))) {
    if (!dropping) out += escapeText(input.slice(last, m.index))
    last = tagRe.lastIndex
    const raw = m[0]
    const name = m[1]?.toLowerCase()
    if (!name) continue // comment, doctype, processing instruction
    const closing = raw.startsWith('</')
    if (dropping) {
      if (closing && name === dropping) dropping = null
      continue
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !raw.endsWith('/>')) dropping = name
      continue
    }
    if (!DESCRIPTION_TAGS.has(name)) continue
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}>`
      continue
    }
    if (closing) {
      const at = open.lastIndexOf(name)
      if (at < 0) continue
      while (open.length > at) out += `</${open.pop()}>`
    } else {
      open.push(name)
      out += `<${name}>`
    }
  }
  if (!dropping) out += escapeText(input.slice(last))
  while (open.length) out += `</${open.pop()}>`
  return out
}
