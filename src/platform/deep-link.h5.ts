import { resolveSpecPath, staticPrefix } from '../../types/routes'

/**
 * H5 deep links: the server answers any spec address (e.g. /product-details/{title}/{catalogNumber})
 * with the app. Before Taro's router starts, the path parameters are moved into the query so that
 * the router finds the page at its static address and the page reads them from its params.
 */
export function openSpecAddress() {
  const { pathname, search, hash } = window.location
  const hit = resolveSpecPath(pathname)
  if (!hit || Object.keys(hit.params).length === 0) return
  const query = new URLSearchParams(search)
  for (const [k, v] of Object.entries(hit.params)) if (!query.has(k)) query.set(k, v)
  const target = `${staticPrefix(hit.route.path)}?${query.toString()}${hash}`
  window.history.replaceState(window.history.state, '', target)
}
