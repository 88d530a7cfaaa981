import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import TestUtils from '../support/taro4-test-utils'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { useProductList } from '../../src/store/catalog/products'
import { useHome } from '../../src/store/marketing/home'
import {
  stubApi,
  fail,
  later,
  productPage,
  flush,
  spyNavigation,
  queryOf,
  closePage,
  type Handler,
} from './browse-stub'

/**
 * Home (issue 3): banners and promotions, the flash-sale entry, the learning centre, recommended
 * products; skeletons while loading; a failed section keeps its own retry; pull to refresh.
 * Taro.request is stubbed at the API boundary only.
 */
const column = (id: string, kind: string, over: object = {}) => ({
  id,
  kind,
  title: `Title ${id}`,
  subtitle: `Subtitle ${id}`,
  image: null,
  link: { route: 'promotion', params: { category: 'antibodies', subject: 'spring', id } },
  startDate: '2026-01-01T00:00:00Z',
  endDate: '2027-01-01T00:00:00Z',
  ...over,
})
const article = (i: number) => ({
  id: `k${i}`,
  contentType: 'knowledge',
  categoryId: '1',
  articleType: 'protocol',
  title: `Flow cytometry protocol ${i}`,
  summary: 'How to',
  coverImage: null,
  publishedAt: '2026-03-01T00:00:00Z',
  readMinutes: 5 + i,
})
const COLUMNS = [
  column('b1', 'banner', { title: 'Spring antibody week' }),
  column('p1', 'promotion', { title: '20% off secondary antibodies' }),
  column('f1', 'flash-sale', { title: 'Flash sale: pipette tips', link: { route: 'flashSale', params: {} } }),
]

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    '/mkt/content/special-column/list': () => COLUMNS,
    '/mkt/content/list': (c) => ({
      items: [1, 2, 3, 4].map(article),
      total: 9,
      page: 1,
      pageSize: Number(c.query.get('pageSize')),
    }),
    '/product/list': (c) => productPage(Number(c.query.get('page')), Number(c.query.get('pageSize')), 45),
    '/mkt/system/dict/ARTICLE_TYPE': () => [{ dictValue: 'protocol', dictLabel: 'Lab protocol' }],
    ...over,
  }
}

