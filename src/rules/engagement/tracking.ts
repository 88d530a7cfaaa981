/** Spec section 5: "Tracking parameters are kept only for keys beginning utm_ or itm_." */
export const isTrackingKey = (key: string) => /^(utm|itm)_/.test(key)

export function trackingParams(params: Record<string, string | undefined | null>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(params))
    if (isTrackingKey(k) && v !== undefined && v !== null && v !== '') out[k] = String(v)
  return out
}
