import TestUtils from '../support/taro4-test-utils'
import { useLocale } from '../../src/store/locale'
import { useCategoryTree } from '../../src/store/catalog/categories'
import { useSelection, useSelectionResults, useDualOriginList, toggleFilter } from '../../src/store/catalog/selection'
import { SURCHARGE_PRICE_CHECK_HOURS } from '../../src/rules/catalog/surcharge'
import { stubApi, productPage, product, flush, type Call, browseTests } from './browse-stub'

/**
 * Selection tools and the dual-origin / surcharge list (spec section 2: "selection tools and a
 * dual-origin and surcharge product list"). Taro.request stubbed at the API boundary only.
 */
const node = (id: string, code: string, name: string, children: object[] = []) => ({
  id,
  code,
  name,
  parentId: null,
  productCount: 100,
  children,
})
const TREE = [
  node('1', 'antibodies', 'Antibodies', [node('2', 'primary-antibodies', 'Primary Antibodies')]),
  node('7', 'reagents-chemicals', 'Reagents & Chemicals'),
]
const filtersOf = (c: Call) => JSON.parse(c.query.get('filters') ?? '[]') as { name: string; value: string }[]
const facets = (c: Call) => {
  const chosen = filtersOf(c)
  const total = 500 - chosen.length * 100
  return {
    categoryCode: c.query.get('categoryCode'),
    total,
    filters: chosen,
    facets: [
      {
        name: 'Host Species',
        label: 'Host Species',
        multiValued: false,
        values: [
          { value: 'Mouse', count: 300 },
          { value: 'Rabbit', count: 200 },
        ],
      },
      {
        name: 'Reactivity',
        label: 'Reactivity',
        multiValued: true,
        values: [
          { value: 'Human', count: 250 },
          { value: 'Mouse', count: 150 },
        ],
      },
    ],
  }
}
const selection = (c: Call) => {
  const chosen =
    filtersOf(c)
      .map((f) => f.value)
      .join('+') || 'none'
  const total = 500 - filtersOf(c).length * 100
  const res = productPage(Number(c.query.get('page')), Number(c.query.get('pageSize')), total, (i) =>
    product(i, { productTitle: `${c.query.get('categoryCode')} ${chosen} #${i}`, catalogNumber: `X-${i}` }),
  )
  return { ...res, filters: filtersOf(c) }
}

async function open(page: string) {
  window.history.replaceState(null, '', `#/${page}`)
  const utils = new TestUtils()
  await utils.createApp(page)
  return utils
}
const click = (utils: TestUtils, el: Element | null | undefined) =>
  utils.act(async () => {
    utils.fireEvent.click(el as HTMLElement)
  })
const chip = (facet: string, value: string) => document.querySelector(`[data-facet="${facet}"] [data-value="${value}"]`)

jest.setTimeout(30000)

describe('Selection tools', () => {
  /** the selection tools with the server's tree, facets and results, once antibodies' first result shows */
  const openOnAntibodies = async () => {
    const api = stubApi({
      '/category/tree': () => TREE,
      '/product/selection/facets': facets,
      '/product/selection': selection,
    })
    const utils = await open('packages/catalog/selection-tools/index')
    await utils.waitForText('antibodies none #1', 15000)
    return { api, utils }
  }
  browseTests(() => {
    useCategoryTree.setState({ tree: [], status: 'idle', key: null })
    useSelection.setState({
      key: null,
      categoryCode: 'antibodies',
      filters: [],
      facets: [],
      facetsStatus: 'idle',
      total: 0,
    })
    useSelectionResults.getState().reset()
  })

  it('opens on antibodies with facet chips from the server; results follow each chosen value; clear all starts over', async () => {
    const { api, utils } = await openOnAntibodies()
    expect(utils.pageText()).toContain('500 matching products')
    expect(document.querySelector('.sel__cat--on')?.textContent).toBe('Antibodies')
    expect(api.to('/product/selection/facets')[0].query.get('categoryCode')).toBe('antibodies')

    await click(utils, chip('Host Species', 'Mouse'))
    await utils.waitForText('antibodies Mouse #1')
    expect(utils.pageText()).toContain('400 matching products')
    // single-valued: another host replaces the first
    await click(utils, chip('Host Species', 'Rabbit'))
    await utils.waitForText('antibodies Rabbit #1')
    // multi-valued: values add up (products must have all)
    await click(utils, chip('Reactivity', 'Human'))
    await click(utils, chip('Reactivity', 'Mouse'))
    await utils.waitForText('antibodies Rabbit+Human+Mouse #1')
    expect(filtersOf(api.to('/product/selection').pop()!)).toEqual([
      { name: 'Host Species', value: 'Rabbit' },
      { name: 'Reactivity', value: 'Human' },
      { name: 'Reactivity', value: 'Mouse' },
    ])
    expect(Array.from(document.querySelectorAll('.sel__chosen-chip')).map((e) => e.textContent)).toEqual([
      'Host Species: Rabbit',
      'Reactivity: Human',
      'Reactivity: Mouse',
    ])

    await click(utils, document.querySelector('.sel__clear'))
    await utils.waitForText('antibodies none #1')
    expect(document.querySelector('.sel__chosen-chip')).toBeNull()
    expect(filtersOf(api.to('/product/selection/facets').pop()!)).toEqual([])
  })

  it('picking another category drops the chosen values and asks for that category', async () => {
    const { api, utils } = await openOnAntibodies()
    await click(utils, chip('Host Species', 'Mouse'))
    await utils.waitForText('antibodies Mouse #1')
    await click(
      utils,
      Array.from(document.querySelectorAll('.sel__cat')).find((e) => e.textContent === 'Reagents & Chemicals'),
    )
    await utils.waitForText('reagents-chemicals none #1')
    const last = api.to('/product/selection').pop()!
    expect([last.query.get('categoryCode'), filtersOf(last)]).toEqual(['reagents-chemicals', []])
  })

  it('chooses values the way the facets say: one per single-valued attribute, any number of a multi-valued one, at most 12', () => {
    let f = toggleFilter([], 'Host Species', 'Mouse', false)
    f = toggleFilter(f, 'Host Species', 'Rabbit', false)
    expect(f).toEqual([{ name: 'Host Species', value: 'Rabbit' }])
    f = toggleFilter(f, 'Reactivity', 'Human', true)
    f = toggleFilter(f, 'Reactivity', 'Rat', true)
    expect(f).toHaveLength(3)
    expect(toggleFilter(f, 'Reactivity', 'Human', true)).toHaveLength(2)
    let many: { name: string; value: string }[] = []
    for (let i = 0; i < 15; i++) many = toggleFilter(many, 'Applications', `A${i}`, true)
    expect(many).toHaveLength(12)
  })
})

