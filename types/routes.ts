/**
 * The one table of routes (spec section 2). app.config.ts derives the page list and the
 * subpackages from it, config/index.ts derives the H5 custom routes from it, and the app uses it
 * to build links and to open spec-style deep links such as /product-details/{title}/{catalogNumber}.
 *
 * Pure data and pure functions only: this file is read at build time by Taro's config loader.
 */

import { DOMAINS, type Domain } from './domains'

/** A row of the table. */
interface RouteRow {
  /** the route's name: links, navigation and deep links name a page by it */
  name: string
  /** Taro page path, without leading slash */
  page: string
  /** the spec's path; `:name` marks a path segment carried to the page as a query parameter */
  path: string
  /** other paths that open the same page (e.g. the dynamic category form) */
  aliases?: readonly string[]
  /** a tab page of the footer; lives in the main package */
  tab?: boolean
  /** needs a logged-in user (spec section 6) */
  login?: boolean
}

/**
 * One subpackage per domain: every domain has pages of its own but platform, whose calls serve every page, and
 * staff, whose console is not part of the buyers' app.
 */
export const SUBPACKAGES = DOMAINS.filter((d): d is Subpackage => d !== 'platform' && d !== 'staff')
type Subpackage = Exclude<Domain, 'platform' | 'staff'>

/** What a row says besides its name, page and path. */
type RowOptions = Pick<RouteRow, 'aliases' | 'tab' | 'login'>
const TAB = { tab: true } as const
const LOGIN = { login: true } as const

/** A row of a page of the main package: its Taro page is pages/<folder>/index. */
const main = <N extends string>(name: N, folder: string, path: string, options: RowOptions = {}) => ({
  name,
  page: `pages/${folder}/index`,
  path,
  ...options,
})

/** A row of a page of a subpackage: its Taro page is packages/<subpackage>/<folder>/index. */
const sub = <N extends string>(name: N, folder: `${Subpackage}/${string}`, path: string, options: RowOptions = {}) => ({
  name,
  page: `packages/${folder}/index`,
  path,
  ...options,
})

