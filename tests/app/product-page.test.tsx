import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useProduct } from '../../src/store/catalog/product'
import { useWishlist } from '../../src/store/engagement/wishlist'
import { useTracking } from '../../src/store/engagement/tracking'
import { useCart } from '../../src/store/cart/cart'
import { emptyCart, cartItem } from './cart-api-stub'
import { readLocalHistory } from '../../src/store/engagement/history'
import { storage } from '../../src/platform/storage'
import { stubApi, sleep, openPage, q, qa, text, waitText, type StubCall } from './product-api-stub'
import { APPROVED_CN, userInfoOf } from './account-fixtures'
import { resetApp, logIn } from './screen-setup'

/**
 * The product page rendered by the real app shell, opened at its own route with its params.
 * Taro.request is stubbed at the API-client boundary only.
 */
const PAGE = 'packages/catalog/product-details/index'

export const detail = (over: Record<string, unknown> = {}) => ({
  sku: 'SKU-1',
  catalogNumber: 'MA1-10175',
  productTitle: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC',
  size: '100 µg',
  brand: 'Invitrogen',
  image: '/media/products/MA1-10175',
  currency: 'CNY',
  listPrice: 3280,
  price: { amount: 3280, priceType: 'list' },
  priceAccess: { status: 'orderable' },
  leadTarget: false,
  webId: 'W1',
  category: { code: 'primary-antibodies', name: 'Primary antibodies', topCode: 'antibodies', topName: 'Antibodies' },
  displayAttributeList: [
    { displayName: 'Host', displayValue: 'Mouse' },
    { displayName: 'Clone', displayValue: 'OKT3' },
  ],
  descriptionHtml: '<p>Binds <strong>CD3</strong>.</p>',
  freeGoodItem: null,
  promoFreeGoodItem: null,
  variants: [
    { catalogNumber: 'MA1-10175', size: '100 µg', productTitle: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC' },
    { catalogNumber: 'MA1-10176', size: '25 µg', productTitle: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC' },
  ],
  documents: [],
  productLeadTarget: null,
  ...over,
})

const priceRecord = (over: Record<string, unknown> = {}) => ({
  catalogNumber: 'MA1-10175',
  currency: 'CNY',
  listPrice: 3280,
  unitPrice: 3280,
  efPrice: null,
  onlinePrice: null,
  unFormattedPrice: 3280,
  priceType: 'list',
  priceAccess: { status: 'orderable' },
  ...over,
})
const noPrice = (cn = 'MA1-10175') =>
  priceRecord({
    catalogNumber: cn,
    listPrice: null,
    unitPrice: null,
    unFormattedPrice: null,
    priceType: null,
    priceAccess: { status: 'no price' },
  })

const userInfo = userInfoOf()

const openAt = (params: Record<string, string>) => openPage(PAGE, params)

const base = (over: Record<string, unknown> = {}) => ({
  'GET /sys/dict/config': {},
  'GET /users/info': userInfo,
  'GET /product/catalog': (c: StubCall) => [detail({ catalogNumber: c.query.catalogNumber })],
  'POST /product/price': { products: [priceRecord()] },
  'POST /product/availability': [
    { catalogNumber: 'MA1-10175', availableQuantity: 12, displayInventory: '12 in stock, ships in 1-2 days' },
  ],
  'GET /mkt/activity-product/promotions': [],
  'GET /mkt/content/sku/list': { catalogNumber: 'MA1-10175', items: [] },
  'GET /wishlist/getWishList': { wishList: [] },
  ...over,
})

describe('product page', () => {
  beforeEach(() => {
    resetApp()
    useProduct.setState({ entries: {} })
    useWishlist.getState().reset()
    useTracking.getState().clear()
    useCart.getState().reset()
  })
  afterEach(() => jest.restoreAllMocks())

  it("shows the product's own title, image -650.jpg, size, spec table and sanitized description; asks for price and availability of quantity 1 (Web channel)", async () => {
    const calls = stubApi(base())
    await openAt({
      title: 'Anti-CD3 Monoclonal Antibody OKT3 FITC',
      catalogNumber: 'MA1-10175',
      productPlacement: 'home',
    })
    await waitText('Anti-CD3 Monoclonal Antibody (OKT3), FITC')
    await waitText('12 in stock, ships in 1-2 days')
    await waitText('Binds CD3.')
    const shown = text()
    expect(shown).toContain('Cat. No. MA1-10175')
    expect(shown).toContain('Host')
    expect(shown).toContain('Mouse')
    expect(shown).toContain('¥3,280.00')
    const img = q('.pd-gallery__image img, img.pd-gallery__image, .pd-gallery__image') as HTMLElement
    expect(img.getAttribute('src')).toBe('http://api.test/media/products/MA1-10175-650.jpg')
    const cat = calls.find((c) => c.path === '/product/catalog')!
    expect(cat.query.catalogNumber).toBe('MA1-10175')
    expect(calls.find((c) => c.path === '/product/availability')!.data).toEqual({
      items: [{ catalogNumber: 'MA1-10175', quantity: 1 }],
    })
    expect(calls.find((c) => c.path === '/product/price')!.data).toEqual({
      items: [{ catalogNumber: 'MA1-10175', quantity: 1 }],
    })
  })

  it('spec 5: "Price shows *** when there is no price and the user is not logged in" — with a login hint; no Authorization sent', async () => {
    const calls = stubApi(base({ 'POST /product/price': { products: [noPrice()] } }))
    await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('***')
    expect(text()).toContain('Log in to see your price')
    expect(text()).not.toContain('¥')
    expect(calls.every((c) => c.header.Authorization === undefined)).toBe(true)
    // no token: no wishlist heart (spec 4: "Wishlist controls show only with a token")
    expect(q('.wishlist-button')).toBeNull()
  })

  it('a logged-in account sees its price (your price) against the struck list price; no price → "Price on request", never ***', async () => {
    logIn()
    const prices: Record<string, unknown> = {
      'MA1-10175': priceRecord({
        listPrice: null,
        unitPrice: 3280,
        efPrice: 2788,
        unFormattedPrice: 2788,
        priceType: 'yourPrice',
      }),
      'MA1-10176': noPrice('MA1-10176'),
    }
    const calls = stubApi(
      base({ 'POST /product/price': (c: StubCall) => ({ products: [prices[c.data.items[0].catalogNumber]] }) }),
    )
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('¥2,788.00')
    const block = q('.price-block')!.textContent!
    expect(block).toContain('Your price')
    // "listPrice (falls back to unitPrice)": the list price shown is the unit price here
    expect(block).toContain('¥3,280.00')
    expect(block).toContain('Save 15%')
    const priceCall = calls.find((c) => c.path === '/product/price')!
    expect(priceCall.header.Authorization).toMatch(/^Bearer /)
    expect(priceCall.data).toEqual({ accountNumber: '1000001', items: [{ catalogNumber: 'MA1-10175', quantity: 1 }] })

    // the other size has no price for this account
    await utils.act(async () => {
      utils.fireEvent.click(qa('.pd-variants__chip').find((e) => e.textContent?.includes('25 µg')) as HTMLElement)
    })
    await waitText('Price on request')
    expect(text()).not.toContain('***')
  })

  it("spec 4 availability: stock → IN_STOCK green, none → OUT_OF_STOCK red, with the server's displayInventory text", async () => {
    const stock: Record<string, number> = { 'MA1-10175': 12, 'MA1-10176': 0 }
    stubApi(
      base({
        'POST /product/availability': (c: StubCall) =>
          c.data.items.map((i: { catalogNumber: string }) => ({
            catalogNumber: i.catalogNumber,
            availableQuantity: stock[i.catalogNumber],
            displayInventory: stock[i.catalogNumber] ? '12' : 'Lead time 3-4 weeks',
          })),
        'POST /product/price': (c: StubCall) => ({
          products: [priceRecord({ catalogNumber: c.data.items[0].catalogNumber })],
        }),
      }),
    )
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('12 available')
    let badge = q('.availability') as HTMLElement
    expect(badge.className).toContain('availability--green')
    expect(badge.getAttribute('data-status')).toBe('IN_STOCK')
    expect(badge.textContent).toContain('In stock')
    await utils.act(async () => {
      utils.fireEvent.click(qa('.pd-variants__chip').find((e) => e.textContent?.includes('25 µg')) as HTMLElement)
    })
    await waitText('Lead time 3-4 weeks')
    badge = q('.availability') as HTMLElement
    expect(badge.className).toContain('availability--red')
    expect(badge.textContent).toContain('Out of stock')
  })

  it('sizes are chips: choosing another opens that catalogue number in place of this page (address uses the cleaned title), with its own price', async () => {
    stubApi(
      base({
        'POST /product/price': (c: StubCall) => ({
          products: [
            priceRecord({
              catalogNumber: c.data.items[0].catalogNumber,
              unFormattedPrice: c.data.items[0].catalogNumber === 'MA1-10176' ? 1180 : 3280,
            }),
          ],
        }),
      }),
    )
    const redirect = jest.spyOn(Taro, 'redirectTo')
    const utils = await openAt({
      title: 'x',
      catalogNumber: 'MA1-10175',
      placeholderName: 'hero',
      productPlacement: 'home',
    })
    await waitText('¥3,280.00')
    const chips = qa('.pd-variants__chip')
    expect(chips.map((c) => c.textContent)).toEqual(['100 µgMA1-10175', '25 µgMA1-10176'])
    // a size is a radio in a group: the one on display is checked
    expect(chips[0].getAttribute('role')).toBe('radio')
    expect(chips[0].getAttribute('aria-checked')).toBe('true')
    expect(chips[1].getAttribute('aria-checked')).toBe('false')
    await utils.act(async () => {
      utils.fireEvent.click(chips[1] as HTMLElement)
    })
    expect(redirect).toHaveBeenCalledWith({
      url: '/packages/catalog/product-details/index?title=Anti-CD3%20Monoclonal%20Antibody%20OKT3%20FITC&catalogNumber=MA1-10176&placeholderName=hero&productPlacement=home',
    })
    await waitText('¥1,180.00')
    expect(text()).toContain('Cat. No. MA1-10176')
  })

  it('shows free goods (freeGoodItem and promoFreeGoodItem) with their name and picture', async () => {
    stubApi(
      base({
        'GET /product/catalog': [
          detail({
            freeGoodItem: { productName: 'Lab notebook', productPic: '/media/gifts/notebook' },
            promoFreeGoodItem: { productName: 'Pipette tips, 96 rack', productPic: null },
          }),
        ],
      }),
    )
    await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Lab notebook')
    const gifts = qa('.pd-gift')
    expect(gifts.map((g) => g.textContent)).toEqual(['Free giftLab notebook', 'Promotion giftPipette tips, 96 rack'])
    const srcs = gifts.map((g) => (g.querySelector('img') ?? g.querySelector('.pd-gift__image'))!.getAttribute('src'))
    expect(srcs).toEqual(['http://api.test/media/gifts/notebook-150.jpg', 'http://api.test/media/placeholder.svg'])
  })

  it('a lead-only product (leadTarget) offers "Request a Quote": the click logs the operation first, then opens the lead drawer', async () => {
    const order: string[] = []
    const calls = stubApi(
      base({
        'GET /product/catalog': [detail({ leadTarget: true, productLeadTarget: 'lead-generation' })],
        'POST /operationLog/insert': () => {
          order.push(`log, drawer: ${!!q('.lead-drawer')}`)
          return { id: 7 }
        },
      }),
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Request a Quote')
    expect(text()).toContain('This product is sold on quotation')
    expect(text()).not.toContain('Add to cart')
    await utils.act(async () => {
      utils.fireEvent.click(q('.product-footer__action') as HTMLElement)
    })
    await sleep(20)
    expect(order).toEqual(['log, drawer: false'])
    expect(q('.lead-drawer')).not.toBeNull()
    const log = calls.find((c) => c.path === '/operationLog/insert')!
    expect(log.data.opReqUrl.length).toBeLessThanOrEqual(100)
    expect(log.data).toMatchObject({
      opTarget: 'product',
      opTargetId: 'MA1-10175',
      opContent: 'click_request_quote',
      opUser: 'anonymous',
    })
    expect(nav).not.toHaveBeenCalled()
    await utils.act(async () => {
      ;(q('.bottom-sheet__close') as HTMLElement).click()
    })
  })

  it('"Add to cart" adds one unit through POST /cart/addItems, shows \'Added to cart\' and the Cart badge counts the line', async () => {
    const gcId = '1763900000000-abcdefghijklmnopqrstuv'
    const cart = { ...emptyCart(), gcId, itemCount: 1, unitCount: 1, cartItems: [cartItem()] }
    const calls = stubApi(
      base({
        'POST /cart/addItems': {
          results: [
            { line: 1, catalogNumber: 'MA1-10175', quantity: 1, status: 'added', productTitle: 'x', cartItemId: 7 },
          ],
          cart,
          gcId,
        },
      }),
    )
    const toast = jest.spyOn(Taro, 'showToast').mockImplementation((() => Promise.resolve()) as never)
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Add to cart')
    const button = q('.product-footer__action') as HTMLElement
    expect(button.textContent).toBe('Add to cart')
    expect(text()).not.toContain('Coming soon')
    expect(qa('.product-footer__label').map((e) => e.textContent)).toEqual(['Home', 'Category', 'Cart'])
    expect(q('.cart-badge')).toBeNull()
    await utils.act(async () => {
      utils.fireEvent.click(button)
    })
    await sleep(20)
    const add = calls.find((c) => c.path === '/cart/addItems')!
    expect(add.method).toBe('POST')
    // a visitor's first add: no gcId yet, the server mints it
    expect(add.data).toEqual({ items: [{ catalogNumber: 'MA1-10175', quantity: 1, source: 'product' }] })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Added to cart' }))
    expect(q('.product-footer .cart-badge')?.textContent).toBe('1')
    expect(storage.get('gcId')).toBe(gcId)
    expect(storage.get('IS_NEW_CART_ID')).toBe('1')
  })

  it('renders a hostile description without script, handlers or followable links', async () => {
    stubApi(
      base({
        'GET /product/catalog': [
          detail({
            descriptionHtml:
              '<p onclick="alert(1)">Safe text</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe>',
          }),
        ],
      }),
    )
    await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Safe text')
    const body = q('.safe-rich-text') as HTMLElement
    expect(body.querySelector('script, iframe, a, [onclick], [onerror]')).toBeNull()
    expect(body.innerHTML).not.toMatch(/javascript:|onerror|onclick/)
    expect((window as any).__pwned).toBeUndefined()
  })

  it("promotions of the product are chips to the promotion page; the visitor's utm_/itm_ parameters travel along, other keys do not", async () => {
    stubApi(
      base({
        'GET /mkt/activity-product/promotions': [
          {
            catalogNumber: 'MA1-10175',
            promotions: [
              {
                id: 'P-11',
                title: 'Flow antibodies: 20% off',
                category: 'antibodies',
                subject: 'flow',
                endDate: '2026-12-31T00:00:00Z',
              },
            ],
          },
        ],
      }),
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const utils = await openAt({
      title: 'x',
      catalogNumber: 'MA1-10175',
      utm_source: 'wechat',
      itm_campaign: 'nov',
      ref: 'partner',
    })
    await waitText('Flow antibodies: 20% off')
    await utils.act(async () => {
      utils.fireEvent.click(q('.pd-promos__chip') as HTMLElement)
    })
    const url = (nav.mock.calls[0][0] as { url: string }).url
    expect(url.split('?')[0]).toBe('/packages/catalog/promotion/index')
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toEqual({
      utm_source: 'wechat',
      itm_campaign: 'nov',
      category: 'antibodies',
      subject: 'flow',
      id: 'P-11',
    })
  })

  it('related content cards come from /mkt/content/sku/list and open the article', async () => {
    stubApi(
      base({
        'GET /mkt/content/sku/list': {
          catalogNumber: 'MA1-10175',
          items: [
            {
              id: '31',
              contentType: 'knowledge',
              categoryId: '1',
              articleType: 'protocol',
              title: 'T cell activation with OKT3',
              summary: 's',
              coverImage: null,
              publishedAt: '2026-10-01T00:00:00Z',
              readMinutes: 6,
            },
          ],
        },
      }),
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('T cell activation with OKT3')
    expect(text()).toContain('Related content')
    await utils.act(async () => {
      utils.fireEvent.click(q('.content-card') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith({ url: '/packages/marketing/detail/index?id=31' })
  })

  it('with a token: the heart toggles optimistically, the popup links to /my-wishlist and closes on an outside click', async () => {
    logIn()
    const save = { resolve: (_v: unknown) => undefined as void }
    const calls = stubApi(
      base({
        'POST /wishlist/saveWishList': () =>
          new Promise((r) => {
            save.resolve = r
          }),
        'POST /wishlist/deleteWishList': null,
      }),
    )
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('¥3,280.00')
    const heart = () => q('.wishlist-button') as HTMLElement
    expect(heart()).not.toBeNull()
    expect(heart().getAttribute('data-state')).toBe('out')
    await utils.act(async () => {
      utils.fireEvent.click(heart())
    })
    expect(heart().getAttribute('data-state')).toBe('adding') // filled at once
    expect(heart().className).toContain('wishlist-button--on')
    await utils.act(async () => {
      save.resolve({ contentId: 'MA1-10175' })
      await sleep(10)
    })
    expect(heart().getAttribute('data-state')).toBe('in')
    expect(calls.find((c) => c.path === '/wishlist/saveWishList')!.data).toEqual({
      contentId: 'MA1-10175',
      contentType: 'Products',
      countryCode: 'cn',
      userId: APPROVED_CN.userId,
      wishlistType: 'product',
    })
    expect(q('.wishlist-popup')?.textContent).toContain('Added to your wishlist')
    // "Clicking outside the popup closes it."
    await utils.act(async () => {
      utils.fireEvent.click(q('.wishlist-popup__outside') as HTMLElement)
    })
    expect(q('.wishlist-popup')).toBeNull()
    // remove, add again, then follow the popup's link
    await utils.act(async () => {
      utils.fireEvent.click(heart())
      await sleep(10)
    })
    expect(heart().getAttribute('data-state')).toBe('out')
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    await utils.act(async () => {
      utils.fireEvent.click(heart())
      save.resolve({ contentId: 'MA1-10175' })
      await sleep(10)
    })
    await utils.act(async () => {
      utils.fireEvent.click(q('.wishlist-popup__link') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith({ url: '/packages/engagement/wishlist/index' })
    expect(q('.wishlist-popup')).toBeNull()
  })

  it("records the view in the device's history for a visitor", async () => {
    stubApi(base())
    await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Cat. No. MA1-10175')
    const local = readLocalHistory()
    expect(local[0]).toMatchObject({
      kind: 'product',
      id: 'MA1-10175',
      title: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC',
      link: {
        route: 'productDetails',
        params: { title: 'Anti-CD3 Monoclonal Antibody OKT3 FITC', catalogNumber: 'MA1-10175' },
      },
    })
  })

  it('documents open through the documents adapter (H5: the file in a new tab); "All documents" opens document search for this catalogue number', async () => {
    stubApi(
      base({
        'GET /product/catalog': [
          detail({
            documents: [
              {
                id: 'D1',
                type: 'manual',
                title: 'User manual',
                catalogNumber: 'MA1-10175',
                lotNumber: null,
                language: 'en',
                fileUrl: '/api/document/file/D1',
                fileName: 'manual.pdf',
                updatedAt: '2026-01-02T00:00:00Z',
              },
              {
                id: 'D2',
                type: 'coa',
                title: 'Certificate of analysis',
                catalogNumber: 'MA1-10175',
                lotNumber: 'L123',
                language: 'en',
                fileUrl: '/api/document/file/D2',
                fileName: 'coa.pdf',
                updatedAt: '2026-01-03T00:00:00Z',
              },
            ],
          }),
        ],
      }),
    )
    const open = jest.spyOn(window, 'open').mockImplementation((() => ({})) as never)
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const utils = await openAt({ title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Certificate of analysis')
    expect(qa('.pd-doc').map((e) => e.textContent)).toEqual([
      'ManualUser manualEnglish · 2026-01-02',
      'COACertificate of analysisLot L123 · English · 2026-01-03',
    ])
    await utils.act(async () => {
      qa('.pd-doc')[1].click()
    })
    expect(open).toHaveBeenCalledWith('http://api.test/api/document/file/D2', '_blank', 'noopener')
    await utils.act(async () => {
      q('.pd-card__more')!.click()
    })
    expect(nav).toHaveBeenCalledWith({ url: '/packages/catalog/documents/index?catalogNumber=MA1-10175' })
  })

  it('an unknown catalogue number says so (404), in Chinese too', async () => {
    useLocale.setState({ language: 'zh', country: 'cn' })
    stubApi(base({ 'GET /product/catalog': [] }))
    await openAt({ title: 'x', catalogNumber: 'NOPE-1' })
    await waitText('未找到该产品')
    expect(text()).toContain('NOPE-1')
  })
})
