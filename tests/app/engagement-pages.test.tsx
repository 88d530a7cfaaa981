import Taro from '@tarojs/taro'
import { useWishlist } from '../../src/store/engagement/wishlist'
import { useContent, useContentHub } from '../../src/store/marketing/content'
import { useHistory, LOCAL_HISTORY_KEY } from '../../src/store/engagement/history'
import { storage } from '../../src/platform/storage'
import {
  stubApi,
  fail,
  sleep,
  openPage,
  current,
  q,
  qa,
  text,
  waitText,
  waitFor,
  type StubCall,
} from './product-api-stub'
import { APPROVED_CN, userInfoOf } from './account-fixtures'
import { resetApp, logIn, muteToasts, signedInRoutes, AFTER_LOGIN_ROUTES } from './screen-setup'

/**
 * The content hub, an article, a promotion, /my-wishlist and browsing history, rendered by the real
 * app shell; Taro.request stubbed at the API-client boundary only.
 */
const userInfo = userInfoOf()
const card = (id: number, over: Record<string, unknown> = {}) => ({
  id: String(id),
  contentType: 'knowledge',
  categoryId: '2',
  articleType: 'protocol',
  title: `Article ${id}`,
  summary: `Summary ${id}`,
  coverImage: '/media/content/c.jpg',
  publishedAt: '2026-11-13T01:00:00.000Z',
  readMinutes: 4,
  ...over,
})
const product = (cn: string, title: string) => ({
  sku: cn,
  catalogNumber: cn,
  productTitle: title,
  size: '100 µg',
  brand: 'Invitrogen',
  image: null,
  currency: 'CNY',
  listPrice: 1000,
  price: { amount: 1000, priceType: 'list' },
  priceAccess: { status: 'orderable' },
  leadTarget: false,
})
const common = (over: Record<string, unknown> = {}) =>
  signedInRoutes({ ...AFTER_LOGIN_ROUTES, 'POST /history/record': { ok: true }, ...over }, userInfo, {})

