/**
 * Turns the server's (already sanitized) article HTML into RichText nodes, applying an allow-list
 * again on the client: defence in depth. What can reach the view:
 * - only the tags in BLOCK/INLINE below (scripts, styles, frames, forms, svg, objects ... are
 *   dropped with everything inside them; unknown tags are unwrapped, their text kept);
 * - no attribute from the source except an image's src/alt and a table cell's colspan/rowspan:
 *   no on* handler, no style, no class, no id ever passes; styles are the app's own, by tag;
 * - images only from our own media (/media/...), resolved against the API base;
 * - an <a> becomes plain text; its target is returned separately (`links`): an http(s) site so a
 *   screen may offer to copy it (links to other sites are not followed inside the app), an
 *   address of this app (/product-details/...) so a screen may open it in the app.
 *   javascript:, data: and any other scheme are dropped.
 * Text is decoded from HTML entities here; RichText renders text nodes as text.
 */

export interface RichTextElement {
  name: string
  attrs: Record<string, string>
  children: RichTextNode[]
}
export interface RichTextText {
  type: 'text'
  text: string
}
export type RichTextNode = RichTextElement | RichTextText
/** a link of the text: `external` = an http(s) site (offered to copy), `internal` = an address of this app (opened in the app) */
export interface RichTextLink {
  kind: 'external' | 'internal'
  text: string
  href: string
}
export interface ParsedRichText {
  nodes: RichTextNode[]
  links: RichTextLink[]
}

/** the style code and preformatted text share: a monospace font on a grey ground */
const MONO = 'font-family:Menlo,Consolas,monospace;font-size:13px;background:#f2f4f7'
/** the style header and data cells share: a ruled box, words kept whole */
const CELL = 'border:1px solid #e6e9ef;padding:6px 8px'
const CELL_WORDS = 'word-break:normal;overflow-wrap:normal'

/** rendered name and the app's own style for each allowed source tag (weapp's rich-text has no blockquote/figure) */
const TAGS: Record<string, { name: string; style?: string }> = {
  p: { name: 'p', style: 'margin:0 0 12px;line-height:1.7' },
  div: { name: 'div' },
  section: { name: 'div' },
  article: { name: 'div' },
  span: { name: 'span' },
  br: { name: 'br' },
  h1: { name: 'h2', style: 'font-size:19px;font-weight:700;line-height:1.4;margin:20px 0 10px' },
  h2: { name: 'h2', style: 'font-size:18px;font-weight:700;line-height:1.4;margin:20px 0 10px' },
  h3: { name: 'h3', style: 'font-size:16px;font-weight:700;line-height:1.4;margin:18px 0 8px' },
  h4: { name: 'h4', style: 'font-size:15px;font-weight:700;line-height:1.4;margin:16px 0 8px' },
  h5: { name: 'h5', style: 'font-size:14px;font-weight:700;margin:14px 0 6px' },
  h6: { name: 'h6', style: 'font-size:14px;font-weight:700;margin:14px 0 6px' },
  strong: { name: 'strong', style: 'font-weight:700' },
  b: { name: 'strong', style: 'font-weight:700' },
  em: { name: 'em', style: 'font-style:italic' },
  i: { name: 'em', style: 'font-style:italic' },
  u: { name: 'u', style: 'text-decoration:underline' },
  s: { name: 's', style: 'text-decoration:line-through' },
  del: { name: 's', style: 'text-decoration:line-through' },
  sub: { name: 'sub' },
  sup: { name: 'sup' },
  small: { name: 'small', style: 'font-size:12px' },
  mark: { name: 'mark' },
  code: { name: 'code', style: `${MONO};padding:0 4px;border-radius:3px` },
  pre: {
    name: 'pre',
    style: `white-space:pre-wrap;word-break:break-all;${MONO};padding:10px 12px;border-radius:6px;margin:12px 0`,
  },
  blockquote: {
    name: 'div',
    style: 'margin:12px 0;padding:8px 12px;border-left:3px solid #0b5fa5;background:#f2f4f7;color:#4a5568',
  },
  figure: { name: 'div', style: 'margin:12px 0' },
  figcaption: { name: 'div', style: 'font-size:12px;color:#6b778c;text-align:center;margin-top:4px' },
  ul: { name: 'ul', style: 'margin:0 0 12px;padding-left:22px' },
  ol: { name: 'ol', style: 'margin:0 0 12px;padding-left:22px' },
  li: { name: 'li', style: 'margin:4px 0;line-height:1.6' },
  dl: { name: 'dl', style: 'margin:0 0 12px' },
  dt: { name: 'dt', style: 'font-weight:700;margin-top:6px' },
  dd: { name: 'dd', style: 'margin:2px 0 6px 16px' },
  table: { name: 'table', style: 'width:100%;border-collapse:collapse;margin:12px 0;font-size:13px' },
  caption: { name: 'caption', style: 'font-size:12px;color:#6b778c;padding:4px 0' },
  thead: { name: 'thead' },
  tbody: { name: 'tbody' },
  tfoot: { name: 'tfoot' },
  tr: { name: 'tr' },
  th: { name: 'th', style: `${CELL};background:#f2f4f7;text-align:left;font-weight:600;${CELL_WORDS}` },
  td: { name: 'td', style: `${CELL};vertical-align:top;${CELL_WORDS}` },
  hr: { name: 'hr', style: 'border:none;border-top:1px solid #e6e9ef;margin:16px 0' },
  img: {
    name: 'img',
    style: 'max-width:100%;max-height:280px;width:auto;height:auto;display:block;margin:12px auto;border-radius:6px',
  },
  // links are not followed inside the app: their text stays, the target goes to `links`
  a: { name: 'span' },
}

