import Taro from '@tarojs/taro'
import TestUtils from '../support/taro4-test-utils'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { useProductList } from '../../src/store/catalog/products'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import { waitFor } from './product-api-stub'
import { product as browseProduct } from './browse-stub'

/**
 * The Home page rendered by the real app shell (router, header, footer, stores). Taro.request is
 * stubbed at the API-client boundary; the real server is exercised by the server and e2e layers.
 */
type Call = { url: string; header: Record<string, string> }
/** the browse tests' product with Home's own numbers, every other one without a picture */
const product = (i: number, over: object = {}) =>
  browseProduct(i, {
    catalogNumber: `MA1-1000${i}`,
    productTitle: `Anti-CD${i} Monoclonal Antibody`,
    image: i % 2 ? `/media/products/MA1-1000${i}` : null,
    listPrice: 3280 + i,
    price: { amount: 3280 + i, priceType: 'list' },
    ...over,
  })

describe('Home page', () => {
  const calls: Call[] = []
  beforeEach(() => {
    localStorage.clear()
    calls.length = 0
    useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null, spCenterStatus: null, defaultSC: null })
    useProductList.setState({ items: [], page: 0, total: 0, status: 'idle', error: null, key: null })
    useLocale.setState({ language: 'en', country: 'cn' })
    jest.spyOn(Taro, 'request').mockImplementation(((opts: Call) => {
      calls.push(opts)
      const path = opts.url.replace('http://api.test/api', '').split('?')[0]
      const page = Number(new URL(opts.url).searchParams.get('page') ?? 1)
      const body =
        path === '/product/list'
          ? {
              items:
                page === 1
                  ? [product(1), product(2, { listPrice: null, price: null, priceAccess: { status: 'no price' } })]
                  : [product(3)],
              page,
              pageSize: 20,
              total: 3,
            }
          : path === '/sys/dict/config'
            ? {
                ENABLE_ORDER_TAX: { dictValue: '1', dictLabel: '' },
                ENABLE_SIGN_IN_POPUP: { dictValue: '1', dictLabel: '' },
              }
            : null
      return Promise.resolve({
        statusCode: body ? 200 : 404,
        header: {},
        data: body ? { success: true, code: '200', data: body } : { success: false, code: 'NOT_FOUND' },
      })
    }) as never)
  })
  afterEach(() => jest.restoreAllMocks())

  it('lists products with name, catalogue number, size, image and price; *** for an anonymous visitor without price', async () => {
    const utils = new TestUtils()
    await utils.createApp()
    await utils.waitForText('Anti-CD1 Monoclonal Antibody')
    const text = utils.pageText()
    expect(text).toContain('Cat. No. MA1-10001')
    expect(text).toContain('Size 100 µg')
    expect(text).toContain('¥3,281.00')
    expect(text).toContain('***')
    const imgs = Array.from(
      document.querySelectorAll('.product-card__image img, img.product-card__image, .product-card__image'),
    ).map((e) => e.getAttribute('src') || (e as any).src)
    expect(imgs.some((s) => String(s).endsWith('/media/products/MA1-10001-150.jpg'))).toBe(true)
    expect(imgs.some((s) => String(s).endsWith('/media/placeholder.svg'))).toBe(true)
    // header: search bar placeholder, bell, chat; footer: Home Categories Cart My (cn)
    // Taro's H5 <Input> draws its inner <input> a moment after the page (slower on a busy machine)
    await waitFor(() => !!document.querySelector('.app-header input'), 'the header search input')
    expect(document.querySelector('.app-header input')?.getAttribute('placeholder')).toBe('search all products')
    expect(Array.from(document.querySelectorAll('.app-footer__label')).map((e) => e.textContent)).toEqual([
      'Home',
      'Categories',
      'Cart',
      'My',
    ])
    // loads more from the server, then says it has shown all
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.home__more') as HTMLElement)
    })
    await utils.waitForText('Anti-CD3 Monoclonal Antibody')
    await utils.waitForText('You have seen all 3 products')
    const listCalls = calls.filter((c) => c.url.includes('/product/list'))
    expect(listCalls.map((c) => new URL(c.url).searchParams.get('page'))).toEqual(['1', '2'])
  })

  it('sends the token for a logged-in user and asks for the list in Chinese when the language is zh', async () => {
    useLocale.setState({ language: 'zh', country: 'cn' })
    storage.set(KEYS.authToken, fakeToken({ sub: 'U1001', exp: inSeconds(600) }))
    const utils = new TestUtils()
    await utils.createApp()
    // /users/info fails in this stub (404) -> errorTracking -> logged out -> the list is asked for anonymously
    await utils.waitForText('货号 MA1-10001')
    const list = calls.find((c) => c.url.includes('/product/list'))!
    expect(list.header.languagecode).toBe('cn')
    expect(calls.some((c) => c.url.includes('/users/errorTracking'))).toBe(true)
    expect(list.header.Authorization).toBeUndefined()
  })
})