describe('content and engagement screens', () => {
  beforeEach(() => {
    resetApp()
    useWishlist.getState().reset()
    useContent.setState({ articles: {}, promotions: {} })
    useContentHub.setState({
      key: null,
      contentType: null,
      items: [],
      categories: [],
      articleTypes: [],
      status: 'idle',
    })
    useHistory.setState({ items: [], total: 0, page: 0, status: 'idle', query: null, merging: false })
  })
  afterEach(() => jest.restoreAllMocks())

  it('content hub (knowledge): categories as tabs, the ARTICLE_TYPE filter, a paged list; choosing filters asks the server again', async () => {
    const calls = stubApi(
      common({
        'GET /mkt/category/getByContentType': [
          { id: '1', contentType: 'knowledge', name: 'Cell biology', count: 6 },
          { id: '2', contentType: 'knowledge', name: 'Molecular biology', count: 7 },
        ],
        'GET /mkt/system/dict/ARTICLE_TYPE': [
          { dictValue: 'protocol', dictLabel: 'Protocol' },
          { dictValue: 'webinar', dictLabel: 'Webinar' },
        ],
        'GET /mkt/content/list': (c: StubCall) => {
          const page = Number(c.query.page)
          const items =
            c.query.articleType === 'webinar'
              ? [card(90, { articleType: 'webinar', title: 'Flow webinar' })]
              : page === 1
                ? [card(1), card(2)]
                : [card(3)]
          return { items, total: c.query.articleType ? 1 : 3, page, pageSize: 10 }
        },
      }),
    )
    await openPage('packages/marketing/hub/index', { contentType: 'knowledge' })
    await waitText('Article 2')
    expect(qa('.hub-tabs__tab').map((e) => e.textContent)).toEqual(['All', 'Cell biology6', 'Molecular biology7'])
    expect(qa('.hub-types__chip').map((e) => e.textContent)).toEqual(['All types', 'Protocol', 'Webinar'])
    expect(q('.content-card__type')?.textContent).toBe('Protocol')
    expect(text()).toContain('Knowledge Hub')
    const first = calls.find((c) => c.path === '/mkt/content/list')!
    expect(first.query).toEqual({ contentType: 'knowledge', page: '1', pageSize: '10' })
    // load more
    q('.hub__button')!.click()
    await waitText('Article 3')
    await waitText('All 3 articles shown')
    // category tab, then article type
    qa('.hub-tabs__tab')[2].click()
    await waitFor(
      () => calls.some((c) => c.path === '/mkt/content/list' && c.query.categoryId === '2'),
      'the category request',
    )
    qa('.hub-types__chip')[2].click()
    await waitText('Flow webinar')
    const last = calls.filter((c) => c.path === '/mkt/content/list').pop()!
    expect(last.query).toEqual({
      contentType: 'knowledge',
      categoryId: '2',
      articleType: 'webinar',
      page: '1',
      pageSize: '10',
    })
    // a card opens the article
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    q('.content-card')!.click()
    expect(nav).toHaveBeenCalledWith({ url: '/packages/marketing/detail/index?id=90' })
  })

  it('an article: title, author, body through the allow-list, app links open in the app, featured products below; the heart shows with a token', async () => {
    logIn()
    const calls = stubApi(
      common({
        'GET /mkt/content/details/8': {
          ...card(8, { title: 'Total RNA isolation', contentType: 'workflow', articleType: 'virtual-workflow' }),
          author: 'Dr. Li Wei',
          bodyHtml:
            '<h2>Materials</h2><p onclick="x">Use <a href="/product-details/Qubit%20Kit/Q-1">Qubit</a> and <a href="/content/9">part 2</a>; see <a href="https://www.ncbi.nlm.nih.gov/">NCBI</a>.</p><script>window.__bad=1</script>',
          skus: ['Q-1', 'Q-2'],
        },
        'GET /product/catalog': [product('Q-2', 'Tubes'), product('Q-1', 'Qubit Kit')],
        'POST /wishlist/saveWishList': { contentId: '8' },
      }),
    )
    await openPage('packages/marketing/detail/index', { id: '8' })
    await waitText('Total RNA isolation')
    await waitText('Materials')
    expect(text()).toContain('Dr. Li Wei')
    expect(qa('.product-card__title').map((e) => e.textContent)).toEqual(['Qubit Kit', 'Tubes'])
    expect(calls.find((c) => c.path === '/product/catalog')!.query.catalogNumber).toBe('Q-1,Q-2')
    // the links list: the featured product is not listed twice; the app address opens in the app; NCBI only copies
    expect(qa('.safe-rich-text__link').map((e) => e.textContent)).toEqual([
      'part 2Open',
      'NCBIwww.ncbi.nlm.nih.gov · opens outside the appCopy link',
    ])
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const clip = jest.spyOn(Taro, 'setClipboardData').mockImplementation((() => Promise.resolve()) as never)
    qa('.safe-rich-text__link')[0].click()
    expect(nav).toHaveBeenLastCalledWith({ url: '/packages/marketing/detail/index?id=9' })
    qa('.safe-rich-text__link')[1].click()
    expect(clip).toHaveBeenCalledWith({ data: 'https://www.ncbi.nlm.nih.gov/' })
    expect(nav).toHaveBeenCalledTimes(1)
    expect(current().querySelector('script, [onclick]')).toBeNull()
    // the article's HTML brings no link of its own: every <a> on the page is one of the app's controls
    expect(current().querySelector('a:not(.a11y-link), .safe-rich-text a')).toBeNull()
    expect((window as any).__bad).toBeUndefined()
    // a virtual workflow is saved as 'VM Workflow'
    await waitFor(() => !!q('.wishlist-button'), 'the heart')
    q('.wishlist-button')!.click()
    await waitFor(() => calls.some((c) => c.path === '/wishlist/saveWishList'), 'the save call')
    expect(calls.find((c) => c.path === '/wishlist/saveWishList')!.data).toEqual({
      contentId: '8',
      contentType: 'VM Workflow',
      countryCode: 'cn',
      userId: APPROVED_CN.userId,
      wishlistType: 'content',
    })
    await waitFor(() => calls.some((c) => c.path === '/history/record'), 'the history record')
    expect(calls.find((c) => c.path === '/history/record')!.data).toEqual({ kind: 'content', id: '8' })
  })

  it('a promotion: banner, title, dates, status, body, featured products that open the product page', async () => {
    stubApi(
      common({
        'GET /get/promotionById': (c: StubCall) =>
          c.query.promoId === 'PR1001'
            ? {
                id: 'PR1001',
                category: 'antibodies',
                subject: 'flow-cytometry-antibody-savings',
                title: 'Flow cytometry antibodies: save 20%',
                summary: 'Selected conjugates',
                bodyHtml: '<p>Offer <strong>terms</strong> apply.</p>',
                bannerImage: '/media/promotions/pr1001.jpg',
                startDate: '2026-11-01T00:00:00Z',
                endDate: '2026-12-31T00:00:00Z',
                status: 'active',
                products: [product('11-0037-42', 'Anti-CD3 FITC')],
              }
            : undefined,
      }),
    )
    await openPage('packages/catalog/promotion/index', {
      category: 'antibodies',
      subject: 'flow-cytometry-antibody-savings',
      id: 'PR1001',
    })
    await waitText('Flow cytometry antibodies: save 20%')
    await waitText('terms apply')
    expect(q('.promo-status')?.textContent).toBe('Active')
    expect(q('.promo-status')?.className).toContain('promo-status--active')
    expect(text()).toContain('2026-11-01 to 2026-12-31')
    expect((q('.promo-banner__image img') ?? q('.promo-banner__image'))!.getAttribute('src')).toBe(
      'http://api.test/media/promotions/pr1001.jpg',
    )
    expect(q('.wishlist-button')).toBeNull() // no token
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    q('.product-card')!.click()
    expect(nav).toHaveBeenCalledWith({
      url: '/packages/catalog/product-details/index?title=Anti-CD3%20FITC&catalogNumber=11-0037-42&productPlacement=promotion',
    })
  })

  it('/my-wishlist for a visitor: "Please login for better experience"', async () => {
    const calls = stubApi(common())
    await openPage('packages/engagement/wishlist/index')
    await waitText('Please login for better experience')
    expect(calls.some((c) => c.path.startsWith('/wishlist'))).toBe(false)
  })

  it('/my-wishlist: a tab per content type, entries open their page, remove works; a failed remove stays (and says so)', async () => {
    logIn()
    let list = [
      {
        contentId: 'MA1-10175',
        contentType: 'Products',
        wishlistType: 'product',
        countryCode: 'cn',
        title: 'Anti-CD3 Antibody',
        image: '/media/products/MA1-10175',
        link: { route: 'productDetails', params: { title: 'Anti-CD3 Antibody', catalogNumber: 'MA1-10175' } },
        createdAt: '2026-11-20T02:00:00Z',
      },
      {
        contentId: 'MA5-1',
        contentType: 'Products',
        wishlistType: 'product',
        countryCode: 'cn',
        title: 'Anti-GFP',
        image: null,
        link: { route: 'productDetails', params: { title: 'Anti-GFP', catalogNumber: 'MA5-1' } },
        createdAt: '2026-11-19T02:00:00Z',
      },
      {
        contentId: '12',
        contentType: 'Knowledge Hub',
        wishlistType: 'content',
        countryCode: 'cn',
        title: 'ELISA guide',
        image: null,
        link: { route: 'contentDetail', params: { id: '12' } },
        createdAt: '2026-11-18T02:00:00Z',
      },
    ]
    let failDelete = true
    const calls = stubApi(
      common({
        'GET /wishlist/getWishList': () => ({ wishList: list }),
        'POST /wishlist/deleteWishList': (c: StubCall) => {
          if (failDelete) return fail(500)
          list = list.filter((e) => e.contentId !== c.query.contentId)
          return { contentId: c.query.contentId, deleted: 1 }
        },
      }),
    )
    muteToasts()
    await openPage('packages/engagement/wishlist/index')
    await waitText('Anti-CD3 Antibody')
    expect(qa('.wl-tabs__tab').map((e) => e.textContent)).toEqual([
      'Products2',
      'Workflow',
      'VM Workflow',
      'Knowledge Hub1',
      'Promotions',
      'Application',
    ])
    expect(text()).not.toContain('ELISA guide')
    expect(calls.find((c) => c.path === '/wishlist/getWishList')!.query).toEqual({
      countryCode: 'cn',
      userId: APPROVED_CN.userId,
    })
    // a failed remove stays in the wishlist
    qa('.wl-item__remove')[0].click()
    await waitFor(() => calls.some((c) => c.path === '/wishlist/deleteWishList'), 'the delete call')
    await sleep(20)
    expect(qa('.wl-item').length).toBe(2)
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'It could not be removed. Please try again.' }),
    )
    // a remove that works
    failDelete = false
    qa('.wl-item__remove')[0].click()
    await waitFor(() => qa('.wl-item').length === 1, 'the entry to go')
    expect(text()).toContain('Anti-GFP')
    // the Knowledge Hub tab; an entry opens its page
    qa('.wl-tabs__tab')[3].click()
    await waitText('ELISA guide')
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    q('.wl-item')!.click()
    expect(nav).toHaveBeenCalledWith({ url: '/packages/marketing/detail/index?id=12' })
    qa('.wl-tabs__tab')[5].click()
    await waitText('Nothing saved in Application yet.')
  })

  it("browsing history for a visitor: spec section 6 \"prompted to log in ('Please login for better experience') for ... history\"; the device's views are kept for the merge", async () => {
    const views = JSON.stringify([
      {
        kind: 'product',
        id: 'MA1-1',
        title: 'Viewed today',
        subtitle: 'MA1-1 · 100 µg',
        image: null,
        link: { route: 'productDetails', params: { catalogNumber: 'MA1-1' } },
        viewedAt: new Date().toISOString(),
      },
    ])
    storage.set(LOCAL_HISTORY_KEY, views)
    const calls = stubApi(common())
    await openPage('packages/engagement/browsing-history/index')
    await waitText('Please login for better experience')
    expect(q('.bh-tabs')).toBeNull()
    expect(text()).not.toContain('Viewed today')
    expect(calls.some((c) => c.path.startsWith('/history'))).toBe(false)
    expect(storage.get(LOCAL_HISTORY_KEY)).toBe(views) // nothing lost: merged after login
  })
})
