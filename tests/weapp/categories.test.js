/**
 * Categories in the compiled mini-program (miniprogram-simulate, official wcc): the category tree
 * and the products of a node come from a real test server; taps switch the node; reaching the
 * bottom appends the next page. Spec section 2: "/categories/All recommended/recommended (dynamic
 * form /categories/[...dynamic])".
 */
const { testServer, getJson, launchApp, BUILD_BASE } = require('./harness')

describe('Categories in miniprogram-simulate', () => {
  let server
  let env
  let until
  let comp
  let tree
  let top
  let node
  const requestsTo = (p) => env.requests.filter((r) => r.url.includes(p))
  const waitFor = (check, ms = 20000) => until(check, ms, 25)
  const pageOf = (r) => new URL(r.url).searchParams.get('page')
  const categoryOf = (r) => new URL(r.url).searchParams.get('categoryId')
  // the rail: All recommended first, then the top-level categories in the tree's order
  const railItem = (code) =>
    comp.querySelectorAll('.category-tree__item')[
      code === 'recommended' ? 0 : tree.findIndex((t) => t.code === code) + 1
    ]

  beforeAll(async () => {
    server = await testServer()
    tree = (await getJson(`${server.origin}/api/category/tree`, { languagecode: 'en', countrycode: 'cn' })).data
    top = tree.find((t) => t.children.length > 1)
    node = top.children[1]
    // opened as /categories/{top}/{node}: the page receives the path segments as its query
    const query = { category: encodeURIComponent(top.name), node: node.code }
    let open
    ;({ env, until, open } = launchApp({ apiOrigin: server.origin, path: 'pages/categories/index', query }))
    comp = open('pages/categories/index', query)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("/categories/{top}/{node} lists that node's products (its id from the tree), with the rail of top-level categories and the siblings as chips", async () => {
    expect(await waitFor(() => requestsTo('/api/product/list').length > 0)).toBe(true)
    const req = requestsTo('/api/product/list')[0]
    expect(categoryOf(req)).toBe(node.id)
    expect(req.header).toMatchObject({ Source: 'weapp', countrycode: 'cn' })
    // names in the language the app asked in
    const named = (await getJson(`${server.origin}/api/category/tree`, req.header)).data
    const expected = (
      await getJson(`${server.origin}/api/product/list?page=1&pageSize=20&categoryId=${node.id}`, req.header)
    ).data
    expect(await waitFor(() => comp.dom.textContent.includes(expected.items[0].catalogNumber))).toBe(true)
    const text = comp.dom.textContent
    for (const t of named) expect(text).toContain(t.name)
    const namedTop = named.find((t) => t.code === top.code)
    for (const ch of namedTop.children) expect(text).toContain(ch.name)
    expect(comp.querySelector('.category-tree__item--active').dom.textContent).toBe(namedTop.name)
    expect(comp.querySelector('.categories__chip--active').dom.textContent).toBe(namedTop.children[1].name)
    expect(comp.querySelectorAll('.product-card').length).toBe(20)
  })

  it('tapping All recommended in the rail lists the unfiltered products; reaching the bottom appends page 2', async () => {
    env.requests.length = 0
    railItem('recommended').dispatchEvent('tap')
    expect(await waitFor(() => requestsTo('/api/product/list').length > 0)).toBe(true)
    const req = requestsTo('/api/product/list')[0]
    expect(req.url).toBe(`${BUILD_BASE}/api/product/list?page=1&pageSize=20`)
    const first = (await getJson(`${server.origin}/api/product/list?page=1&pageSize=20`, req.header)).data
    expect(await waitFor(() => comp.dom.textContent.includes(first.items[0].catalogNumber))).toBe(true)
    expect(comp.querySelector('.categories__chip')).toBeFalsy()

    comp.instance.onReachBottom()
    expect(await waitFor(() => comp.querySelectorAll('.product-card').length === 40)).toBe(true)
    expect(requestsTo('/api/product/list').map(pageOf)).toEqual(['1', '2'])
    const second = (await getJson(`${server.origin}/api/product/list?page=2&pageSize=20`, req.header)).data
    expect(comp.dom.textContent).toContain(second.items[19].catalogNumber)
  })

  it('tapping another top-level category lists its products (children included) and shows its children as chips', async () => {
    env.requests.length = 0
    const other = tree.find((t) => t.code !== top.code && t.children.length > 0)
    railItem(other.code).dispatchEvent('tap')
    expect(await waitFor(() => requestsTo('/api/product/list').length > 0)).toBe(true)
    expect(categoryOf(requestsTo('/api/product/list')[0])).toBe(other.id)
    expect(await waitFor(() => comp.querySelectorAll('.categories__chip').length === other.children.length + 1)).toBe(
      true,
    )
    expect(await waitFor(() => comp.querySelectorAll('.product-card').length === 20)).toBe(true)
  })
})
