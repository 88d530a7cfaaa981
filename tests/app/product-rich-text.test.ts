import {
  parseRichText,
  escapeTextForWeapp,
  safeImageSrc,
  safeLinkHref,
  safeInternalPath,
  type RichTextNode,
} from '../../src/components/rich-text/parse'
import { inAppTarget } from '../../src/components/rich-text'
import { ALLOWED_TAGS, ALLOWED_ATTRIBUTES } from '../support/rich-text-allowed'

/**
 * Brief, issue 3: article and description HTML is parsed into RichText nodes "with an allow-list
 * again on the client — defence in depth; no script/iframe/on* attributes/javascript: links ever
 * reach the view; links to other sites are not followed inside the app".
 */
const BASE = 'https://api.lab.example'

function walk(
  nodes: RichTextNode[],
  out: { names: string[]; attrs: string[]; values: string[]; text: string[] } = {
    names: [],
    attrs: [],
    values: [],
    text: [],
  },
) {
  for (const n of nodes) {
    if ('type' in n) {
      out.text.push(n.text)
      continue
    }
    out.names.push(n.name)
    for (const [k, v] of Object.entries(n.attrs)) {
      out.attrs.push(k)
      out.values.push(v)
    }
    walk(n.children, out)
  }
  return out
}

const ALLOWED_NAMES = new Set(ALLOWED_TAGS)
const ALLOWED_ATTRS = new Set(ALLOWED_ATTRIBUTES)

const HOSTILE = [
  '<script>alert(1)</script><p>after</p>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/media/a.png" onerror="alert(1)" onload=alert(2)>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))" class="x" id="y">styled</p>',
  '<a href="javascript:alert(1)">js link</a>',
  '<a href="  jav&#x09;ascript:alert(1)">obfuscated</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<iframe src="https://evil.example"></iframe><p>ok</p>',
  '<iframe><iframe></iframe><script>alert(1)</script></iframe>',
  '<svg onload=alert(1)><circle/></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<style>body{display:none}</style>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<div><p><span><strong onmouseover=alert(1)>deep</strong></span></p></div>',
  '<img src="javascript:alert(1)">',
  '<img src="//evil.example/pixel.gif">',
  '<img src="https://evil.example/media/x.png">',
  '<img src="/media/../api/secret">',
  '<p>unterminated <b onclick=alert(1) ',
  '<!-- <script>alert(1)</script> --><p>after comment</p>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<table><tr><td colspan="2" onclick="x" rowspan="javascript:1">cell</td></tr></table>',
  '<base href="https://evil.example"><link rel=stylesheet href=x><meta http-equiv=refresh content="0;url=javascript:alert(1)">',
]

