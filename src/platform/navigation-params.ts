/**
 * Parameters that every navigation carries on (spec section 5: utm_/itm_ tracking parameters). The
 * tracking store registers their source; the navigation adapters (navigation.ts, navigation.h5.ts)
 * read it, so the platform layer needs nothing from the stores.
 */
type Source = () => Record<string, string>

let source: Source = () => ({})

export function setNavigationParamsSource(next: Source) {
  source = next
}

/** The params a navigation adds to an address; the explicit params of the call win. */
export const withNavigationParams = (params: Record<string, string | number | undefined | null> = {}) => ({
  ...source(),
  ...params,
})
