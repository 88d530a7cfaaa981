import Taro from '@tarojs/taro'
import { useTracking } from '../../src/store/engagement/tracking'
import { navigation } from '../../src/platform/navigation'
import { isTrackingKey, trackingParams } from '../../src/rules/engagement/tracking'

describe('tracking parameters (spec section 5: "Tracking parameters are kept only for keys beginning utm_ or itm_.")', () => {
  let urls: string[]
  beforeEach(() => {
    useTracking.getState().clear()
    urls = []
    jest.spyOn(Taro, 'navigateTo').mockImplementation(((o: { url: string }) => {
      urls.push(o.url)
      return Promise.resolve()
    }) as never)
    jest.spyOn(Taro, 'reLaunch').mockImplementation(((o: { url: string }) => {
      urls.push(o.url)
      return Promise.resolve()
    }) as never)
    jest.spyOn(Taro, 'redirectTo').mockImplementation(((o: { url: string }) => {
      urls.push(o.url)
      return Promise.resolve()
    }) as never)
  })
  afterEach(() => jest.restoreAllMocks())

  it('keeps utm_ and itm_ keys only', () => {
    expect(
      trackingParams({
        utm_source: 'wechat',
        itm_campaign: 'spring',
        utm: 'x',
        xutm_a: 'y',
        UTM_source: 'z',
        gclid: 'g',
        catalogNumber: 'MA1',
        utm_empty: '',
      }),
    ).toEqual({ utm_source: 'wechat', itm_campaign: 'spring' })
    expect(isTrackingKey('itm_medium')).toBe(true)
    expect(isTrackingKey('item_medium')).toBe(false)
  })

  it('captured from an entry address, they are carried on every navigation; other keys of that address are not', async () => {
    useTracking.getState().capture({
      utm_source: 'wechat',
      utm_medium: 'share',
      itm_source: 'banner',
      keyword: 'cd3',
      catalogNumber: 'MA1-10175',
    })
    await navigation.go('contentHub', { contentType: 'knowledge' })
    await navigation.go('home')
    await navigation.replace('productDetails', { title: 'Anti CD3', catalogNumber: 'MA1-10176' })
    const q = urls.map((u) => Object.fromEntries(new URLSearchParams(u.split('?')[1])))
    expect(q[0]).toEqual({ contentType: 'knowledge', utm_source: 'wechat', utm_medium: 'share', itm_source: 'banner' })
    expect(q[1]).toEqual({ utm_source: 'wechat', utm_medium: 'share', itm_source: 'banner' })
    expect(q[2]).toEqual({
      title: 'Anti CD3',
      catalogNumber: 'MA1-10176',
      utm_source: 'wechat',
      utm_medium: 'share',
      itm_source: 'banner',
    })
    expect(urls[0].startsWith('/packages/marketing/hub/index?')).toBe(true)
  })

  it("a later page's own tracking value replaces the earlier one; a navigation's explicit param wins", async () => {
    useTracking.getState().capture({ utm_source: 'wechat' })
    useTracking.getState().capture({ utm_source: 'email', utm_campaign: 'nov' })
    await navigation.go('search', { keyword: 'antibody', utm_campaign: 'explicit' })
    expect(Object.fromEntries(new URLSearchParams(urls[0].split('?')[1]))).toEqual({
      utm_source: 'email',
      utm_campaign: 'explicit',
      keyword: 'antibody',
    })
  })

  it('nothing is added when the visitor came without tracking parameters', async () => {
    useTracking.getState().capture({ from: 'x' })
    await navigation.go('wishlist')
    expect(urls).toEqual(['/packages/engagement/wishlist/index'])
  })
})
