/**
 * Every page of the route table (types/routes.ts), rendered from the compiled mini-program
 * (dist/weapp, official wcc) in miniprogram-simulate against one real test server and one app
 * launch. The list comes from ROUTES itself, so a page a later issue adds is covered without new
 * code. Each page must render without an error (React reports render errors, and jsdom uncaught
 * ones, through console.error; jest itself fails the running test on an unhandled rejection),
 * settle, show something of its own (header and footer do not count) and no raw message key.
 *
 * Passes: every route as a visitor (login-only routes must show the login gate or redirect), then
 * the seeded user approved.cn logs in with WeChat (as in account.test.js), then every route again
 * as that user (login-only routes must show their content, not the gate).
 */
const { routeTable, messageKeys } = require('../support/weapp-sources')
const { testServer, stubWechatLogin, launchApp, call } = require('./harness')
const { visibleStrings, byClass, pageBody, webViews, rawKeyFinder } = require('./page-text')

const ROUTES = routeTable()
const findRawKeys = rawKeyFinder(messageKeys())
const HEADERS = { countrycode: 'cn', languagecode: 'cn' }

/*
 * Sample values of the routes' :params, from the seed (server/db/seed). Keyed by param name; a
 * route where a name means something else has its own entry. Values read from the server at start
 * fill in the rest (see beforeAll). A param nobody knows yet gets FALLBACK_PARAM, so a new route
 * still opens (the summary names such params).
 */
const SAMPLE_PARAMS = {
  billToAccountNumber: '2000001',
  contentType: 'knowledge',
}
/** per route, where its params mean something of their own (orders, requests, tokens: filled in by beforeAll) */
const ROUTE_PARAMS = {
  promotion: { category: 'antibodies', subject: 'flow-cytometry-antibody-savings', id: 'PR1001' },
}
/** query parameters of routes whose path has none (spec §2: /flashbuy/submit?id={id}&qty={qty}; a gift's redemption ?id=) */
const ROUTE_QUERY = {}
/**
 * What a page must show as the seeded user approved.cn, from the seeded data it was opened on (filled
 * in by beforeAll): the order's number and lines, the request's id and items, the sale's product, the
 * gift's name, the cart's lines. A page that shows an error or an empty state instead fails here.
 */
const MAIN_CONTENT = {}
const FALLBACK_PARAM = '1'
/** the test server's signing secret (tests/support/server-process.js) */
const TEST_JWT_SECRET = 'test-secret-for-end-to-end-runs-only-0123456789'

