import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { en, zh } from '../../src/i18n/index'
import {
  FIRST_SCREEN_TEXT,
  firstScreenLocale,
  homeFirstScreen,
  productFirstScreen,
  type HomeData,
} from '../../server/first-screen'
import type { ProductDetail, SpecialColumn } from '../../types'

/**
 * The first screens the server draws into index.html (issue 10: "LCP <= 1.5 s" on a slow phone; the
 * H5 first screen "only what the first screen needs"). A picture of the page, in the app's words and
 * markup, that a user can neither read twice (aria-hidden) nor tab into, and that escapes what it draws.
 * How index.html carries it: tests/server/h5-index.test.ts.
 */

const column = (over: Partial<SpecialColumn>): SpecialColumn =>
  ({
    id: 'C1',
    kind: 'banner',
    title: 'Learning Centre',
    subtitle: 'Protocols',
    image: '/media/products/MA5-12844-650.jpg',
    link: { route: 'contentHub', params: { contentType: 'knowledge' } },
    ...over,
  }) as SpecialColumn

const home = (over: Partial<HomeData> = {}): HomeData => ({
  columns: [
    column({}),
    column({ id: 'C2', kind: 'promotion', title: 'Save 25%' }),
    column({ id: 'F', kind: 'flash-sale', title: 'Flash sale', subtitle: 'Limited-time prices' }),
  ],
  knowledge: [
    {
      id: '10',
      title: 'PCR optimization',
      coverImage: '/media/products/EP0204-650.jpg',
      articleType: 'guide',
      readMinutes: 3,
    } as never,
  ],
  articleTypes: { guide: 'Technical guide' },
  ...over,
})

describe('first screens drawn by the server', () => {
  it("speaks the app's own words: every text it draws is the app's catalogue entry, in both languages", () => {
    for (const [key, text] of Object.entries(FIRST_SCREEN_TEXT.en))
      assert.equal(text, (en as Record<string, string>)[key], key)
    for (const [key, text] of Object.entries(FIRST_SCREEN_TEXT.zh))
      assert.equal(text, (zh as Record<string, string>)[key], key)
  })

  it("draws in the app's language and country: its lab_locale cookie, else the browser's language (zh-* is Chinese) and China", () => {
    assert.deepEqual(firstScreenLocale({ cookie: 'token=x; lab_locale=zh-in' }), { lang: 'zh', country: 'in' })
    assert.deepEqual(firstScreenLocale({ cookie: 'lab_locale=en-cn', 'accept-language': 'zh-CN' }), {
      lang: 'en',
      country: 'cn',
    })
    assert.deepEqual(firstScreenLocale({ 'accept-language': 'zh-CN,zh;q=0.9' }), { lang: 'zh', country: 'cn' })
    assert.deepEqual(firstScreenLocale({ 'accept-language': 'en-US' }), { lang: 'en', country: 'cn' })
    assert.deepEqual(
      firstScreenLocale({ cookie: 'lab_locale=fr-us' }),
      { lang: 'en', country: 'cn' },
      'an unknown cookie value is ignored',
    )
  })

  it('Home: the first banner with its picture at high priority, one dot per banner, the shortcuts, the flash-sale entry, the learning centre, the tabs', () => {
    const html = homeFirstScreen('en', 'cn', home())
    assert.match(html, /home-banner__title">Learning Centre</)
    assert.match(html, /src="\/media\/products\/MA5-12844-650\.jpg" alt="" fetchpriority="high"/)
    assert.equal(
      html.match(/class="home-banners__dot[ "]/g)?.length,
      2,
      'two banner dots (the flash-sale column is no banner)',
    )
    assert.equal(html.match(/home-banners__dot--on/g)?.length, 1)
    assert.match(html, /home-flash__title">Flash sale</)
    assert.match(html, /home-article__type">Technical guide</)
    assert.match(html, /home-article__meta">3 min read</)
    assert.match(html, /app-header__badge">CN</)
    assert.equal(html.match(/app-footer__item[ "]/g)?.length, 4)
    const zhHtml = homeFirstScreen('zh', 'in', home())
    assert.match(zhHtml, /阅读约 3 分钟/)
    assert.match(zhHtml, /app-header__badge">IN</)
  })

  it('Home without a flash sale or articles draws neither; without banners no carousel', () => {
    const html = homeFirstScreen('en', 'cn', home({ columns: [], knowledge: [] }))
    assert.ok(!html.includes('home-flash'))
    assert.ok(!html.includes('home-banners'))
    assert.ok(!html.includes('home-articles'))
  })

  it('is inert: no link, field, button or focusable element, no script; what it draws is escaped, and only same-site or https pictures are drawn', () => {
    const evil = '<script>alert(1)</script>" onerror="x'
    const html = homeFirstScreen(
      'en',
      'cn',
      home({
        columns: [
          column({ title: evil, subtitle: evil, image: 'javascript:alert(1)' }),
          column({ id: 'C2', image: '//evil.example/x.jpg' }),
        ],
        knowledge: [
          { id: '1', title: evil, coverImage: 'data:text/html,x', articleType: evil, readMinutes: 1 } as never,
        ],
        articleTypes: {},
      }),
    )
    for (const bad of [
      '<a ',
      '<input',
      '<button',
      'tabindex',
      '<script',
      'javascript:',
      '//evil',
      'data:text',
      '" onerror',
    ])
      assert.ok(!html.includes(bad), bad)
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror=&quot;x'))
    const product = productFirstScreen('en', 'cn', {
      product: {
        catalogNumber: 'A-1',
        productTitle: evil,
        brand: evil,
        size: evil,
        image: null,
      } as unknown as ProductDetail,
    })
    for (const bad of ['<a ', '<input', '<button', 'tabindex', '<script']) assert.ok(!product.includes(bad), bad)
    assert.match(
      product,
      /src="\/media\/placeholder\.svg"/,
      'a product without a picture draws the placeholder, as the app does',
    )
  })

  it("a product page: picture, brand, title, catalogue number and size; no price or stock (they are the user's)", () => {
    const html = productFirstScreen('zh', 'cn', {
      product: {
        catalogNumber: '25732-068',
        productTitle: 'Essential 8 Medium',
        brand: 'Gibco',
        size: '1 L',
        image: '/media/products/25732-068.jpg',
      } as unknown as ProductDetail,
    })
    assert.match(html, /src="\/media\/products\/25732-068-650\.jpg" alt="" fetchpriority="high"/)
    assert.match(html, /pd-main__brand">Gibco</)
    assert.match(html, /pd-main__meta-item">货号 25732-068</)
    assert.match(html, /pd-main__meta-item">规格 1 L</)
    assert.ok(!/¥|₹|price-block|availability/.test(html))
  })
})