describe('Home sections', () => {
  beforeEach(() => {
    localStorage.clear()
    useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null, spCenterStatus: null, defaultSC: null })
    useProductList.getState().reset()
    useHome.setState({ key: null, columns: { status: 'idle', data: [] }, knowledge: { status: 'idle', data: [] } })
    useLocale.setState({ language: 'en', country: 'cn' })
  })
  afterEach(async () => {
    await closePage()
    jest.restoreAllMocks()
  })

  it('shows skeletons (not a spinner) while loading, then banners, promotions, the flash-sale entry, 4 learning-centre cards and recommended products', async () => {
    const cols = later<unknown>()
    const api = stubApi(handlers({ '/mkt/content/special-column/list': () => cols.promise }))
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('Anti-CD1 Monoclonal Antibody')
    // banners still on their way: a skeleton holds their place
    expect(document.querySelector('.skeleton--banner')).not.toBeNull()
    expect(document.querySelector('.at-activity-indicator')).toBeNull()
    cols.resolve(COLUMNS)
    await utils.waitForText('Spring antibody week')
    expect(document.querySelector('.skeleton--banner')).toBeNull()
    const text = utils.pageText()
    expect(text).toContain('20% off secondary antibodies')
    expect(text).toContain('Flash sale: pipette tips')
    expect(document.querySelectorAll('.home-article')).toHaveLength(4)
    expect(text).toContain('Flow cytometry protocol 4')
    expect(document.querySelector('.home-article__type')?.textContent).toBe('Lab protocol')
    expect(document.querySelectorAll('.product-card')).toHaveLength(20)
    // the learning centre asks for 4 knowledge articles
    const content = api.to('/mkt/content/list')[0]
    expect(queryOf(content.url)).toEqual({ contentType: 'knowledge', pageSize: '4' })
  })

  it("opens a banner's link route with its params, the flash-sale list, an article, the learning centre and a product", async () => {
    stubApi(handlers())
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('Spring antibody week')
    const urls = spyNavigation()
    const click = (el: Element | null) =>
      utils.act(async () => {
        utils.fireEvent.click(el as HTMLElement)
      })

    await click(document.querySelector('[data-column-id="p1"]'))
    expect(urls.pop()).toBe('/packages/catalog/promotion/index?category=antibodies&subject=spring&id=p1')
    await click(document.querySelector('.home-flash'))
    expect(urls.pop()).toBe('/packages/flashbuy/flash-sale/index')
    await click(document.querySelector('[data-content-id="k2"]'))
    expect(urls.pop()).toBe('/packages/marketing/detail/index?id=k2')
    await click(document.querySelector('.section__more'))
    expect(urls.pop()).toBe('/packages/marketing/hub/index?contentType=knowledge')
    await click(document.querySelector('.product-card[data-catalog-number="MA1-10003"]'))
    expect(queryOf(urls.pop()!)).toEqual({
      title: 'Anti-CD3 Monoclonal Antibody OKT3',
      catalogNumber: 'MA1-10003',
      productPlacement: 'home',
    })
  })

  it('shows no flash-sale entry when the server returns none', async () => {
    stubApi(handlers({ '/mkt/content/special-column/list': () => COLUMNS.filter((c) => c.kind !== 'flash-sale') }))
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('Spring antibody week')
    expect(document.querySelector('.home-flash')).toBeNull()
  })

  it('a section that fails shows a small retry and the rest of Home still works', async () => {
    let knowledgeFails = true
    const api = stubApi(
      handlers({ '/mkt/content/list': (c) => (knowledgeFails ? fail(500) : handlers()['/mkt/content/list'](c)) }),
    )
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('This section could not be loaded.')
    await utils.waitForText('Anti-CD1 Monoclonal Antibody')
    await utils.waitForText('Spring antibody week')
    knowledgeFails = false
    const retry = document.querySelector('.section__retry') as HTMLElement
    await utils.act(async () => {
      utils.fireEvent.click(retry)
    })
    await utils.waitForText('Flow cytometry protocol 1')
    expect(api.to('/mkt/content/list')).toHaveLength(2)
    expect(api.to('/product/list')).toHaveLength(1)
  })

  it('pull to refresh reloads every section and stops the refresh indicator', async () => {
    let title = 'Spring antibody week'
    const api = stubApi(handlers({ '/mkt/content/special-column/list': () => [column('b1', 'banner', { title })] }))
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation((() => Promise.resolve()) as never)
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('Spring antibody week')
    await utils.waitForText('Anti-CD1 Monoclonal Antibody')
    title = 'Summer cell culture sale'
    await utils.act(async () => {
      await (Current.page as unknown as { onPullDownRefresh: () => Promise<void> }).onPullDownRefresh()
    })
    await utils.waitForText('Summer cell culture sale')
    await flush(10)
    expect(api.to('/mkt/content/special-column/list')).toHaveLength(2)
    expect(api.to('/mkt/content/list')).toHaveLength(2)
    expect(api.to('/product/list').map((c) => c.query.get('page'))).toEqual(['1', '1'])
    expect(stop).toHaveBeenCalled()
  })

  it('loads the next page of recommended products when the page reaches the bottom', async () => {
    const api = stubApi(handlers())
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('Anti-CD20 Monoclonal Antibody')
    await utils.act(async () => {
      ;(Current.page as unknown as { onReachBottom: () => void }).onReachBottom()
    })
    await utils.waitForText('Anti-CD40 Monoclonal Antibody')
    expect(api.to('/product/list').map((c) => c.query.get('page'))).toEqual(['1', '2'])
    expect(document.querySelectorAll('.product-card')).toHaveLength(40)
  })
})