/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'label',
  'link',
  'meta',
  'base',
  'head',
  'title',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'dialog',
  'portal',
  'param',
  'picture',
])
/** Raw-text elements: their content is not markup and is skipped up to the closing tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'template',
  'plaintext',
])
const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'base',
  'col',
  'embed',
  'param',
  'source',
  'track',
  'wbr',
  'area',
])
const MAX_DEPTH = 24
const MAX_NODES = 4000

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  deg: '°',
  micro: 'µ',
  plusmn: '±',
  times: '×',
  divide: '÷',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  sigma: 'σ',
  omega: 'ω',
  Delta: 'Δ',
  laquo: '«',
  raquo: '»',
  bull: '•',
  rarr: '→',
  larr: '←',
  uarr: '↑',
  darr: '↓',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  permil: '‰',
  yen: '¥',
  euro: '€',
  pound: '£',
  sect: '§',
  para: '¶',
  shy: '\u00ad',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
}

export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s
  return s.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});?/g, (m, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
      return String.fromCodePoint(code)
    }
    return Object.prototype.hasOwnProperty.call(NAMED, body) ? NAMED[body] : m
  })
}

/** An attribute value as a browser would read it as a URL: entities decoded, controls and spaces gone. */
const urlOf = (raw: string) => decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '')

/** Only http(s) targets are kept (to copy, never to follow inside the app). */
export function safeLinkHref(raw: string): string | null {
  const url = urlOf(raw)
  return /^https?:\/\/[^/\\]/i.test(url) ? url : null
}

