import { Current } from '@tarojs/runtime'
import TestUtils from '../support/taro4-test-utils'
import { useCategoryProducts, useCategoryTree, resolveCategory } from '../../src/store/catalog/categories'
import { stubApi, fail, productPage, product, type Handler, browseTests } from './browse-stub'

/**
 * Categories (spec section 2: "/categories/All recommended/recommended (dynamic form
 * /categories/[...dynamic])"): the tree, a product list per node, load more. Taro.request is
 * stubbed at the API boundary only.
 */
const node = (id: string, code: string, name: string, parentId: string | null, children: object[] = []) => ({
  id,
  code,
  name,
  parentId,
  productCount: 100,
  children,
})
const TREE = [
  node('1', 'antibodies', 'Antibodies', null, [
    node('11', 'primary-antibodies', 'Primary Antibodies', '1'),
    node('12', 'secondary-antibodies', 'Secondary Antibodies', '1'),
  ]),
  node('2', 'cell-culture', 'Cell Culture', null, [node('21', 'cell-culture-media', 'Cell Culture Media', '2')]),
]

// products named after the category they were asked for, so the test sees which list is shown
const listHandler: Handler = (c) => {
  const cat = c.query.get('categoryId') ?? 'all'
  return productPage(Number(c.query.get('page')), Number(c.query.get('pageSize')), 50, (i) =>
    product(i, { productTitle: `Product ${i} of ${cat}`, catalogNumber: `C${cat}-${i}` }),
  )
}

async function open(hash: string) {
  window.history.replaceState(null, '', hash)
  const utils = new TestUtils()
  await utils.createApp('pages/categories/index')
  return utils
}

describe('Categories', () => {
  browseTests(() => {
    useCategoryProducts.getState().reset()
    useCategoryTree.setState({ tree: [], status: 'idle', key: null })
  })

  it('the footer tab opens All recommended: the rail of top-level categories and the unfiltered list, with more loaded on reaching the bottom', async () => {
    const api = stubApi({ '/category/tree': () => TREE, '/product/list': listHandler })
    const utils = await open('#/pages/categories/index')
    await utils.waitForText('Product 1 of all')
    const rail = Array.from(document.querySelectorAll('.category-tree__item')).map((e) => e.textContent)
    expect(rail).toEqual(['All recommended', 'Antibodies', 'Cell Culture'])
    expect(document.querySelector('.category-tree__item--active')?.textContent).toBe('All recommended')
    expect(api.to('/product/list')[0].query.get('categoryId')).toBeNull()
    expect(document.querySelectorAll('.product-card')).toHaveLength(20)

    await utils.act(async () => {
      ;(Current.page as unknown as { onReachBottom: () => void }).onReachBottom()
    })
    await utils.waitForText('Product 40 of all')
    expect(api.to('/product/list').map((c) => c.query.get('page'))).toEqual(['1', '2'])
    expect(document.querySelectorAll('.product-card')).toHaveLength(40)
    // the last page, then the end of the list
    await utils.act(async () => {
      ;(Current.page as unknown as { onReachBottom: () => void }).onReachBottom()
    })
    await utils.waitForText('You have seen all 50 products')
    await utils.act(async () => {
      ;(Current.page as unknown as { onReachBottom: () => void }).onReachBottom()
    })
    expect(api.to('/product/list')).toHaveLength(3)
  })

  it('/categories/Antibodies/primary-antibodies lists that node, with its siblings as chips; tapping the rail and the chips switches the list', async () => {
    const api = stubApi({ '/category/tree': () => TREE, '/product/list': listHandler })
    const utils = await open('#/pages/categories/index?category=Antibodies&node=primary-antibodies')
    await utils.waitForText('Product 1 of 11')
    expect(document.querySelector('.category-tree__item--active')?.textContent).toBe('Antibodies')
    const chips = Array.from(document.querySelectorAll('.categories__chip')).map((e) => e.textContent)
    expect(chips).toEqual(['All', 'Primary Antibodies', 'Secondary Antibodies'])
    expect(document.querySelector('.categories__chip--active')?.textContent).toBe('Primary Antibodies')
    // the recommended list is never asked for on the way
    expect(api.to('/product/list').map((c) => c.query.get('categoryId'))).toEqual(['11'])

    await utils.act(async () => {
      utils.fireEvent.click(document.querySelectorAll('.categories__chip')[2])
    })
    await utils.waitForText('Product 1 of 12')
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('[data-code="cell-culture"]') as HTMLElement)
    })
    await utils.waitForText('Product 1 of 2')
    expect(utils.pageText()).not.toContain('Product 1 of 12')
    expect(Array.from(document.querySelectorAll('.categories__chip')).map((e) => e.textContent)).toEqual([
      'All',
      'Cell Culture Media',
    ])
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('[data-code="recommended"]') as HTMLElement)
    })
    await utils.waitForText('Product 1 of all')
    expect(api.to('/product/list').map((c) => c.query.get('categoryId'))).toEqual(['11', '12', '2', null])
  })

  it('when the tree fails, All recommended still lists products and the rail offers a retry', async () => {
    let treeFails = true
    stubApi({
      '/category/tree': () => (treeFails ? fail(503, 'SERVICE_UNAVAILABLE') : TREE),
      '/product/list': listHandler,
    })
    const utils = await open('#/pages/categories/index')
    await utils.waitForText('Product 1 of all')
    await utils.waitForText('This section could not be loaded.')
    treeFails = false
    await utils.act(async () => {
      utils.fireEvent.click(document.querySelector('.category-tree__retry') as HTMLElement)
    })
    await utils.waitForText('Cell Culture')
  })

  it('an address the tree does not know falls back to All recommended and says so', () => {
    expect(resolveCategory(TREE as never, 'All recommended', 'recommended')).toMatchObject({
      top: null,
      node: null,
      unknown: false,
    })
    expect(resolveCategory(TREE as never, undefined, undefined)).toMatchObject({
      top: null,
      node: null,
      unknown: false,
    })
    expect(resolveCategory(TREE as never, 'antibodies', undefined).node?.id).toBe('1')
    expect(resolveCategory(TREE as never, '抗体', 'secondary-antibodies').node?.id).toBe('12')
    expect(resolveCategory(TREE as never, 'Reagents', 'no-such-node')).toMatchObject({
      top: null,
      node: null,
      unknown: true,
    })
  })
})
