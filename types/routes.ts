/**
 * The one table of routes (spec section 2). app.config.ts derives the page list and the
 * subpackages from it, config/index.ts derives the H5 custom routes from it, and the app uses it
 * to build links and to open spec-style deep links such as /product-details/{title}/{catalogNumber}.
 *
 * Pure data and pure functions only: this file is read at build time by Taro's config loader.
 */

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

export const SUBPACKAGES = [
  'catalog',
  'marketing',
  'engagement',
  'account',
  'auth',
  'cart',
  'order',
  'flashbuy',
  'membership',
  'service',
] as const

const TABLE = [
  // main package: the footer's tab pages
  { name: 'home', page: 'pages/home/index', path: '/home', aliases: ['/'], tab: true },
  {
    name: 'categories',
    page: 'pages/categories/index',
    path: '/categories/:category/:node',
    aliases: ['/categories'],
    tab: true,
  },
  { name: 'cart', page: 'pages/cart/index', path: '/my-cart', tab: true },
  { name: 'my', page: 'pages/my/index', path: '/more', tab: true },
  // catalog
  { name: 'search', page: 'packages/catalog/search/index', path: '/search' },
  {
    name: 'productDetails',
    page: 'packages/catalog/product-details/index',
    path: '/product-details/:title/:catalogNumber',
  },
  { name: 'promotion', page: 'packages/catalog/promotion/index', path: '/promotions/:category/:subject/:id' },
  // paths the spec does not show (section 2 names these screens only)
  { name: 'documents', page: 'packages/catalog/documents/index', path: '/documents' },
  { name: 'selectionTools', page: 'packages/catalog/selection-tools/index', path: '/selection-tools' },
  { name: 'dualOrigin', page: 'packages/catalog/dual-origin/index', path: '/dual-origin-products' },
  // marketing content: learning centre / knowledge hub, application, workflow, industry solutions, brands, campaigns
  { name: 'contentHub', page: 'packages/marketing/hub/index', path: '/content-hub/:contentType' },
  { name: 'contentDetail', page: 'packages/marketing/detail/index', path: '/content/:id' },
  // account
  { name: 'notification', page: 'packages/account/notification/index', path: '/notification', login: true },
  { name: 'wishlist', page: 'packages/engagement/wishlist/index', path: '/my-wishlist', login: true },
  { name: 'shipToInfo', page: 'packages/account/ship-to-info/index', path: '/my-account/ShipToInfo', login: true },
  {
    name: 'shipToAddress',
    page: 'packages/account/ship-to-address/index',
    path: '/my-account/ShipToInfoAddress',
    login: true,
  },
  {
    name: 'arStatement',
    page: 'packages/account/ar-statement/index',
    path: '/my-account/ARstatement/:billToAccountNumber',
    login: true,
  },
  {
    name: 'invoiceList',
    page: 'packages/account/invoice-list/index',
    path: '/my-account/InvoiceList/:billToAccountNumber',
    login: true,
  },
  { name: 'nonLogged', page: 'packages/account/non-logged/index', path: '/non-logged/MyAccount' },
  { name: 'onboarding', page: 'packages/account/onboarding/index', path: '/onboarding' },
  { name: 'wechatLogin', page: 'packages/auth/wechat-login/index', path: '/wechat-login' },
  // username login return (the server's OIDC callback hands over a one-time ticket here)
  { name: 'loginCallback', page: 'packages/auth/login-callback/index', path: '/login-callback' },
  { name: 'supplyCentre', page: 'packages/account/supply-centre/index', path: '/my-account/SupplyCenter', login: true },
  { name: 'persona', page: 'packages/account/persona/index', path: '/my-account/Persona', login: true },
  {
    name: 'browsingHistory',
    page: 'packages/engagement/browsing-history/index',
    path: '/browsing-history',
    login: true,
  },
  // order
  {
    name: 'deliveryAddress',
    page: 'packages/cart/delivery-address/index',
    path: '/my-cart/DeliveryAddress',
    login: true,
  },
  // quick order (spec section 2 names the screen; its path is not shown): paste catalogue numbers with quantities
  { name: 'quickOrder', page: 'packages/cart/quick-order/index', path: '/my-cart/QuickOrder' },
  // the submit-order page (section 2 names it; path not shown) — /submit-order/success is its success page
  { name: 'submitOrder', page: 'packages/order/submit-order/index', path: '/submit-order', login: true },
  // quotes list and detail (S-quotes; paths not shown)
  { name: 'quotes', page: 'packages/order/quotes/index', path: '/my-quotes', login: true },
  // (not /my-quotes/:id: its static part would be /my-quotes, the list's H5 address, and the router would open the list)
  {
    name: 'quoteDetail',
    page: 'packages/order/quote-detail/index',
    path: '/my-quotes/detail/:staticQuoteId',
    login: true,
  },
  { name: 'flashbuySubmit', page: 'packages/flashbuy/submit/index', path: '/flashbuy/submit', login: true },
  { name: 'orderSuccess', page: 'packages/order/order-success/index', path: '/submit-order/success', login: true },
  {
    name: 'pendingLto',
    page: 'packages/order/pending-lto/index',
    path: '/my-orders/PendingLTO/:orderNumber',
    login: true,
  },
  { name: 'orderDetail', page: 'packages/order/order-detail/index', path: '/my-orders/:orderNumber', login: true },
  // order history and tracking (section 2 names the screen; path not shown). Not /my-orders: that is the static
  // part of the order detail's path, the detail's H5 address, and the router would open the detail for it
  { name: 'orderHistory', page: 'packages/order/order-history/index', path: '/order-history', login: true },
  // cancel-order request and return or after-sales form (section 2 names them; paths not shown). Not under
  // /my-orders/: its static part is the order detail's, and the router would open the detail for them
  { name: 'orderCancel', page: 'packages/order/order-cancel/index', path: '/order-cancel/:orderNumber', login: true },
  { name: 'orderReturn', page: 'packages/order/order-return/index', path: '/order-return/:orderNumber', login: true },
  {
    name: 'enquiryDetail',
    page: 'packages/order/enquiry-detail/index',
    path: '/my-request-china/:requestId',
    login: true,
  },
  // requests and enquiries, the "My request" list (section 2 names the screen, path not shown; not /my-request-china: the
  // detail's static part)
  { name: 'enquiries', page: 'packages/order/enquiries/index', path: '/my-requests', login: true },
  // an order's confirmation link (pre-order confirmation, section 2; path not shown): no login, the link's token is the key
  { name: 'orderConfirm', page: 'packages/order/order-confirm/index', path: '/order-confirmation/:token' },
  { name: 'leadSubmit', page: 'packages/order/lead-submit/index', path: '/lead-generation/ordersubmit' },
  { name: 'flashSale', page: 'packages/flashbuy/flash-sale/index', path: '/flashbuy/list' },
  // gift centre
  { name: 'rewardsRules', page: 'packages/membership/rewards-rules/index', path: '/giftcenter/rewardsrules' },
  {
    name: 'rewardDetail',
    page: 'packages/membership/reward-detail/index',
    path: '/giftcenter/rewarddetail',
    login: true,
  },
  // the gift centre, a gift's redemption (?id=), the redemption record and feedback (spec §2 names them; paths not shown)
  { name: 'giftCentre', page: 'packages/membership/gift-centre/index', path: '/giftcenter', login: true },
  { name: 'giftRedeem', page: 'packages/membership/gift-redeem/index', path: '/giftcenter/redeem', login: true },
  {
    name: 'redemptionRecord',
    page: 'packages/membership/redemption-record/index',
    path: '/giftcenter/redemptionrecord',
    login: true,
  },
  {
    name: 'redemptionFeedback',
    page: 'packages/membership/redemption-feedback/index',
    path: '/giftcenter/redemptionfeedback',
    login: true,
  },
  // membership play (issue 13; the spec names the screens — gift bag, lucky draw, the profile tabs referral, earn points by tasks, my interaction history — not their paths)
  { name: 'luckyDraw', page: 'packages/membership/lucky-draw/index', path: '/giftcenter/luckydraw', login: true },
  { name: 'giftBag', page: 'packages/membership/gift-bag/index', path: '/giftcenter/giftbag', login: true },
  { name: 'earnPoints', page: 'packages/membership/earn-points/index', path: '/my-account/EarnPoints', login: true },
  {
    name: 'interactionHistory',
    page: 'packages/membership/interaction-history/index',
    path: '/my-account/InteractionHistory',
    login: true,
  },
  { name: 'referral', page: 'packages/membership/referral/index', path: '/my-account/Referral', login: true },
  // customer service
  { name: 'chat', page: 'packages/service/chat/index', path: '/zhichi-consult' },
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
