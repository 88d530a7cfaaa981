import { Current } from '@tarojs/runtime'
import TestUtils from '../support/taro4-test-utils'
import { useLocale } from '../../src/store/locale'
import { useSearchHistory, useSearchResults, pushHistory, HISTORY_KEY } from '../../src/store/catalog/search'
import { DEFAULT_DEBOUNCE_MS } from '../../src/rules/constants'
import { storage } from '../../src/platform/storage'
import { stubApi, productPage, product, flush, spyNavigation, queryOf, type Handler, browseTests } from './browse-stub'

/**
 * Search (route 'search', /search?keyword=): history, debounce, results with load more, the
 * no-result page with the server's suggestions, Chinese queries. Taro.request stubbed at the API
 * boundary only.
 */
const SUGGESTIONS = [
  { text: 'CD3', kind: 'term' },
  { text: 'CD34', kind: 'term' },
  { text: 'Primary Antibodies', kind: 'category', categoryCode: 'primary-antibodies' },
]
const searchHandler: Handler = (c) => {
  const q = c.query.get('q') ?? ''
  const page = Number(c.query.get('page'))
  const pageSize = Number(c.query.get('pageSize'))
  if (/xyzzy/.test(q)) return { items: [], page, pageSize, total: 0, totalCapped: false, suggestions: SUGGESTIONS }
  const res = productPage(page, pageSize, 45, (i) =>
    product(i, { productTitle: `${q} result ${i}`, catalogNumber: `S-${i}` }),
  )
  return { ...res, totalCapped: false, suggestions: [] }
}

async function open(hash: string) {
  window.history.replaceState(null, '', hash)
  const utils = new TestUtils()
  await utils.createApp('packages/catalog/search/index')
  // the input of Taro's H5 <Input> is drawn by its web component a moment after the page
  const end = Date.now() + 15000
  while (!searchBox() && Date.now() < end) await flush(20)
  return utils
}

jest.setTimeout(30000)

const searchBox = () => document.querySelector('.search__box input') as HTMLInputElement

