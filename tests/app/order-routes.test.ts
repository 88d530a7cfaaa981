import { h5CustomRoutes, resolveSpecPath, specUrl } from '../../types/routes'

describe('order routes on H5', () => {
  it('every H5 address opens one page (the quote detail used to share /my-quotes with the list, which the router then opened)', () => {
    const pagesByAddress: Record<string, string[]> = {}
    for (const [page, paths] of Object.entries(h5CustomRoutes())) {
      for (const p of ([] as string[]).concat(paths)) (pagesByAddress[p] ??= []).push(page)
    }
    expect(Object.entries(pagesByAddress).filter(([, pages]) => pages.length > 1)).toEqual([])
  })

  it('a quote detail link opens the quote detail with its id', () => {
    expect(specUrl('quoteDetail', { staticQuoteId: 'SQ-1' })).toBe('/my-quotes/detail/SQ-1')
    expect(resolveSpecPath('/my-quotes/detail/SQ-1')).toMatchObject({
      route: { name: 'quoteDetail' },
      params: { staticQuoteId: 'SQ-1' },
    })
    expect(resolveSpecPath('/my-quotes')).toMatchObject({ route: { name: 'quotes' } })
  })
})