const TABLE = [
  // main package: the footer's tab pages
  main('home', 'home', '/home', { aliases: ['/'], tab: true }),
  main('categories', 'categories', '/categories/:category/:node', { aliases: ['/categories'], tab: true }),
  main('cart', 'cart', '/my-cart', TAB),
  main('my', 'my', '/more', TAB),
  // catalog
  sub('search', 'catalog/search', '/search'),
  sub('productDetails', 'catalog/product-details', '/product-details/:title/:catalogNumber'),
  sub('promotion', 'catalog/promotion', '/promotions/:category/:subject/:id'),
  // paths the spec does not show (section 2 names these screens only)
  sub('documents', 'catalog/documents', '/documents'),
  sub('selectionTools', 'catalog/selection-tools', '/selection-tools'),
  sub('dualOrigin', 'catalog/dual-origin', '/dual-origin-products'),
  // marketing content: learning centre / knowledge hub, application, workflow, industry solutions, brands, campaigns
  sub('contentHub', 'marketing/hub', '/content-hub/:contentType'),
  sub('contentDetail', 'marketing/detail', '/content/:id'),
  // account
  sub('notification', 'account/notification', '/notification', LOGIN),
  sub('wishlist', 'engagement/wishlist', '/my-wishlist', LOGIN),
  sub('shipToInfo', 'account/ship-to-info', '/my-account/ShipToInfo', LOGIN),
  sub('shipToAddress', 'account/ship-to-address', '/my-account/ShipToInfoAddress', LOGIN),
  sub('arStatement', 'account/ar-statement', '/my-account/ARstatement/:billToAccountNumber', LOGIN),
  sub('invoiceList', 'account/invoice-list', '/my-account/InvoiceList/:billToAccountNumber', LOGIN),
  sub('nonLogged', 'account/non-logged', '/non-logged/MyAccount'),
  sub('onboarding', 'account/onboarding', '/onboarding'),
  sub('wechatLogin', 'auth/wechat-login', '/wechat-login'),
  // username login return (the server's OIDC callback hands over a one-time ticket here)
  sub('loginCallback', 'auth/login-callback', '/login-callback'),
  sub('supplyCentre', 'account/supply-centre', '/my-account/SupplyCenter', LOGIN),
  sub('persona', 'account/persona', '/my-account/Persona', LOGIN),
  sub('browsingHistory', 'engagement/browsing-history', '/browsing-history', LOGIN),
  // order
  sub('deliveryAddress', 'cart/delivery-address', '/my-cart/DeliveryAddress', LOGIN),
  // quick order (spec section 2 names the screen; its path is not shown): paste catalogue numbers with quantities
  sub('quickOrder', 'cart/quick-order', '/my-cart/QuickOrder'),
  // the submit-order page (section 2 names it; path not shown) — /submit-order/success is its success page
  sub('submitOrder', 'order/submit-order', '/submit-order', LOGIN),
  // quotes list and detail (S-quotes; paths not shown)
  sub('quotes', 'order/quotes', '/my-quotes', LOGIN),
  // (not /my-quotes/:id: its static part would be /my-quotes, the list's H5 address, and the router would open the list)
  sub('quoteDetail', 'order/quote-detail', '/my-quotes/detail/:staticQuoteId', LOGIN),
  sub('flashbuySubmit', 'flashbuy/submit', '/flashbuy/submit', LOGIN),
  sub('orderSuccess', 'order/order-success', '/submit-order/success', LOGIN),
  sub('pendingLto', 'order/pending-lto', '/my-orders/PendingLTO/:orderNumber', LOGIN),
  sub('orderDetail', 'order/order-detail', '/my-orders/:orderNumber', LOGIN),
  // order history and tracking (section 2 names the screen; path not shown). Not /my-orders: that is the static
  // part of the order detail's path, the detail's H5 address, and the router would open the detail for it
  sub('orderHistory', 'order/order-history', '/order-history', LOGIN),
  // cancel-order request and return or after-sales form (section 2 names them; paths not shown). Not under
  // /my-orders/: its static part is the order detail's, and the router would open the detail for them
  sub('orderCancel', 'order/order-cancel', '/order-cancel/:orderNumber', LOGIN),
  sub('orderReturn', 'order/order-return', '/order-return/:orderNumber', LOGIN),
  sub('enquiryDetail', 'order/enquiry-detail', '/my-request-china/:requestId', LOGIN),
  // requests and enquiries, the "My request" list (section 2 names the screen, path not shown; not /my-request-china: the
  // detail's static part)
  sub('enquiries', 'order/enquiries', '/my-requests', LOGIN),
  // an order's confirmation link (pre-order confirmation, section 2; path not shown): no login, the link's token is the key
  sub('orderConfirm', 'order/order-confirm', '/order-confirmation/:token'),
  sub('leadSubmit', 'order/lead-submit', '/lead-generation/ordersubmit'),
  sub('flashSale', 'flashbuy/flash-sale', '/flashbuy/list'),
  // gift centre
  sub('rewardsRules', 'membership/rewards-rules', '/giftcenter/rewardsrules'),
  sub('rewardDetail', 'membership/reward-detail', '/giftcenter/rewarddetail', LOGIN),
  // the gift centre, a gift's redemption (?id=), the redemption record and feedback (spec §2 names them; paths not shown)
  sub('giftCentre', 'membership/gift-centre', '/giftcenter', LOGIN),
  sub('giftRedeem', 'membership/gift-redeem', '/giftcenter/redeem', LOGIN),
  sub('redemptionRecord', 'membership/redemption-record', '/giftcenter/redemptionrecord', LOGIN),
  sub('redemptionFeedback', 'membership/redemption-feedback', '/giftcenter/redemptionfeedback', LOGIN),
  // membership play (issue 13; the spec names the screens — gift bag, lucky draw, the profile tabs referral, earn points by tasks, my interaction history — not their paths)
  sub('luckyDraw', 'membership/lucky-draw', '/giftcenter/luckydraw', LOGIN),
  sub('giftBag', 'membership/gift-bag', '/giftcenter/giftbag', LOGIN),
  sub('earnPoints', 'membership/earn-points', '/my-account/EarnPoints', LOGIN),
  sub('interactionHistory', 'membership/interaction-history', '/my-account/InteractionHistory', LOGIN),
  sub('referral', 'membership/referral', '/my-account/Referral', LOGIN),
  // customer service
  sub('chat', 'service/chat', '/zhichi-consult'),
] as const satisfies readonly RouteRow[]

/** The names of the routes: those of the table. */
export type RouteName = (typeof TABLE)[number]['name']

export interface RouteDef extends RouteRow {
  name: RouteName
}

export const ROUTES: readonly RouteDef[] = TABLE

export const routeByName = (name: RouteName): RouteDef => {
  const r = ROUTES.find((x) => x.name === name)
  if (!r) throw new Error(`unknown route ${name}`)
  return r
}

