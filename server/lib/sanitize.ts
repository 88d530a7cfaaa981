import sanitizeHtml from 'sanitize-html'

/**
 * The one place rich HTML (marketing articles, promotion bodies, product descriptions) is sanitized.
 * Editors paste content from other tools; whatever they paste, what we store and serve is limited to:
 *  - an allow-list of structural tags (headings, paragraphs, lists, tables, emphasis, links, images);
 *  - no scripts, styles, frames, forms, objects, event handlers, style or class attributes;
 *  - links: absolute http(s) URLs or root-relative app paths ("/product-details/..."); external links
 *    get rel="noopener noreferrer" and target="_blank"; anything else (javascript:, data:, vbscript:,
 *    protocol-relative //host) loses its href;
 *  - images: only our own /media/... files (no trackers, no data: URLs); other images are removed.
 * Idempotent: sanitizing sanitized HTML returns it unchanged.
 */

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'sup',
  'sub',
  'span',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'figure',
  'figcaption',
]

/** our own media files only: /media/<safe path>, no "..", no query */
const OWN_MEDIA = /^\/media\/(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/
const ABSOLUTE_HTTP = /^https?:\/\/[^\s/]+/i
const ROOT_RELATIVE = /^\/(?!\/)[^\s\\]*$/
const SMALL_INT = /^\d{1,4}$/

export const isOwnMediaPath = (src: string | undefined): src is string => !!src && OWN_MEDIA.test(src)

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // the contents of these are dropped along with the tag (not kept as text)
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'head',
    'svg',
    'math',
    'select',
  ],
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (_tag, attribs) => {
      const href = (attribs.href ?? '').trim()
      const out: Record<string, string> = {}
      if (attribs.title) out.title = attribs.title
      if (ABSOLUTE_HTTP.test(href)) {
        out.href = href
        out.rel = 'noopener noreferrer'
        out.target = '_blank'
      } else if (ROOT_RELATIVE.test(href)) {
        out.href = href
      }
      return { tagName: 'a', attribs: out }
    },
    img: (_tag, attribs) => {
      const out: Record<string, string> = {}
      const src = (attribs.src ?? '').trim()
      if (isOwnMediaPath(src)) out.src = src
      out.alt = attribs.alt ?? ''
      for (const k of ['width', 'height'] as const) if (attribs[k] && SMALL_INT.test(attribs[k])) out[k] = attribs[k]
      return { tagName: 'img', attribs: out }
    },
    td: cellTransform('td'),
    th: cellTransform('th'),
  },
  // images that do not point at our own media are removed entirely
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnMediaPath(frame.attribs.src),
}

function cellTransform(tagName: 'td' | 'th'): sanitizeHtml.Transformer {
  return (_tag, attribs) => {
    const out: Record<string, string> = {}
    for (const k of ['colspan', 'rowspan'] as const) if (attribs[k] && SMALL_INT.test(attribs[k])) out[k] = attribs[k]
    if (tagName === 'th' && ['row', 'col', 'rowgroup', 'colgroup'].includes(attribs.scope ?? ''))
      out.scope = attribs.scope
    return { tagName, attribs: out }
  }
}

/** Rich HTML → safe HTML (see the rules above). */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS).trim()
}

/** HTML → plain text (tags removed, entities decoded, whitespace collapsed): summaries, reading time. */
export function htmlToText(html: string): string {
  const spaced = (html ?? '').replace(
    /<\/(p|h[1-6]|li|td|th|tr|div|blockquote|figcaption|caption|pre)>|<br\s*\/?>/gi,
    '$& ',
  )
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
}
