/**
 * Issue 8 section 9: shared controls carry `aria-role` / `aria-label` in the mini-program too (WeChat
 * reads them). Taro 4.2's templates drop them unless the build adds the attributes
 * (config/weapp-aria-plugin.js) and the runtime knows them (src/platform/template-attributes.ts).
 * miniprogram-simulate does not copy aria attributes onto its DOM, so this reads what WeChat gets:
 * the compiled templates and the page data bound to them.
 */
const fs = require('node:fs')
const path = require('node:path')
const { DIST, useTestServer, launchApp } = require('./harness')

/** node-name id → the data keys its template binds to aria-role / aria-label (from dist/weapp/base.wxml) */
function ariaBindings() {
  const wxml = fs.readFileSync(path.join(DIST, 'base.wxml'), 'utf8')
  const out = new Map()
  for (const m of wxml.matchAll(/<template name="tmpl_0_(\w+)">\s*<([\w-]+)([^>]*)>/g)) {
    const role = m[3].match(/aria-role="\{\{i\.(\w+)\}\}"/)
    const label = m[3].match(/aria-label="\{\{i\.(\w+)\}\}"/)
    if (role || label) out.set(m[1], { tag: m[2], role: role && role[1], label: label && label[1] })
  }
  return out
}

function ariaNodes(data, bindings) {
  const found = []
  const walk = (n) => {
    if (!n || typeof n !== 'object') return
    const b = bindings.get(String(n.nn))
    if (b && (n[b.role] !== undefined || n[b.label] !== undefined))
      found.push({ tag: b.tag, role: n[b.role], label: n[b.label] })
    for (const c of n.cn ?? []) walk(c)
    if (n.root) walk(n.root)
  }
  walk(data)
  return found
}

describe('weapp accessibility attributes', () => {
  const server = useTestServer()

  it('the compiled view, text, image and button templates carry aria-role and aria-label', () => {
    const tags = new Set([...ariaBindings().values()].filter((b) => b.role && b.label).map((b) => b.tag))
    for (const tag of ['view', 'text', 'image', 'button']) expect(tags).toContain(tag)
  })

  it('Home: cards are links, product pictures are described by their product, the header icons are named', async () => {
    const { open, settle, until } = launchApp({ apiOrigin: server.origin })
    const comp = open('pages/home/index')
    await settle(comp)
    // the product cards come with the product list's answer: on a loaded machine later than the first settle
    const describedNow = () =>
      ariaNodes(comp.data, ariaBindings()).filter(
        (n) => n.tag === 'image' && n.label && comp.dom.textContent.includes(n.label),
      ).length
    await until(() => describedNow() > 3)
    const nodes = ariaNodes(comp.data, ariaBindings())
    const text = comp.dom.textContent
    // a card is a link named by what it shows (its text); its picture is described by the product's name
    expect(nodes.filter((n) => n.role === 'link').length).toBeGreaterThan(10)
    const described = nodes.filter((n) => n.tag === 'image' && n.label && text.includes(n.label))
    expect(described.length).toBeGreaterThan(3)
    // icon-only controls have names (spec section 2 header: notification bell, chat icon)
    const named = nodes.filter((n) => (n.role === 'button' || n.role === 'link') && n.label).map((n) => n.label)
    expect(named).toEqual(expect.arrayContaining(['消息通知', '在线咨询']))
  })
})