/** the user types, character by character, a little faster than the debounce */
async function type(utils: TestUtils, text: string, gapMs = 50) {
  for (let i = 1; i <= text.length; i++) {
    await utils.act(async () => {
      const input = searchBox()
      input.value = text.slice(0, i)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await flush(gapMs)
  }
}
async function pressEnter(utils: TestUtils) {
  await utils.act(async () => {
    searchBox().dispatchEvent(new KeyboardEvent('keydown', { keyCode: 13, bubbles: true } as KeyboardEventInit))
  })
}

describe('Search', () => {
  browseTests(() => {
    useSearchResults.getState().reset()
    useSearchHistory.setState({ history: [] })
  })

  it(`debounces typing with the spec's default debounce (${DEFAULT_DEBOUNCE_MS} ms): one request for the final text, none per keystroke`, async () => {
    const api = stubApi({ '/product/search': searchHandler })
    const utils = await open('#/packages/catalog/search/index')
    await utils.waitForText('Search by catalogue number')
    await type(utils, 'CD3')
    expect(api.to('/product/search')).toHaveLength(0)
    await flush(DEFAULT_DEBOUNCE_MS - 200)
    expect(api.to('/product/search')).toHaveLength(0)
    await utils.waitForText('CD3 result 1')
    expect(api.to('/product/search').map((c) => c.query.get('q'))).toEqual(['CD3'])
    expect(utils.pageText()).toContain('45 results for "CD3"')
    // typing is not a search made: only pressing search puts it in the history
    expect(storage.get(HISTORY_KEY)).toBeNull()
    await pressEnter(utils)
    expect(JSON.parse(storage.get(HISTORY_KEY)!)).toEqual(['CD3'])
    expect(api.to('/product/search')).toHaveLength(1)
  })

  it('keeps a local history of the last 10 searches, newest first, without repeats; tapping one searches it; clear empties it', async () => {
    storage.set(HISTORY_KEY, JSON.stringify(['trypsin', 'CD4']))
    const api = stubApi({ '/product/search': searchHandler })
    const utils = await open('#/packages/catalog/search/index')
    await utils.waitForText('Recent searches')
    expect(Array.from(document.querySelectorAll('.search-history__chip')).map((e) => e.textContent)).toEqual([
      'trypsin',
      'CD4',
    ])
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelectorAll('.search-history__chip')[1])
    })
    await utils.waitForText('CD4 result 1')
    expect(api.to('/product/search')[0].query.get('q')).toBe('CD4')
    expect(JSON.parse(storage.get(HISTORY_KEY)!)).toEqual(['CD4', 'trypsin'])
    // back to an empty box: the history shows again, newest first; clear removes it from storage
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.search__clear') as HTMLElement)
    })
    await utils.waitForText('Recent searches')
    expect(Array.from(document.querySelectorAll('.search-history__chip')).map((e) => e.textContent)).toEqual([
      'CD4',
      'trypsin',
    ])
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.search-history__clear') as HTMLElement)
    })
    expect(document.querySelector('.search-history')).toBeNull()
    expect(storage.get(HISTORY_KEY)).toBeNull()

    let h: string[] = []
    for (let i = 1; i <= 12; i++) h = pushHistory(h, `term ${i}`)
    h = pushHistory(h, '  TERM   5 ')
    expect(h).toHaveLength(10)
    expect(h.slice(0, 3)).toEqual(['TERM 5', 'term 12', 'term 11'])
    expect(h.filter((x) => x.toLowerCase() === 'term 5')).toHaveLength(1)
    expect(pushHistory(h, '   ')).toBe(h)
  })

  it('/search?keyword= works as a deep link (a custom search URL), with more results loaded at the bottom', async () => {
    const api = stubApi({ '/product/search': searchHandler })
    const utils = await open('#/packages/catalog/search/index?keyword=CD3')
    await utils.waitForText('CD3 result 20')
    expect(searchBox().value).toBe('CD3')
    expect(JSON.parse(storage.get(HISTORY_KEY)!)).toEqual(['CD3'])
    await utils.act(async () => {
      ;(Current.page as unknown as { onReachBottom: () => void }).onReachBottom()
    })
    await utils.waitForText('CD3 result 40')
    expect(
      api.to('/product/search').map((c) => [c.query.get('q'), c.query.get('page'), c.query.get('pageSize')]),
    ).toEqual([
      ['CD3', '1', '20'],
      ['CD3', '2', '20'],
    ])
    const urls = spyNavigation()
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.product-card[data-catalog-number="S-3"]') as HTMLElement)
    })
    expect(queryOf(urls.pop()!)).toMatchObject({ catalogNumber: 'S-3', productPlacement: 'search' })
  })

  it('sends a Chinese query as typed (抗体) and shows what the server finds', async () => {
    useLocale.setState({ language: 'zh', country: 'cn' })
    const api = stubApi({ '/product/search': searchHandler })
    const utils = await open(`#/packages/catalog/search/index?keyword=${encodeURIComponent('抗体')}`)
    await utils.waitForText('抗体 result 1')
    const call = api.to('/product/search')[0]
    expect(call.query.get('q')).toBe('抗体')
    expect(call.url).toContain('q=%E6%8A%97%E4%BD%93')
    expect(call.header.languagecode).toBe('cn')
    expect(utils.pageText()).toContain('“抗体”共 45 个结果')
  })

  it("a query with no result shows the server's suggestions: a term searches it, a category opens the categories page", async () => {
    const api = stubApi({ '/product/search': searchHandler })
    const utils = await open('#/packages/catalog/search/index?keyword=xyzzy')
    await utils.waitForText('No results for "xyzzy"')
    expect(Array.from(document.querySelectorAll('.search__chip')).map((e) => e.textContent)).toEqual([
      'CD3',
      'CD34',
      'Primary Antibodies',
    ])
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelectorAll('.search__chip')[1])
    })
    await utils.waitForText('CD34 result 1')
    expect(api.to('/product/search').map((c) => c.query.get('q'))).toEqual(['xyzzy', 'CD34'])
    expect(searchBox().value).toBe('CD34')

    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.search__clear') as HTMLElement)
    })
    await type(utils, 'xyzzy', 0)
    await utils.waitForText('No results for "xyzzy"')
    const urls = spyNavigation()
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.search__chip--category') as HTMLElement)
    })
    expect(urls.pop()).toBe('/pages/categories/index?category=Primary%20Antibodies&node=primary-antibodies')
  })
})