/** A path of this app ('/product-details/...'): one leading slash, no scheme, no backslash. */
export function safeInternalPath(raw: string): string | null {
  const url = urlOf(raw)
  return /^\/(?![/\\])[^\\]*$/.test(url) && !/^\/[^?#]*:/.test(url) ? url : null
}

/**
 * Images only from our own media: a /media/... path (resolved against the API base) or an absolute
 * address on the API base's own origin.
 */
export function safeImageSrc(raw: string, apiBase: string): string | null {
  const url = urlOf(raw)
  if (/^\/media\/[^\\]*$/.test(url) && !url.includes('..')) return `${apiBase}${url}`
  if (apiBase && /^https?:\/\//i.test(apiBase)) {
    const origin = apiBase.replace(/^(https?:\/\/[^/]+).*$/i, '$1').toLowerCase()
    if (url.toLowerCase().startsWith(`${origin}/media/`) && !url.includes('..')) return url
  }
  return null
}

/** An image or cover path from our own API (e.g. a content cover) as an address the app can load. */
export function mediaUrl(path: string | null | undefined, apiBase: string): string | null {
  if (!path) return null
  return safeImageSrc(path, apiBase)
}

interface Tag {
  name: string
  attrs: Record<string, string>
  selfClosing: boolean
  closing: boolean
  end: number
}

function readTag(html: string, start: number): Tag | 'unterminated' | null {
  // html[start] === '<'
  let i = start + 1
  const closing = html[i] === '/'
  if (closing) i++
  const m = /^[a-zA-Z][a-zA-Z0-9:-]*/.exec(html.slice(i, i + 64))
  if (!m) return null
  const name = m[0].toLowerCase()
  i += m[0].length
  const attrs: Record<string, string> = {}
  const n = html.length
  while (i < n) {
    while (i < n && /[\s/]/.test(html[i])) {
      if (html[i] === '/' && html[i + 1] === '>') break
      i++
    }
    if (i >= n) break
    if (html[i] === '>') return { name, attrs, selfClosing: false, closing, end: i + 1 }
    if (html[i] === '/' && html[i + 1] === '>') return { name, attrs, selfClosing: true, closing, end: i + 2 }
    const an = /^[^\s/>=]+/.exec(html.slice(i, i + 256))
    if (!an) {
      i++
      continue
    }
    const attrName = an[0].toLowerCase()
    i += an[0].length
    while (i < n && /\s/.test(html[i])) i++
    let value = ''
    if (html[i] === '=') {
      i++
      while (i < n && /\s/.test(html[i])) i++
      const q = html[i]
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1)
        if (close < 0) return 'unterminated'
        value = html.slice(i + 1, close)
        i = close + 1
      } else {
        const uv = /^[^\s>]*/.exec(html.slice(i))
        value = uv ? uv[0] : ''
        i += value.length
      }
    }
    if (!(attrName in attrs)) attrs[attrName] = value
  }
  return 'unterminated'
}

function keepAttrs(tag: string, attrs: Record<string, string>, apiBase: string): Record<string, string> | null {
  const style = TAGS[tag].style
  const out: Record<string, string> = style ? { style } : {}
  if (tag === 'img') {
    const src = attrs.src !== undefined ? safeImageSrc(attrs.src, apiBase) : null
    if (!src) return null // an image from elsewhere is dropped
    out.src = src
    if (attrs.alt) out.alt = decodeEntities(attrs.alt).slice(0, 200)
  }
  if (tag === 'td' || tag === 'th') {
    for (const k of ['colspan', 'rowspan']) if (/^[1-9][0-9]?$/.test(attrs[k] ?? '')) out[k] = attrs[k]
  }
  return out
}

function linkOf(raw: string): { kind: RichTextLink['kind']; href: string } | null {
  const ext = safeLinkHref(raw)
  if (ext) return { kind: 'external', href: ext }
  const path = safeInternalPath(raw)
  return path ? { kind: 'internal', href: path } : null
}

const textOf = (nodes: RichTextNode[]): string => nodes.map((n) => ('type' in n ? n.text : textOf(n.children))).join('')

