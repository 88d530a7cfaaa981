/**
 * What a user reads on a rendered mini-program page (miniprogram-simulate's DOM: wx-view, wx-text
 * ... with the page's classes prefixed by the component's tag, e.g. "main--page-shell__body"), and
 * the message keys of src/i18n that show up raw instead of their text.
 */

const isHidden = (el) => el.hasAttribute('hidden') || /display:\s*none/.test(el.getAttribute('style') || '')

/** The visible strings under `root`: text nodes and input placeholders, outside hidden subtrees. */
function visibleStrings(root) {
  const out = []
  const walk = (node) => {
    if (node.nodeType === 3) {
      const s = node.nodeValue.trim()
      if (s) out.push(s)
      return
    }
    if (node.nodeType !== 1 || isHidden(node)) return
    const placeholder = node.getAttribute('placeholder')
    if (placeholder && placeholder.trim()) out.push(placeholder.trim())
    node.childNodes.forEach(walk)
  }
  walk(root)
  return out
}

/** the element has the class `name`, or the class with the component's prefix ("main--fs-item") */
const hasClass = (el, name) => [...el.classList].some((c) => c === name || c.endsWith(`--${name}`))
/** the elements under `root` (a page or component, or an element) with the class `name` (see hasClass) */
const all = (root, name) =>
  [...(root.dom || root).querySelectorAll(`[class*="${name}"]`)].filter((el) => hasClass(el, name))
/** the first of them, or null */
const one = (root, name) => all(root, name)[0] || null
/** the trimmed text of a page, component or element ('' for none) */
const text = (el) => (el ? (el.dom || el).textContent.trim() : '')

/** the first element whose class list has a class ending in `--${name}` or equal to `name` */
const byClass = (root, name) =>
  [...root.querySelectorAll(`[class*="${name}"]`)].find((el) => hasClass(el, name)) || null

/** The page's own content: PageShell's body (header and footer excluded), else the whole page. */
const pageBody = (dom) => byClass(dom, 'page-shell__body') || dom

/**
 * A matcher of raw message keys. A string shows a raw key when it holds a known key (allKeys of
 * src/i18n), or a dotted name in one of the keys' namespaces that is not a key at all (e.g. a
 * `screen.${route}` built at run time for a route without a message).
 */
function rawKeyFinder(keys) {
  const known = new Set(keys)
  const namespaces = new Set(keys.map((k) => k.split('.')[0]))
  const dotted = /(?<![\w.@/:-])([a-z][A-Za-z0-9]*)((?:\.[A-Za-z0-9_-]+)+)/g
  return (strings) => {
    const found = new Set()
    for (const s of strings) {
      if (known.has(s)) {
        found.add(s)
        continue
      }
      for (const m of s.matchAll(dotted)) {
        const name = m[0].replace(/[.-]+$/, '')
        if (known.has(name) || namespaces.has(m[1])) found.add(name)
      }
    }
    return [...found]
  }
}

/** the first object in Taro's page data (comp.data) that matches */
function findIn(v, match) {
  if (!v || typeof v !== 'object') return null
  if (!Array.isArray(v) && match(v)) return v
  for (const x of Object.values(v)) {
    const hit = findIn(x, match)
    if (hit) return hit
  }
  return null
}

/**
 * A web-view is content of its own though it has no text in the page: the addresses of the
 * visible web-views under `root`, read from Taro's page data (its src is the node's p0).
 */
const webViews = (comp, root) =>
  [...root.querySelectorAll('wx-web-view')]
    .filter((el) => !isHidden(el))
    .map((el) => (findIn(comp.data, (o) => o.sid === el.getAttribute('data-sid')) || {}).p0 || '')

module.exports = { visibleStrings, hasClass, all, one, text, byClass, pageBody, webViews, findIn, rawKeyFinder }