/** An access token as the server signs it (HS256, sub = user id, name = user name), for read-only set-up calls. */
function hs256Token(secret, userId, userName) {
  const crypto = require('node:crypto')
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ name: userName, sub: userId, iat: now, exp: now + 3600 })}`
  return `${head}.${crypto.createHmac('sha256', secret).update(head).digest('base64url')}`
}

/**
 * A staff token as the server signs it (server/domains/staff/tokens.ts: HS256 with a key derived from the secret for
 * staff tokens only; sub = staff id, ver = the member's ver, 1 as seeded; audience lab-store-admin), for the staff
 * call that makes a confirmation link (issue 24: staff routes replaced the operator key).
 */
function staffHs256Token(secret, staffId, ver = 1) {
  const crypto = require('node:crypto')
  const key = crypto.createHmac('sha256', secret).update('staff-access-jwt').digest()
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const claims = { ver, typ: 'staff', sub: staffId, aud: 'lab-store-admin', iat: now, exp: now + 3600 }
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`
  return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`
}

function paramsFor(route) {
  const query = { ...ROUTE_QUERY[route.name] }
  const guessed = []
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    let v = ROUTE_PARAMS[route.name]?.[name] ?? SAMPLE_PARAMS[name]
    if (v === undefined) {
      v = FALLBACK_PARAM
      guessed.push(name)
    }
    query[name] = encodeURIComponent(v) // as the app's own links (pageUrl) carry them
  }
  return { query, guessed }
}

describe('every route of the mini-program renders', () => {
  let server
  let h
  const errors = []
  const summary = []
  const consoleError = console.error

  beforeAll(async () => {
    server = await testServer()
    // seeded values for the param table: a product, a category node, a knowledge article
    const product = (await call(server.origin, 'GET', '/api/product/list?page=1&pageSize=1', HEADERS)).data.items[0]
    const top = (await call(server.origin, 'GET', '/api/category/tree', HEADERS)).data.find(
      (c) => c.children.length > 0,
    )
    const article = (
      await call(server.origin, 'GET', '/api/mkt/content/list?contentType=knowledge&page=1&pageSize=1', HEADERS)
    ).data.items[0]
    Object.assign(SAMPLE_PARAMS, {
      catalogNumber: product.catalogNumber,
      title: product.productTitle,
      category: top.name,
      node: top.children[0].code,
      id: article.id,
    })
    // approved.cn's own S-quote and an order with a pending lead-time line (seeded history)
    const auth = { ...HEADERS, authorization: `Bearer ${hs256Token(TEST_JWT_SECRET, 'U-7f3a9c21', 'approved.cn')}` }
    const quote = (await call(server.origin, 'GET', '/api/quote/list', auth)).data.find(
      (q) => q.orderHeader.status === 'active',
    )
    if (quote) SAMPLE_PARAMS.staticQuoteId = quote.orderHeader.staticQuoteId
    await seededPages(auth)

    console.error = (...args) => {
      errors.push(args.map((a) => (a && a.stack) || String(a)).join(' '))
      consoleError(...args)
    }
    h = launchApp({
      apiOrigin: server.origin,
      beforeLaunch: () => stubWechatLogin(), // approved.cn
    })
  })

  /** ok() of the API or a failed set-up that names the call */
  async function get(method, url, headers, body) {
    const res = await call(server.origin, method, url, headers, body)
    if (!res.success) throw new Error(`${method} ${url}: ${JSON.stringify(res).slice(0, 300)}`)
    return res.data
  }

  /**
   * Real data for the pages that show one thing of the user's (issue 22 item 25): an order of approved.cn
   * (the newest), one with a pending lead-time line, one that can be cancelled and one that can be
   * returned, a request, a confirmation link of an order (made by the order desk through the staff route, as
   * staff do), a flash sale in progress, a gift, and a line in the cart for the submit-order page.
   */
  async function seededPages(auth) {
    const orders = (await get('GET', '/api/order/list?limit=50', auth)).items
    const detailOf = (n) => get('GET', `/api/order/detail/${encodeURIComponent(n)}`, auth)
    const orderContent = (d) => [d.orderNumber, ...d.lines.map((l) => l.catalogNumber)]

    const newest = await detailOf(orders[0].orderNumber)
    ROUTE_PARAMS.orderDetail = { orderNumber: newest.orderNumber }
    MAIN_CONTENT.orderDetail = orderContent(newest)

    // spec §9: "Pending lead-time items open their own screen" — an open order with a backordered line
    let lto = null
    for (const o of orders) {
      const d = await detailOf(o.orderNumber)
      if (d.lines.some((l) => l.backorderedQuantity > 0)) {
        lto = d
        break
      }
    }
    expect(lto).not.toBeNull()
    ROUTE_PARAMS.pendingLto = { orderNumber: lto.orderNumber }
    MAIN_CONTENT.pendingLto = [
      lto.orderNumber,
      ...lto.lines.filter((l) => l.backorderedQuantity > 0).map((l) => l.catalogNumber),
    ]

    const cancellable = orders.find((o) => ['SUBMITTED', 'ORDER_SUBMITTED', 'IN_PROGRESS'].includes(o.status))
    const returnable = orders.find((o) => o.status === 'COMPLETED')
    expect([!!cancellable, !!returnable]).toEqual([true, true])
    ROUTE_PARAMS.orderCancel = { orderNumber: cancellable.orderNumber }
    MAIN_CONTENT.orderCancel = [cancellable.orderNumber]
    ROUTE_PARAMS.orderReturn = { orderNumber: returnable.orderNumber }
    MAIN_CONTENT.orderReturn = [returnable.orderNumber]

    const confirmOrder = await detailOf(cancellable.orderNumber)
    // the order desk sends the buyer a confirmation link (POST /api/admin/orders/{orderNo}/confirmation-link)
    const link = await get(
      'POST',
      `/api/admin/orders/${confirmOrder.orderNumber}/confirmation-link`,
      { ...HEADERS, authorization: `Bearer ${staffHs256Token(TEST_JWT_SECRET, 'staff-orderDesk')}` },
      { kind: 'order' },
    )
    ROUTE_PARAMS.orderConfirm = { token: link.token }
    MAIN_CONTENT.orderConfirm = orderContent(confirmOrder)

    const request = (await get('GET', '/api/request/list', auth))[0]
    const enquiryDetail = await get('GET', `/api/request/detail/${request.requestId}`, auth)
    ROUTE_PARAMS.enquiryDetail = { requestId: request.requestId }
    MAIN_CONTENT.enquiryDetail = [request.requestId, ...enquiryDetail.items.map((i) => i.catalogNumber)]

    const sale = (await get('GET', '/api/flashbuy/list', HEADERS)).find((x) => x.flashBuyStatus === 'IN_PROGRESS')
    const saleDetail = await get('GET', `/api/flashbuy/detail/${sale.id}`, auth)
    ROUTE_QUERY.flashbuySubmit = { id: sale.id, qty: String(saleDetail.minOrderQty) }
    MAIN_CONTENT.flashbuySubmit = [saleDetail.catalogNumber, saleDetail.skuName]

    const gift = (await get('GET', '/api/membership/gifts', auth)).gifts.find((g) => !g.drawOnly && g.stock > 0)
    ROUTE_QUERY.giftRedeem = { id: gift.id }
    MAIN_CONTENT.giftRedeem = [gift.name]

    // the submit-order page checks out the cart: one line of a product the cart accepts (taken out again in afterAll)
    const before = new Set((await get('GET', '/api/cart/query', auth)).cartItems.map((i) => i.id))
    const products = (await get('GET', '/api/product/list?page=1&pageSize=20', HEADERS)).items
    for (const p of products) {
      await call(server.origin, 'POST', '/api/cart/addItems', auth, {
        items: [{ catalogNumber: p.catalogNumber, quantity: 1 }],
      })
      const added = (await get('GET', '/api/cart/query', auth)).cartItems.filter((i) => !before.has(i.id))
      if (!added.length) continue
      cartCleanup = { auth, ids: added.map((i) => i.id) }
      if (added.every((i) => i.priceStatus === 'orderable' && i.salesStatus === 'active')) {
        MAIN_CONTENT.submitOrder = added.map((i) => i.catalogNumber)
        break
      }
      await call(server.origin, 'POST', '/api/cart/deleteItems', auth, { items: added.map((i) => ({ id: i.id })) })
      cartCleanup = null
    }
    expect(MAIN_CONTENT.submitOrder).toBeDefined()
  }
  let cartCleanup = null

  afterAll(async () => {
    if (cartCleanup)
      await call(server.origin, 'POST', '/api/cart/deleteItems', cartCleanup.auth, {
        items: cartCleanup.ids.map((id) => ({ id })),
      })
    console.error = consoleError
    const pad = (s, n) => String(s).padEnd(n)
    const lines = summary.map(
      (r) =>
        `  ${pad(r.as, 8)} ${pad(r.route, 17)} ${pad(r.page, 44)} ${String(r.chars).padStart(5)} chars ${String(r.ms).padStart(5)} ms  ${r.note}`,
    )
    process.stdout.write(
      `\nweapp pages rendered (${summary.length}; chars of the page's own text, ms until settled incl. 400 ms quiet):\n${lines.join('\n')}\n\n`,
    )
    await server?.stop()
  })

  /** Opens a route, waits for it to settle, and returns what it showed; the page is left again after. */
  async function render(route) {
    const { query, guessed } = paramsFor(route)
    errors.length = 0
    const toastsBefore = h.env.toasts.length
    const navBefore = h.env.navigations.length
    const started = Date.now()
    const comp = h.open(route.page, query)
    const settled = await h.settle(comp)
    const body = pageBody(comp.dom)
    const strings = visibleStrings(body)
    const sentOn = h.env.navigations.slice(navBefore)[0]
    const shown = {
      settled,
      ms: Date.now() - started,
      chars: strings.join('').length,
      webViews: webViews(comp, body),
      rawKeys: findRawKeys([...visibleStrings(comp.dom), ...h.env.toasts.slice(toastsBefore).map((t) => t.title)]),
      gate: byClass(body, 'login-gate'),
      // a page may send its user on by itself (e.g. to the login screen): where to, if anywhere
      sentTo: sentOn && ROUTES.find((r) => r.page === sentOn.url.replace(/^\//, '').split('?')[0]),
      sentOn,
      guessed,
    }
    shown.text = strings.join('\n')
    comp.detach() // unloads the page: errors while it is torn down count too
    await h.simulate.sleep(0)
    return { ...shown, errors: [...errors] }
  }

  const record = (as, route, shown) =>
    summary.push({
      as,
      route: route.name,
      page: route.page,
      chars: shown.chars,
      ms: shown.ms,
      note: [
        shown.sentOn && `${shown.sentOn.api} ${shown.sentOn.url.split('?')[0]}`,
        shown.gate && 'login gate',
        ...shown.webViews.map((src) => `web-view ${src.split('?')[0]}`),
        shown.guessed.length && `params guessed: ${shown.guessed.join(', ')}`,
      ]
        .filter(Boolean)
        .join('; '),
    })

  /** What every page owes, whoever looks at it. */
  function expectHealthy(route, shown) {
    expect(shown.errors).toEqual([])
    expect(shown.settled).toBe(true)
    expect(shown.rawKeys).toEqual([])
    // something of its own to see (text or a web-view), unless it sent its user on to another route
    const content = shown.chars > 0 || shown.webViews.some(Boolean)
    expect([route.name, content || !!shown.sentTo]).toEqual([route.name, true])
    if (shown.sentOn)
      expect([route.name, shown.sentOn.url, !!shown.sentTo]).toEqual([route.name, shown.sentOn.url, true])
  }

  const waiting = (gate) => /login-gate--waiting/.test(gate.className)

  describe('as a visitor', () => {
    for (const route of ROUTES) {
      it(`${route.name} (${route.path})${route.login ? ': the login gate' : ''}`, async () => {
        const shown = await render(route)
        record('visitor', route, shown)
        expectHealthy(route, shown)
        if (route.login) {
          // spec section 6: a login-only screen asks a visitor to log in, or sends them to a screen that does
          const prompted = !!shown.gate && !waiting(shown.gate) && shown.chars > 0
          const sentToLogin = !!shown.sentTo && !shown.sentTo.login
          expect([route.name, prompted || sentToLogin]).toEqual([route.name, true])
        }
      })
    }
  })

  describe('as the seeded user approved.cn', () => {
    it('logs in with WeChat on My', async () => {
      await h.logInOnMy()
    })

    for (const route of ROUTES) {
      it(`${route.name} (${route.path})`, async () => {
        const shown = await render(route)
        record('user', route, shown)
        expectHealthy(route, shown)
        // logged in, no page asks to log in (or still waits for the session)
        expect([route.name, shown.gate && shown.gate.className]).toEqual([route.name, null])
        // and a page opened on seeded data shows that data, not an error or an empty state
        if (MAIN_CONTENT[route.name]) {
          const missing = MAIN_CONTENT[route.name].filter((s) => !shown.text.includes(s))
          expect([route.name, missing, missing.length ? shown.text.slice(0, 400) : '']).toEqual([route.name, [], ''])
        }
      })
    }
  })
})
