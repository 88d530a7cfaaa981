import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sanitizeRichHtml, htmlToText } from '../../server/lib/sanitize'
import { assertSafeHtml } from './marketing-helpers'
import { HOSTILE_FRAGMENT_EN, HOSTILE_FRAGMENT_ZH } from '../../server/db/seed/marketing-content'

describe('sanitizeRichHtml (marketing contract: "allow-listed tags and attributes only; links http(s) only; images from our own /media")', () => {
  it('removes script, style, iframe, object, svg and form elements together with their content', () => {
    const out = sanitizeRichHtml(
      '<p>keep</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example">player</iframe>' +
        '<object data="x.swf">flash</object><svg onload="alert(1)"><circle/></svg><form action="/x"><input name="a"></form>',
    )
    assert.equal(out, '<p>keep</p>')
  })

  it('strips event handlers, style (including CSS expression()) and class attributes but keeps the text', () => {
    const out = sanitizeRichHtml(
      '<p onclick="alert(1)" style="width:expression(alert(1))" class="MsoNormal">Hello <b onmouseover="x()">lab</b></p>',
    )
    assert.equal(out, '<p>Hello <b>lab</b></p>')
  })

  it('links: javascript:, data:, vbscript: and protocol-relative hrefs are removed; http(s) and app paths are kept', () => {
    const out = sanitizeRichHtml(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a><a href=" java\tscript:alert(1)">c</a>' +
        '<a href="data:text/html,&lt;script&gt;">d</a><a href="vbscript:msgbox(1)">e</a><a href="//evil.example/x">f</a>' +
        '<a href="https://www.ncbi.nlm.nih.gov/books/" target="_self" onclick="x()">g</a><a href="/product-details/Anti-CD3/MA1-10175">h</a>',
    )
    assert.equal(
      out,
      '<a>a</a><a>b</a><a>c</a><a>d</a><a>e</a><a>f</a>' +
        '<a href="https://www.ncbi.nlm.nih.gov/books/" rel="noopener noreferrer" target="_blank">g</a>' +
        '<a href="/product-details/Anti-CD3/MA1-10175">h</a>',
    )
  })

  it('images: only our own /media files survive; trackers, data: URLs, path tricks and onerror images are removed', () => {
    const out = sanitizeRichHtml(
      '<img src="x" onerror="alert(1)"><img src="https://tracker.example/p.gif"><img src="data:image/png;base64,AAAA">' +
        '<img src="/media/../server/secret"><img src="//evil.example/a.jpg">' +
        '<img src="/media/products/MA1-10175-650.jpg" alt="Anti-CD3" width="650" height="9e9" onerror="x()">',
    )
    assert.equal(out, '<img src="/media/products/MA1-10175-650.jpg" alt="Anti-CD3" width="650" />')
  })

  it('keeps the structure editors need: headings, paragraphs, lists, tables (with numeric spans), emphasis, figures', () => {
    const html =
      '<h2>Procedure</h2><h3>Materials</h3><p>Use <strong>fresh</strong> <em>buffer</em>.</p><ol><li>Lyse</li><li>Load</li></ol>' +
      '<ul><li>Tip</li></ul><table><thead><tr><th colspan="2" scope="col">Product</th></tr></thead><tbody><tr><td rowspan="2">A</td><td>B</td></tr></tbody></table>' +
      '<figure><img src="/media/placeholder.svg" alt="" /><figcaption>Figure 1</figcaption></figure>'
    assert.equal(sanitizeRichHtml(html), html)
    assert.equal(
      sanitizeRichHtml('<h1>Title</h1><table><tr><td colspan="x">c</td></tr></table>'),
      '<h2>Title</h2><table><tr><td>c</td></tr></table>',
    )
  })

  it('is idempotent: sanitizing sanitized HTML changes nothing', () => {
    for (const raw of [
      HOSTILE_FRAGMENT_EN,
      HOSTILE_FRAGMENT_ZH,
      '<p>a &amp; b &lt; c</p><a href="https://x.org/?a=1&b=2">x</a>',
    ]) {
      const once = sanitizeRichHtml(raw)
      assert.equal(sanitizeRichHtml(once), once)
    }
  })

  it('the hostile fragments seeded into articles lose every dangerous part and keep their readable text', () => {
    const en = sanitizeRichHtml(HOSTILE_FRAGMENT_EN)
    assertSafeHtml(en, 'en')
    assert.match(en, /Editor's note: updated for this season\./)
    assert.match(en, /Contact your local representative for details\./)
    assert.match(en, /<a>Download the PDF<\/a>/)
    assert.doesNotMatch(en, /embedded player/) // iframe fallback text goes with the iframe
    const zh = sanitizeRichHtml(HOSTILE_FRAGMENT_ZH)
    assertSafeHtml(zh, 'zh')
    assert.match(zh, /编者按：本季内容已更新。/)
  })

  it('text is escaped, never turned back into markup', () => {
    assert.equal(
      sanitizeRichHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'),
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    )
  })

  it('htmlToText: plain text with block boundaries kept as spaces and script content dropped', () => {
    assert.equal(
      htmlToText('<h2>A</h2><p>b &amp; c</p><script>evil()</script><ul><li>d</li><li>e</li></ul>'),
      'A b & c d e',
    )
  })
})