export function parseRichText(html: string, apiBase = ''): ParsedRichText {
  const root: RichTextElement = { name: 'root', attrs: {}, children: [] }
  // stack of open source elements; `node` null = unwrapped (its children go to the nearest kept parent)
  const stack: {
    tag: string
    node: RichTextElement | null
    link?: { kind: RichTextLink['kind']; href: string } | null
  }[] = []
  const links: ParsedRichText['links'] = []
  let count = 0
  const parent = () => {
    for (let k = stack.length - 1; k >= 0; k--) {
      const n = stack[k].node
      if (n) return n
    }
    return root
  }
  const depth = () => stack.filter((e) => e.node).length
  const pushText = (raw: string) => {
    if (!raw || count >= MAX_NODES) return
    const text = decodeEntities(raw)
    const p = parent()
    const last = p.children[p.children.length - 1]
    if (last && 'type' in last) {
      last.text += text
      return
    }
    p.children.push({ type: 'text', text })
    count++
  }
  const close = (tag: string) => {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (stack[k].tag !== tag) continue
      const closed = stack.splice(k)
      for (const e of closed.reverse()) {
        if (e.tag === 'a' && e.link && e.node)
          links.push({ ...e.link, text: textOf(e.node.children).trim() || e.link.href })
      }
      return
    }
  }

  let i = 0
  const n = html.length
  while (i < n) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      pushText(html.slice(i))
      break
    }
    if (lt > i) pushText(html.slice(i, lt))
    i = lt
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4)
      i = end < 0 ? n : end + 3
      continue
    }
    if (html.startsWith('<![CDATA[', i)) {
      const end = html.indexOf(']]>', i + 9)
      i = end < 0 ? n : end + 3
      continue
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i)
      i = end < 0 ? n : end + 1
      continue
    }
    const tag = readTag(html, i)
    if (tag === 'unterminated') break // a tag cut off at the end is not shown, as a browser would not
    if (!tag) {
      pushText('<')
      i++
      continue
    }
    i = tag.end
    if (tag.closing) {
      close(tag.name)
      continue
    }
    if (RAW_TEXT.has(tag.name)) {
      if (tag.selfClosing) continue
      const end = html.toLowerCase().indexOf(`</${tag.name}`, i)
      if (end < 0) {
        i = n
        continue
      }
      const gt = html.indexOf('>', end)
      i = gt < 0 ? n : gt + 1
      continue
    }
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (VOID.has(tag.name) || tag.selfClosing) continue
      // skip to the matching close, counting nested ones of the same name
      const lower = html.toLowerCase()
      let level = 1
      let j = i
      const open = new RegExp(`<(/?)${tag.name}(?=[\\s/>])`, 'g')
      open.lastIndex = j
      let m: RegExpExecArray | null
      while (level > 0 && (m = open.exec(lower))) {
        level += m[1] ? -1 : 1
        j = open.lastIndex
      }
      if (level > 0) {
        i = n
        continue
      }
      const gt = html.indexOf('>', j)
      i = gt < 0 ? n : gt + 1
      continue
    }
    const def = TAGS[tag.name]
    if (!def || count >= MAX_NODES) {
      // unknown tag: unwrapped, its text kept
      if (!VOID.has(tag.name) && !tag.selfClosing) stack.push({ tag: tag.name, node: null })
      continue
    }
    const attrs = keepAttrs(tag.name, tag.attrs, apiBase)
    if (!attrs) continue
    const isVoid = VOID.has(tag.name)
    if (depth() >= MAX_DEPTH) {
      if (!isVoid && !tag.selfClosing) stack.push({ tag: tag.name, node: null })
      continue
    }
    const node: RichTextElement = { name: def.name, attrs, children: [] }
    parent().children.push(node)
    count++
    if (!isVoid && !tag.selfClosing) {
      stack.push({
        tag: tag.name,
        node,
        link: tag.name === 'a' && tag.attrs.href !== undefined ? linkOf(tag.attrs.href) : null,
      })
    }
  }
  // elements left open at the end: their links still count
  for (const e of stack.reverse()) {
    if (e.tag === 'a' && e.link && e.node)
      links.push({ ...e.link, text: textOf(e.node.children).trim() || e.link.href })
  }
  // the text starts flush with its container: no top margin on the first block
  const first = root.children[0]
  if (first && !('type' in first) && first.attrs.style) first.attrs.style += ';margin-top:0'
  return { nodes: root.children, links: links.filter((l, k, all) => all.findIndex((x) => x.href === l.href) === k) }
}

/** weapp's rich-text reads entities in text nodes: text that was decoded here is written back safely. */
export function escapeTextForWeapp(nodes: RichTextNode[]): RichTextNode[] {
  return nodes.map((n) =>
    'type' in n
      ? { type: 'text', text: n.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') }
      : { ...n, children: escapeTextForWeapp(n.children) },
  )
}
