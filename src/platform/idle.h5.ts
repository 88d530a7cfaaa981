/**
 * H5: run `run` once, at the first touch, click, key or scroll, or when the browser is idle a few
 * seconds after load, whichever comes first. The delay keeps a deferred script's parse out of the
 * page's first busy seconds (what Lighthouse counts as blocking time) while a buyer who reaches for
 * the page gets it at once. Returns a cancel function.
 */
const QUIET_MS = 5000
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'] as const

export function afterFirstScreen(run: () => void): () => void {
  let done = false
  let idle: number | undefined
  const fire = () => {
    if (done) return
    cancel()
    done = true
    run()
  }
  const onIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fire, { timeout: 2000 })
    else fire()
  }
  function cancel() {
    done = true
    clearTimeout(timer)
    if (idle !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle)
    for (const e of EVENTS) window.removeEventListener(e, fire, true)
  }
  for (const e of EVENTS) window.addEventListener(e, fire, { capture: true, passive: true, once: true })
  const timer = setTimeout(onIdle, QUIET_MS)
  return cancel
}
