import type { FastifyInstance } from 'fastify'
import type { ContentCard, ContentList, ProductDetail, SpecialColumn } from '../types'
import { productImageUrl } from '../types/catalog/product-image'
import { bannerColumns, flashSaleColumn, HOME_KNOWLEDGE_COUNT } from '../types/marketing/home'
import { FIRST_SCREEN_ID, LOCALE_COOKIE } from '../types/platform/first-screen'

/**
 * The first screen of Home and of a product page, drawn by the server into index.html (issue 10:
 * "LCP <= 1.5 s on simulated slow 4G"). Without it the largest picture of the first screen waits for
 * the entry scripts, the page chunk and an API answer; with it the browser paints it from the HTML.
 *
 * It is a picture of the page, not a second app: the same markup and class names the page renders
 * (so the page's own stylesheet draws it, pixel for pixel), with the data the app's own API calls
 * return (asked of this server by `inject`, so the same rules and the same answer). It is inert:
 * aria-hidden, no link, no field. The app draws itself beneath, hidden (`visibility: hidden`, so its
 * loading states are neither seen nor counted as layout shifts), and removes the picture once the page
 * has drawn itself or the user acts (src/platform/first-screen.h5.ts); what the picture shows sits
 * exactly where the page draws it, so nothing moves when it goes.
 *
 * Nothing user-specific is drawn (no price, no stock, no cart count): the request for index.html
 * carries no language header, so the language and country come from the app's `lab_locale` cookie,
 * else from Accept-Language and the default country.
 */

export type Lang = 'en' | 'zh'
export type Country = 'cn' | 'in'

/** The app's own words for what the first screens show (tests/server/first-screen.test.ts checks each against src/i18n). */
export const FIRST_SCREEN_TEXT = {
  en: {
    'app.name': 'Lab Store',
    'header.searchPlaceholder': 'search all products',
    'screen.productDetails': 'Product details',
    'nav.home': 'Home',
    'nav.categories': 'Categories',
    'nav.cart': 'Cart',
    'nav.my': 'My',
    'productFooter.category': 'Category',
    'browse.shortcut.selection': 'Selection tools',
    'browse.shortcut.documents': 'Documents',
    'browse.shortcut.dualOrigin': 'Dual origin',
    'browse.shortcut.learning': 'Learning centre',
    'browse.home.flashSale': 'FLASH SALE',
    'browse.home.flashSaleGo': 'Shop now',
    'browse.home.learning': 'Learning centre',
    'browse.home.promotionTag': 'Promotion',
    'browse.more': 'More',
    'browse.home.readMinutes': '{minutes} min read',
    'product.catalogNumber': 'Cat. No.',
    'product.size': 'Size',
  },
  zh: {
    'app.name': '实验室商城',
    'header.searchPlaceholder': '搜索全部产品',
    'screen.productDetails': '产品详情',
    'nav.home': '首页',
    'nav.categories': '分类',
    'nav.cart': '购物车',
    'nav.my': '我的',
    'productFooter.category': '分类',
    'browse.shortcut.selection': '选型工具',
    'browse.shortcut.documents': '文档查询',
    'browse.shortcut.dualOrigin': '双产地',
    'browse.shortcut.learning': '学习中心',
    'browse.home.flashSale': '限时秒杀',
    'browse.home.flashSaleGo': '立即抢购',
    'browse.home.learning': '学习中心',
    'browse.home.promotionTag': '促销',
    'browse.more': '更多',
    'browse.home.readMinutes': '阅读约 {minutes} 分钟',
    'product.catalogNumber': '货号',
    'product.size': '规格',
  },
} as const satisfies Record<Lang, Record<string, string>>

type TextKey = keyof (typeof FIRST_SCREEN_TEXT)['en']

