import { pagesToDraw, sameDraw, WINDOW_FROM_PAGES } from '../../src/components/catalog/product-list/window'

/**
 * Long lists keep the mini-program's node count bounded: pages far from the screen are drawn as
 * empty boxes of their measured height (the brief: "keep weapp node count and setData small").
 */
describe('product list windowing', () => {
  const boxes = (n: number, h = 1000) => Array.from({ length: n }, (_, i) => ({ top: i * h, height: h }))

  it('draws every page of a short list', () => {
    expect(pagesToDraw(boxes(WINDOW_FROM_PAGES - 1), WINDOW_FROM_PAGES - 1, 3000, 800)).toBeNull()
  })

  it('draws only the pages near the screen of a long list, whichever way the user scrolls', () => {
    const draw = pagesToDraw(boxes(10), 10, 5000, 800)!
    expect([...draw].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8])
    const top = pagesToDraw(boxes(10), 10, 0, 800)!
    expect([...top].sort((a, b) => a - b)).toEqual([0, 1, 2, 3])
    // 50 pages (1,000 products) scrolled to the end: still 5 pages drawn
    const end = pagesToDraw(boxes(50), 50, 49 * 1000, 800)!
    expect([...end].sort((a, b) => a - b)).toEqual([46, 47, 48, 49])
  })

  it('always draws a page it has not measured yet (a page just loaded may be on screen)', () => {
    const b: ({ top: number; height: number } | undefined)[] = boxes(8)
    b[7] = undefined
    const draw = pagesToDraw(b, 9, 0, 800)!
    expect(draw.has(7)).toBe(true)
    expect(draw.has(8)).toBe(true)
    expect(draw.has(5)).toBe(false)
  })

  it('tells when the drawn set did not change, so scrolling does not re-render the list', () => {
    expect(sameDraw(new Set([1, 2]), new Set([2, 1]))).toBe(true)
    expect(sameDraw(new Set([1, 2]), new Set([1, 3]))).toBe(false)
    expect(sameDraw(null, null)).toBe(true)
    expect(sameDraw(null, new Set([1]))).toBe(false)
  })
})
