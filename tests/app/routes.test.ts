import {
  ROUTES,
  appPages,
  h5CustomRoutes,
  pageUrl,
  resolveSpecPath,
  routeOfRouterPath,
  specAddressOf,
  specUrl,
} from '../../types/routes'

describe('route table (spec section 2)', () => {
  const specPaths = [
    '/home',
    '/my-cart',
    '/more',
    '/notification',
    '/search',
    '/my-wishlist',
    '/my-account/ShipToInfo',
    '/my-account/ShipToInfoAddress',
    '/my-account/ARstatement/:billToAccountNumber',
    '/my-account/InvoiceList/:billToAccountNumber',
    '/non-logged/MyAccount',
    '/flashbuy/submit',
    '/submit-order/success',
    '/product-details/:title/:catalogNumber',
    '/my-orders/:orderNumber',
    '/my-orders/PendingLTO/:orderNumber',
    '/my-request-china/:requestId',
    '/promotions/:category/:subject/:id',
    '/lead-generation/ordersubmit',
    '/zhichi-consult',
    '/giftcenter/rewardsrules',
    '/giftcenter/rewarddetail',
    '/onboarding',
  ]
  it('registers every route of the spec', () => {
    const have = ROUTES.map((r) => r.path)
    expect(specPaths.filter((p) => !have.includes(p))).toEqual([])
  })
  it('keeps the four tab pages in the main package and the rest in domain subpackages', () => {
    const { pages, subPackages } = appPages()
    expect(pages).toEqual(['pages/home/index', 'pages/categories/index', 'pages/cart/index', 'pages/my/index'])
    const all = subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))
    expect(all.length + pages.length).toBe(ROUTES.length)
    expect(subPackages.every((s) => s.pages.length > 0)).toBe(true)
  })
  it('gives each page its spec address on H5', () => {
    const custom = h5CustomRoutes()
    expect(custom['/pages/home/index']).toEqual(['/home', '/'])
    expect(custom['/pages/my/index']).toBe('/more')
    expect(custom['/packages/catalog/product-details/index']).toBe('/product-details')
  })
  it('knows the page on screen from the router path: the Taro page path (mini-program) or the H5 address', () => {
    const name = (p: string) => routeOfRouterPath(p)?.name
    expect(name('pages/categories/index')).toBe('categories')
    expect(name('/pages/categories/index?stamp=1')).toBe('categories')
    // the H5 router reports the custom route: the sign-in popup looked these up as page paths and never showed
    expect(name('/categories?stamp=AA')).toBe('categories')
    expect(name('/categories/All recommended/recommended')).toBe('categories')
    expect(name('/search')).toBe('search')
    expect(name('/my-account/ShipToInfo')).toBe('shipToInfo')
    expect(name('/')).toBe('home')
    expect(name('')).toBeUndefined()
  })
  it('opens spec-style deep links with their path parameters', () => {
    expect(resolveSpecPath('/product-details/Anti-CD3 Antibody/MA1-10175')).toMatchObject({
      route: { name: 'productDetails' },
      params: { title: 'Anti-CD3 Antibody', catalogNumber: 'MA1-10175' },
    })
    expect(resolveSpecPath('/my-orders/PendingLTO/SO123')).toMatchObject({
      route: { name: 'pendingLto' },
      params: { orderNumber: 'SO123' },
    })
    expect(resolveSpecPath('/my-orders/SO123')).toMatchObject({
      route: { name: 'orderDetail' },
      params: { orderNumber: 'SO123' },
    })
    expect(resolveSpecPath('/categories/All recommended/recommended')).toMatchObject({
      route: { name: 'categories' },
      params: { category: 'All recommended', node: 'recommended' },
    })
    expect(resolveSpecPath('/categories/a/b/c')).toBeNull()
    expect(resolveSpecPath('/')).toMatchObject({ route: { name: 'home' } })
    expect(resolveSpecPath('/nowhere')).toBeNull()
  })
  it('builds page links and spec addresses', () => {
    expect(pageUrl('productDetails', { title: 'A & B', catalogNumber: 'X1' })).toBe(
      '/packages/catalog/product-details/index?title=A%20%26%20B&catalogNumber=X1',
    )
    expect(specUrl('arStatement', { billToAccountNumber: '2000001', overdue: 'true' })).toBe(
      '/my-account/ARstatement/2000001?overdue=true',
    )
    expect(pageUrl('home')).toBe('/pages/home/index')
  })
  // issue 22 item 12: "/my-orders/{orderNumber} | Order detail", "/my-orders/PendingLTO/{orderNumber} | Pending
  // lead-time orders" — the H5 address bar showed /my-orders/PendingLTO?orderNumber= and /my-orders?orderNumber=
  it('gives the address bar the spec path of a page the router opened at its static address', () => {
    expect(specAddressOf('/my-orders/PendingLTO', '?orderNumber=3200034')).toBe('/my-orders/PendingLTO/3200034')
    expect(specAddressOf('/my-orders', '?orderNumber=3200034&utm_source=mail')).toBe(
      '/my-orders/3200034?utm_source=mail',
    )
    expect(specAddressOf('/my-account/InvoiceList', '?billToAccountNumber=2000001')).toBe(
      '/my-account/InvoiceList/2000001',
    )
    expect(
      specAddressOf('/product-details', '?title=Anti-CD3%20Antibody&catalogNumber=MA1-10175&productPlacement=home'),
    ).toBe('/product-details/Anti-CD3%20Antibody/MA1-10175?productPlacement=home')
    // every spec address it writes opens the same page with the same parameters again (reload, back, forward)
    for (const r of ROUTES.filter((x) => !x.tab && x.path.includes('/:'))) {
      const keys = r.path
        .split('/')
        .filter((p) => p.startsWith(':'))
        .map((p) => p.slice(1))
      const query = keys.map((k, i) => `${k}=v${i}%20x`).join('&')
      const spec = specAddressOf(r.path.split('/:')[0], `?${query}`)
      expect(spec).not.toBeNull()
      const back = resolveSpecPath(new URL(spec!, 'http://h').pathname)
      expect(back?.route.name).toBe(r.name)
      expect(back?.params).toEqual(Object.fromEntries(keys.map((k, i) => [k, `v${i} x`])))
    }
    // nothing to rewrite: a parameter missing, a path without parameters, a tab page, a spec address already
    expect(specAddressOf('/my-orders', '')).toBeNull()
    expect(specAddressOf('/order-history', '?page=2')).toBeNull()
    expect(specAddressOf('/categories', '?category=a&node=b')).toBeNull()
    expect(specAddressOf('/my-orders/3200034', '')).toBeNull()
  })
})
