/**
 * What a page's first screen costs the mini-program's view layer, as WeChat's audit (体验评分) counts
 * it: the bytes of each setData (JSON of the data, one call over 256 KB is flagged) and the WXML
 * nodes rendered (over 1,000 is flagged). Shared by first-screen.test.js (the budget) and
 * bench/sizes.mjs (the figures, through that test's WEAPP_FIRST_SCREEN_OUT file).
 */
const KB = 1024
const LINES = { setDataBytes: 256 * KB, nodes: 1000 }

/**
 * The WXML element nodes of a rendered component, its own included: exparser's composed tree
 * (custom components' shadow trees in place of the tags), without the virtual nodes that
 * <block>, wx:if and wx:for leave (they render nothing), and without text nodes.
 */
function countNodes(comp) {
  let n = 0
  const walk = (node) => {
    if (!node || typeof node !== 'object') return // text
    n++
    node.children.forEach(walk)
  }
  walk(comp.toJSON())
  return n
}

/** a first screen is shown once no skeleton (components/skeleton: a part still loading) is left */
const noSkeleton = (comp) => !comp.querySelector('.skeleton')

/**
 * Opens `page` with the harness `h` (launchApp), waits until `ready(comp)` holds and the page
 * settles (requests answered, text quiet), and returns { page, ready, settled, calls, largest,
 * total, nodes } for that first screen. Settling alone can end before a slow answer arrives on a
 * busy machine, hence `ready`. The page is left (detached) afterwards.
 */
async function measureFirstScreen(h, page, { query = {}, ready = noSkeleton } = {}) {
  const mark = h.env.setDataCalls.length
  const comp = h.open(page, query)
  const isReady = await h.until(() => ready(comp), 30000)
  const settled = await h.settle(comp)
  const sizes = h.env.setDataCalls.slice(mark).map((c) => c.bytes)
  const shown = {
    page,
    ready: !!isReady,
    settled,
    calls: sizes.length,
    largest: Math.max(0, ...sizes),
    total: sizes.reduce((a, b) => a + b, 0),
    nodes: countNodes(comp),
  }
  comp.detach()
  await h.simulate.sleep(0)
  return shown
}

module.exports = { KB, LINES, countNodes, noSkeleton, measureFirstScreen }