describe('rich text allow-list (client side, defence in depth)', () => {
  it.each(HOSTILE)(
    'hostile HTML → only allow-listed tags and attributes, no handler or javascript: reaches the view: %s',
    (html) => {
      const { nodes, links } = parseRichText(html, BASE)
      const seen = walk(nodes)
      for (const name of seen.names) expect(ALLOWED_NAMES.has(name)).toBe(true)
      for (const a of seen.attrs) expect(ALLOWED_ATTRS.has(a)).toBe(true)
      for (const v of seen.values) {
        expect(v.toLowerCase()).not.toMatch(/javascript:|data:|vbscript:|expression\(|url\(/)
      }
      // every image comes from our own media on the API origin
      for (const n of nodes.flatMap(function all(x: RichTextNode): RichTextNode[] {
        return 'type' in x ? [] : [x, ...x.children.flatMap(all)]
      })) {
        if (!('type' in n) && n.name === 'img') expect(n.attrs.src.startsWith(`${BASE}/media/`)).toBe(true)
      }
      for (const l of links) expect(l.href).toMatch(l.kind === 'external' ? /^https?:\/\/[^/]/ : /^\/[^/\\]/)
      // the text of dropped scripts does not turn up as text either
      expect(seen.text.join('')).not.toMatch(/alert\(1\)/)
    },
  )

  it('keeps an ordinary article: headings, lists, tables, our images, text decoded from entities', () => {
    const { nodes } = parseRichText(
      '<h2>Protocol</h2><p>Use 5&nbsp;&micro;L &amp; mix &lt;gently&gt;.</p><ul><li>one</li><li>two</li></ul>' +
        '<table><tr><th>Step</th><td colspan="2">Wash</td></tr></table><img src="/media/content/fig1.png" alt="Figure 1">',
      BASE,
    )
    const seen = walk(nodes)
    expect(seen.names).toEqual(['h2', 'p', 'ul', 'li', 'li', 'table', 'tr', 'th', 'td', 'img'])
    expect(seen.text.join('|')).toContain('Use 5\u00a0µL & mix <gently>.')
    const img = nodes[nodes.length - 1] as { attrs: Record<string, string> }
    expect(img.attrs.src).toBe(`${BASE}/media/content/fig1.png`)
    expect(img.attrs.alt).toBe('Figure 1')
    const td = walk(nodes).attrs
    expect(td).toContain('colspan')
  })

  it('links to other sites are not followed inside the app: an <a> becomes text; http(s) targets are listed (to copy), app addresses (to open in the app)', () => {
    const { nodes, links } = parseRichText(
      '<p>See <a href="https://www.ncbi.nlm.nih.gov/pubmed/1" target="_blank">the paper</a>, <a href="/product-details/Qubit%20Kit/13831-851">Qubit kit</a> and <a href="javascript:alert(1)">this</a>' +
        ' or <a href="//evil.example/x">that</a>.</p>',
      BASE,
    )
    const seen = walk(nodes)
    expect(seen.names).not.toContain('a')
    expect(seen.attrs).not.toContain('href')
    expect(seen.attrs).not.toContain('target')
    expect(seen.text.join('')).toBe('See the paper, Qubit kit and this or that.')
    expect(links).toEqual([
      { kind: 'external', text: 'the paper', href: 'https://www.ncbi.nlm.nih.gov/pubmed/1' },
      { kind: 'internal', text: 'Qubit kit', href: '/product-details/Qubit%20Kit/13831-851' },
    ])
  })

  it('URL checks: images only from /media on our origin; links only http(s)', () => {
    expect(safeImageSrc('/media/x.png', BASE)).toBe(`${BASE}/media/x.png`)
    expect(safeImageSrc(`${BASE}/media/x.png`, BASE)).toBe(`${BASE}/media/x.png`)
    expect(safeImageSrc('https://other.example/media/x.png', BASE)).toBeNull()
    expect(safeImageSrc('/api/x', BASE)).toBeNull()
    expect(safeLinkHref('java\nscript:alert(1)')).toBeNull()
    expect(safeLinkHref('https://example.com/a')).toBe('https://example.com/a')
    expect(safeInternalPath('/content/12')).toBe('/content/12')
    expect(safeInternalPath('//evil.example/x')).toBeNull()
    expect(safeInternalPath('/\\evil.example')).toBeNull()
    expect(safeInternalPath('javascript:alert(1)')).toBeNull()
  })

  it('an app address in the text opens its screen with its params (path segments and query)', () => {
    expect(inAppTarget('/product-details/Qubit%20Kit/13831-851?productPlacement=article')).toEqual({
      route: 'productDetails',
      params: { title: 'Qubit Kit', catalogNumber: '13831-851', productPlacement: 'article' },
    })
    expect(inAppTarget('/content/15')).toEqual({ route: 'contentDetail', params: { id: '15' } })
    expect(inAppTarget('/no/such/screen/here/at/all')).toBeNull()
  })

  it('weapp reads entities in text nodes: decoded text is written back escaped, so "&lt;b&gt;" stays text', () => {
    const { nodes } = parseRichText('<p>&lt;b&gt; &amp;amp;</p>', BASE)
    const [p] = escapeTextForWeapp(nodes) as { children: { text: string }[] }[]
    expect(p.children[0].text).toBe('&lt;b&gt; &amp;amp;')
  })

  it('bounds what reaches the view: very deep nesting is flattened, not dropped', () => {
    const deep = '<div>'.repeat(200) + 'core' + '</div>'.repeat(200)
    const { nodes } = parseRichText(deep, BASE)
    let depth = 0
    let cur: RichTextNode[] = nodes
    while (cur.length && !('type' in cur[0])) {
      depth++
      cur = cur[0].children
    }
    expect(depth).toBeLessThanOrEqual(24)
    expect(walk(nodes).text.join('')).toBe('core')
  })
})