const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(en|zh)-(cn|in)(?:;|$)`)

/** The language and country of the app that asked: its cookie, else the browser's language and cn. */
export function firstScreenLocale(headers: { cookie?: string; 'accept-language'?: string }): {
  lang: Lang
  country: Country
} {
  const m = LOCALE_COOKIE_VALUE.exec(headers.cookie ?? '')
  if (m) return { lang: m[1] as Lang, country: m[2] as Country }
  // the app's first run follows the device language the same way (src/i18n/translate.ts normalizeLanguage)
  const first = (headers['accept-language'] ?? '').split(',')[0].trim().toLowerCase()
  return { lang: first === 'zh' || first.startsWith('zh-') ? 'zh' : 'en', country: 'cn' }
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Marketing images are server paths (/media/...) or absolute URLs (src/pages/home/banner-slide.tsx mediaUrl). */
const safeImage = (src: string | null | undefined): string | null =>
  src && (/^\/(?!\/)/.test(src) || /^https:\/\//.test(src)) ? src : null

function icon(name: string, rem: number, color: string) {
  return `<span class="taro-text at-icon at-icon-${name}" style="font-size:${rem}rem;color:${color}"></span>`
}

function img(cls: string, src: string, priority = false) {
  return `<div class="taro-img ${cls}"><img class="taro-img__mode-aspectfit" src="${esc(src)}" alt=""${priority ? ' fetchpriority="high"' : ''}></div>`
}

export interface HomeData {
  columns: SpecialColumn[]
  knowledge: ContentCard[]
  articleTypes: Record<string, string>
}
export interface ProductData {
  product: ProductDetail
}

function header(t: (k: TextKey) => string, country: Country, kind: 'search' | 'title') {
  const logo = `<div class="a11y-link app-header__logo"><span class="taro-text app-header__brand">${esc(t('app.name'))}</span><span class="taro-text app-header__badge">${country.toUpperCase()}</span></div>`
  const middle =
    kind === 'search'
      ? `<div class="app-header__search"><div class="app-header__search-icon">${icon('search', 0.7, '#8a94a6')}</div><span class="app-header__search-input first-screen__placeholder">${esc(t('header.searchPlaceholder'))}</span></div>`
      : `<div class="app-header__title"><span class="taro-text">${esc(t('screen.productDetails'))}</span></div>`
  const bell = `<div class="a11y-link app-header__icon app-header__bell">${icon('bell', 1, '#1f2d3d')}</div>`
  const search = kind === 'title' ? `<div class="a11y-link app-header__icon">${icon('search', 1, '#1f2d3d')}</div>` : ''
  const chat = `<div class="app-header__icon">${icon('message', 1, '#1f2d3d')}</div>`
  return `<div class="app-header"><div class="app-header__row">${logo}${middle}${bell}${search}${chat}</div></div>`
}

const SHORTCUTS: [string, TextKey][] = [
  ['list', 'nav.categories'],
  ['filter', 'browse.shortcut.selection'],
  ['file-generic', 'browse.shortcut.documents'],
  ['tags', 'browse.shortcut.dualOrigin'],
  ['bookmark', 'browse.shortcut.learning'],
]

/** Home's first screen: header, the first banner (and the carousel's dots), shortcuts, the flash-sale entry, the learning centre, the tab bar. */
export function homeFirstScreen(lang: Lang, country: Country, d: HomeData): string {
  const t = (k: TextKey) => FIRST_SCREEN_TEXT[lang][k]
  const banners = bannerColumns(d.columns)
  const flash = flashSaleColumn(d.columns)
  let bannerHtml = ''
  if (banners.length) {
    const c = banners[0]
    const pic = safeImage(c.image)
    const slide =
      `<div class="home-banners__slide"><div class="a11y-link home-banner home-banner--0"><div class="home-banner__text">` +
      (c.kind === 'promotion'
        ? `<span class="taro-text home-banner__tag">${esc(t('browse.home.promotionTag'))}</span>`
        : '') +
      `<span class="taro-text home-banner__title">${esc(c.title)}</span>` +
      (c.subtitle ? `<span class="taro-text home-banner__subtitle">${esc(c.subtitle)}</span>` : '') +
      `</div>${pic ? `<div class="home-banner__art">${img('home-banner__image', pic, true)}</div>` : ''}</div></div>`
    const dots =
      banners.length > 1
        ? `<div class="home-banners__dots">${banners.map((_, i) => `<div class="home-banners__dot${i === 0 ? ' home-banners__dot--on' : ''}"></div>`).join('')}</div>`
        : ''
    bannerHtml = `<div class="home-banners home-banners--still"><div class="home-banners__track">${slide}</div>${dots}</div>`
  }
  const shortcuts = `<div class="home-shortcuts">${SHORTCUTS.map(
    ([i, k]) =>
      `<div class="a11y-link home-shortcuts__item"><div class="home-shortcuts__icon">${icon(i, 1.1, '#0b5fa5')}</div><span class="taro-text home-shortcuts__label">${esc(t(k))}</span></div>`,
  ).join('')}</div>`
  const flashHtml = flash
    ? `<div class="a11y-link home-flash"><div class="home-flash__icon">${icon('lightning-bolt', 1.1, '#ffffff')}</div><div class="home-flash__body">` +
      `<span class="taro-text home-flash__label">${esc(t('browse.home.flashSale'))}</span><span class="taro-text home-flash__title">${esc(flash.title)}</span>` +
      (flash.subtitle ? `<span class="taro-text home-flash__subtitle">${esc(flash.subtitle)}</span>` : '') +
      `</div><div class="home-flash__go"><span class="taro-text">${esc(t('browse.home.flashSaleGo'))}</span>${icon('chevron-right', 0.6, '#cc0029')}</div></div>`
    : ''
  const cards = d.knowledge
    .map((c) => {
      const pic = safeImage(c.coverImage)
      return (
        `<div class="a11y-link home-article">` +
        (pic ? img('home-article__cover', pic) : `<div class="home-article__cover home-article__cover--empty"></div>`) +
        `<span class="taro-text home-article__type">${esc(d.articleTypes[c.articleType ?? ''] ?? c.articleType ?? '')}</span>` +
        `<span class="taro-text home-article__title">${esc(c.title)}</span>` +
        `<span class="taro-text home-article__meta">${esc(t('browse.home.readMinutes').replace('{minutes}', String(c.readMinutes)))}</span></div>`
      )
    })
    .join('')
  const learning =
    `<div class="section "><div class="section__head"><span class="taro-text section__title">${esc(t('browse.home.learning'))}</span>` +
    `<div class="section__more"><span class="taro-text">${esc(t('browse.more'))}</span><div class="section__more-icon">${icon('chevron-right', 0.6, '#0b5fa5')}</div></div></div>` +
    (cards ? `<div class="home-articles">${cards}</div>` : '') +
    `</div>`
  const tabs: [string, TextKey][] = [
    ['home', 'nav.home'],
    ['list', 'nav.categories'],
    ['shopping-cart', 'nav.cart'],
    ['user', 'nav.my'],
  ]
  const footer = `<div class="app-footer"><div class="app-footer__row">${tabs
    .map(
      ([i, k], n) =>
        `<div class="a11y-link app-footer__item${n === 0 ? ' app-footer__item--active' : ''}"><div>${icon(i, 1.1, n === 0 ? '#0b5fa5' : '#5e6a80')}</div><span class="taro-text app-footer__label">${esc(t(k))}</span></div>`,
    )
    .join('')}</div></div>`
  return (
    `<div class="page-shell page-shell--with-footer">${header(t, country, 'search')}<div class="page-shell__body"><div class="home">` +
    `<div class="home__banners">${bannerHtml}</div>${shortcuts}${flashHtml}${learning}</div></div>${footer}</div>`
  )
}

/** A product page's first screen: header, the picture, brand, title, catalogue number and size (price and stock are the user's: left to the app). */
export function productFirstScreen(lang: Lang, country: Country, d: ProductData): string {
  const t = (k: TextKey) => FIRST_SCREEN_TEXT[lang][k]
  const p = d.product
  const main =
    `<div class="pd-card pd-main"><span class="taro-text pd-main__brand">${esc(p.brand ?? '')}</span>` +
    `<span class="taro-text pd-main__title">${esc(p.productTitle)}</span><div class="pd-main__meta">` +
    `<span class="taro-text pd-main__meta-item">${esc(t('product.catalogNumber'))} ${esc(p.catalogNumber)}</span>` +
    `<span class="taro-text pd-main__meta-item">${esc(t('product.size'))} ${esc(p.size ?? '')}</span></div>` +
    `<div class="pd-main__price"><div class="first-screen__bar"></div></div></div>`
  const links: [string, TextKey][] = [
    ['home', 'nav.home'],
    ['list', 'productFooter.category'],
    ['shopping-cart', 'nav.cart'],
  ]
  const footer =
    `<div class="product-footer">${links
      .map(
        ([i, k]) =>
          `<div class="a11y-link product-footer__link"><div class="product-footer__icon">${icon(i, 1, '#596579')}</div><span class="taro-text product-footer__label">${esc(t(k))}</span></div>`,
      )
      .join('')}` + `<div class="product-footer__action product-footer__action--cart"></div></div>`
  return (
    `<div class="page-shell">${header(t, country, 'title')}<div class="page-shell__body"><div class="pd">` +
    `<div class="pd-gallery">${img('pd-gallery__image', productImageUrl(p.image, 650), true)}</div>${main}</div></div>${footer}</div>`
  )
}

/**
 * The overlay, and the rules the page's stylesheet lacks (Taro's own styles come with its scripts):
 * placed before the page's stylesheet and without the id's weight (`:where`), so the page's own rules win as they do in the app.
 */
export const FIRST_SCREEN_STYLE =
  `<style>#${FIRST_SCREEN_ID}{position:fixed;top:0;right:0;bottom:0;left:0;z-index:9999;overflow:hidden;background:#f5f6f8;pointer-events:none;` +
  // what Taro's scripts set on body for the app (font, line height), here from the first paint
  'font-family:-apple-system-font,Helvetica Neue,sans-serif;line-height:1.6;-webkit-text-size-adjust:100%}' +
  // Taro sets this once its scripts run; index.html's rem sizing (min of the page's width and height) needs
  // it from the start, or a resize before then (a phone turning, devtools' emulation) shrinks the rem
  'html,body{width:100%;height:100%;margin:0}' +
  // the app draws itself unseen beneath: its loading states neither show nor count as layout shifts
  `#${FIRST_SCREEN_ID}~#app{visibility:hidden}` +
  `:where(#${FIRST_SCREEN_ID}) .taro-img{display:inline-block;font-size:0;height:240px;overflow:hidden;position:relative;width:320px}` +
  `:where(#${FIRST_SCREEN_ID}) .taro-img__mode-aspectfit{height:100%;object-fit:contain;width:100%}` +
  `#${FIRST_SCREEN_ID} .first-screen__placeholder{display:block;color:#8a94a6;white-space:nowrap;overflow:hidden}` +
  `#${FIRST_SCREEN_ID} .first-screen__bar{height:1.6rem;width:40%;border-radius:.2rem;background:#eef1f5}</style>`

