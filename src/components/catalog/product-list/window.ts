/**
 * Windowing of long product lists: pages of the list far from the screen are drawn as empty boxes
 * of their measured height, so a mini-program page keeps a bounded number of nodes however far the
 * user scrolls, and the scroll position never jumps.
 */
export interface PageBox {
  top: number
  height: number
}

/** Lists shorter than this many pages are drawn in full. */
export const WINDOW_FROM_PAGES = 6
/** Pages drawn above and below the ones on screen. */
export const WINDOW_RADIUS = 2

/**
 * Which pages to draw: those meeting the screen (one screen above to two below), widened by the
 * radius. A page not measured yet is always drawn (it may be on screen). Returns null when every
 * page is to be drawn.
 */
export function pagesToDraw(
  boxes: (PageBox | undefined)[],
  pageCount: number,
  scrollTop: number,
  viewport: number,
  radius = WINDOW_RADIUS,
): Set<number> | null {
  if (pageCount < WINDOW_FROM_PAGES) return null
  const from = scrollTop - viewport
  const to = scrollTop + 2 * viewport
  const onScreen: number[] = []
  for (let i = 0; i < pageCount; i++) {
    const b = boxes[i]
    if (!b || b.height <= 0) continue
    if (b.top + b.height >= from && b.top <= to) onScreen.push(i)
  }
  const draw = new Set<number>()
  for (let i = 0; i < pageCount; i++) if (!boxes[i] || boxes[i]!.height <= 0) draw.add(i)
  for (const i of onScreen)
    for (let j = Math.max(0, i - radius); j <= Math.min(pageCount - 1, i + radius); j++) draw.add(j)
  if (draw.size === pageCount) return null
  return draw
}

export const sameDraw = (a: Set<number> | null, b: Set<number> | null) =>
  a === b || (!!a && !!b && a.size === b.size && [...a].every((i) => b.has(i)))