export const routeByPage = (page: string): RouteDef | undefined =>
  ROUTES.find((x) => x.page === page.replace(/^\//, ''))

/**
 * The route of the page on screen, from Taro's router path (query ignored): the mini-program reports
 * the Taro page path (pages/categories/index), the H5 router the address it shows, a custom route
 * such as /categories or /my-account/ShipToInfo.
 */
export function routeOfRouterPath(path: string | undefined | null): RouteDef | undefined {
  const p = (path ?? '').split('?')[0]
  if (!p) return undefined
  return routeByPage(p) ?? resolveSpecPath(p)?.route
}

/** Taro's app.config: main-package pages first (home is the entry), then one subpackage per domain. */
export function appPages() {
  const pages = ROUTES.filter((r) => r.page.startsWith('pages/')).map((r) => r.page)
  const subPackages = SUBPACKAGES.map((root) => ({
    root: `packages/${root}`,
    pages: ROUTES.filter((r) => r.page.startsWith(`packages/${root}/`)).map((r) =>
      r.page.slice(`packages/${root}/`.length),
    ),
  }))
  return { pages, subPackages }
}

/** The static part of each spec path: what the H5 address bar shows for a page. */
export const staticPrefix = (path: string) => path.split('/:')[0] || '/'

/** H5 router custom routes: Taro page -> the spec's address (static prefix; params travel as query). */
export function h5CustomRoutes(): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const r of ROUTES) {
    const paths = [staticPrefix(r.path), ...(r.aliases ?? [])].filter((p, i, all) => all.indexOf(p) === i)
    out[`/${r.page}`] = paths.length === 1 ? paths[0] : paths
  }
  return out
}

const enc = (v: string | number) => encodeURIComponent(String(v))

const toQuery = (params: Record<string, string | number | undefined | null>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${enc(k)}=${enc(v as string | number)}`)
    .join('&')

/** The Taro URL to navigate to: `/page?query`, path parameters carried as query parameters. */
export function pageUrl(name: RouteName, params: Record<string, string | number | undefined | null> = {}): string {
  const q = toQuery(params)
  return `/${routeByName(name).page}${q ? `?${q}` : ''}`
}

/** The spec's address for a route, e.g. /product-details/Anti-CD3/MA1-10175?productPlacement=home */
export function specUrl(name: RouteName, params: Record<string, string | number | undefined | null> = {}): string {
  const rest = { ...params }
  const path = routeByName(name).path.replace(/:(\w+)/g, (_, key: string) => {
    const v = rest[key]
    delete rest[key]
    return v === undefined || v === null ? '' : enc(v)
  })
  const q = toQuery(rest)
  return `${path}${q ? `?${q}` : ''}`
}

/**
 * Opens a spec-style address: finds its route and turns path segments into query parameters.
 * The longest static prefix wins, so /my-orders/PendingLTO/1 is not read as an order detail.
 */
export function resolveSpecPath(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  const clean = pathname.replace(/\/+$/, '') || '/'
  const segs = clean
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s))
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null
  for (const route of ROUTES) {
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      const parts = pattern.split('/').filter(Boolean)
      const fixed = parts.filter((p) => !p.startsWith(':'))
      if (segs.length > parts.length || segs.length < fixed.length) continue
      const params: Record<string, string> = {}
      let ok = true
      parts.forEach((p, i) => {
        if (!ok) return
        const s = segs[i]
        if (p.startsWith(':')) {
          if (s !== undefined) params[p.slice(1)] = s
        } else if (s !== p) ok = false
      })
      if (ok && (best === null || fixed.length > best.score)) best = { route, params, score: fixed.length }
    }
  }
  return best && { route: best.route, params: best.params }
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * The spec's address for the page the H5 router shows at its static address (spec section 2:
 * "/my-orders/{orderNumber}", "/my-orders/PendingLTO/{orderNumber}"): the router opens a page at the
 * static part of its path with the path parameters in the query (`/my-orders?orderNumber=3200034`);
 * the address bar shows `/my-orders/3200034`. Null when there is nothing to rewrite: a path without
 * parameters, a tab page (the footer's tabs keep the router's own address), an address that is not
 * the static address of a page, or a path parameter missing from the query.
 */
export function specAddressOf(pathname: string, search: string): string | null {
  const clean = pathname.replace(/\/+$/, '') || '/'
  const route = ROUTES.find((r) => !r.tab && r.path.includes('/:') && staticPrefix(r.path) === clean)
  if (!route) return null
  const query = new URLSearchParams(search)
  const pathParams: Record<string, string> = {}
  for (const key of route.path
    .split('/')
    .filter((p) => p.startsWith(':'))
    .map((p) => p.slice(1))) {
    const v = query.get(key)
    if (!v) return null
    pathParams[key] = v
    query.delete(key)
  }
  const rest = query.toString()
  return `${specUrl(route.name, pathParams)}${rest ? `?${rest}` : ''}`
}