export type FirstScreen = { html: string; image: string | null }

const FIRST_SCREEN_TTL_MS = 15_000
const FIRST_SCREEN_MAX_ENTRIES = 2_000

/**
 * The first screen for an address, or null when it has none (another page, or the data could not be
 * had: the app then draws its own as before). Data comes from this server's own API, as the app gets it.
 */
export function firstScreens(app: FastifyInstance) {
  async function api<T>(url: string, lang: Lang, country: Country): Promise<T | null> {
    const res = await app.inject({ method: 'GET', url, headers: { languagecode: lang, countrycode: country } })
    if (res.statusCode !== 200) return null
    const body = res.json() as { success: boolean; data: T }
    return body.success ? body.data : null
  }
  // a first screen is a picture of public data: drawn once per page, language and country for a few
  // seconds (the app redraws with its own answers anyway), so index.html costs no query most of the time
  const drawn = new Map<string, { at: number; screen: Promise<FirstScreen | null> }>()
  return async function firstScreen(
    route: { name: string; params: Record<string, string> },
    headers: { cookie?: string; 'accept-language'?: string },
  ): Promise<FirstScreen | null> {
    const { lang, country } = firstScreenLocale(headers)
    const key = `${route.name}|${route.params.catalogNumber ?? ''}|${lang}|${country}`
    const hit = drawn.get(key)
    if (hit && Date.now() - hit.at < FIRST_SCREEN_TTL_MS) return hit.screen
    if (drawn.size >= FIRST_SCREEN_MAX_ENTRIES) drawn.clear()
    const screen = draw(route, lang, country)
    drawn.set(key, { at: Date.now(), screen })
    return screen
  }

  async function draw(
    route: { name: string; params: Record<string, string> },
    lang: Lang,
    country: Country,
  ): Promise<FirstScreen | null> {
    if (route.name === 'home') {
      // the same calls as src/store/marketing/home.ts
      const [columns, knowledge, types] = await Promise.all([
        api<SpecialColumn[]>('/api/mkt/content/special-column/list', lang, country),
        api<ContentList>(`/api/mkt/content/list?contentType=knowledge&pageSize=${HOME_KNOWLEDGE_COUNT}`, lang, country),
        api<{ dictValue: string; dictLabel: string }[]>('/api/mkt/system/dict/ARTICLE_TYPE', lang, country),
      ])
      if (!columns || !knowledge) return null
      const articleTypes = Object.fromEntries((types ?? []).map((a) => [a.dictValue, a.dictLabel]))
      const [first] = bannerColumns(columns)
      return {
        html: homeFirstScreen(lang, country, {
          columns,
          knowledge: knowledge.items.slice(0, HOME_KNOWLEDGE_COUNT),
          articleTypes,
        }),
        image: safeImage(first?.image),
      }
    }
    if (route.name === 'productDetails') {
      const cn = route.params.catalogNumber
      if (!cn || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(cn)) return null
      const list = await api<ProductDetail[]>(
        `/api/product/catalog?catalogNumber=${encodeURIComponent(cn)}`,
        lang,
        country,
      )
      const product = list?.find((p) => p.catalogNumber === cn)
      if (!product) return null
      return { html: productFirstScreen(lang, country, { product }), image: productImageUrl(product.image, 650) }
    }
    return null
  }
}