describe('Dual-origin and surcharge products', () => {
  browseTests(() => {
    useDualOriginList.getState().reset()
  })

  const dual = (c: Call) => {
    const only = c.query.get('only')
    return {
      items: [
        {
          ...product(1, { productTitle: 'Water, Optima LC/MS Grade' }),
          origin: 'imported',
          surcharge: { amount: 80, currency: 'CNY', reason: 'Hazardous goods handling surcharge' },
        },
        {
          ...product(2, {
            productTitle: 'Insulin-Transferrin-Selenium',
            price: null,
            listPrice: null,
            priceAccess: { status: 'no price' },
          }),
          origin: 'dual',
          surcharge: null,
        },
        {
          ...product(3, { productTitle: 'Fetal Bovine Serum' }),
          origin: 'local',
          surcharge: { amount: 1200.5, currency: 'CNY', reason: 'Dry ice shipping' },
        },
      ].filter((p) => !only || (only === 'dual' ? p.origin === 'dual' : p.surcharge)),
      page: 1,
      pageSize: 20,
      total: 3,
    }
  }

  it('spec section 9: "Surcharge orders: check the final price within 4 hours of submission." is said on the list, in both languages', async () => {
    expect(SURCHARGE_PRICE_CHECK_HOURS).toBe(4)
    stubApi({ '/product/dual-origin': dual })
    const utils = await open('packages/catalog/dual-origin/index')
    await utils.waitForText('check the final price within 4 hours of submission', 15000)
    await utils.act(async () => {
      useLocale.setState({ language: 'zh' })
    })
    await utils.waitForText('附加费订单请在提交后 4 小时内确认最终价格')
  })

  it("shows each product's origin badge, its surcharge amount and reason, and its price for the user; filters by dual origin or surcharge", async () => {
    const api = stubApi({ '/product/dual-origin': dual })
    const utils = await open('packages/catalog/dual-origin/index')
    await utils.waitForText('Water, Optima LC/MS Grade', 15000)
    const card = (cat: string) =>
      (document.querySelector(`.product-card[data-catalog-number="${cat}"]`) as HTMLElement).textContent
    expect(card('MA1-10001')).toContain('Imported')
    expect(card('MA1-10001')).toContain('Surcharge ¥80.00 · Hazardous goods handling surcharge')
    expect(card('MA1-10001')).toContain('¥3,001.00')
    expect(card('MA1-10002')).toContain('Dual origin')
    expect(card('MA1-10002')).toContain('No surcharge')
    expect(card('MA1-10002')).toContain('***')
    expect(card('MA1-10003')).toContain('Made locally')
    expect(card('MA1-10003')).toContain('Surcharge ¥1,200.50 · Dry ice shipping')

    await click(
      utils,
      Array.from(document.querySelectorAll('.dual__filter')).find((e) => e.textContent === 'With surcharge'),
    )
    await flush(50)
    await utils.waitForText('Fetal Bovine Serum')
    expect(utils.pageText()).not.toContain('Insulin-Transferrin-Selenium')
    expect(api.to('/product/dual-origin').map((c) => c.query.get('only'))).toEqual([null, 'surcharge'])
  })
})
