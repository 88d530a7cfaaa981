import { resolveSpecPath, specAddressOf, staticPrefix } from '../../types/routes'

/**
 * H5 deep links: the server answers any spec address (e.g. /product-details/{title}/{catalogNumber})
 * with the app. Before Taro's router reads the location, the path parameters are moved into the
 * query so that the router finds the page at its static address and the page reads them from its
 * params; once the page is on display, showSpecAddress puts the spec's address back in the address bar.
 */
function toRouterAddress() {
  const { pathname, search, hash } = window.location
  const hit = resolveSpecPath(pathname)
  if (!hit || Object.keys(hit.params).length === 0) return
  const query = new URLSearchParams(search)
  for (const [k, v] of Object.entries(hit.params)) if (!query.has(k)) query.set(k, v)
  const target = `${staticPrefix(hit.route.path)}?${query.toString()}${hash}`
  window.history.replaceState(window.history.state, '', target)
}

let listening = false

/**
 * At start (the entry address) and on every back/forward (an entry whose address showSpecAddress
 * rewrote): this listener is added before the router's own, so the router always reads the address
 * it knows.
 */
export function openSpecAddress() {
  toRouterAddress()
  if (!listening) {
    listening = true
    window.addEventListener('popstate', toRouterAddress)
  }
}

/**
 * Spec section 2's paths in the address bar (issue 22 item 12): the page on display at its static
 * address (`/my-orders?orderNumber=3200034`) is shown at its spec address (`/my-orders/3200034`).
 * The history entry is replaced, not added; its state (the router's) is kept.
 */
export function showSpecAddress() {
  const { pathname, search, hash } = window.location
  const spec = specAddressOf(pathname, search)
  if (spec) window.history.replaceState(window.history.state, '', `${spec}${hash}`)
}
