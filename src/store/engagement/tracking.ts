import { create } from 'zustand'
import { trackingParams } from '../../rules/engagement/tracking'
import { watchEntryQuery } from '../../platform/entry'
import { setNavigationParamsSource } from '../../platform/navigation-params'

/**
 * Campaign tracking parameters. Spec section 5: "Tracking parameters are kept only for keys
 * beginning utm_ or itm_." They are captured from the address the visitor arrived by (H5) or the
 * mini-program's launch / show query, and from any page's params, and navigation.go carries them
 * on to every page opened afterwards. Kept for the life of the app (a new entry address replaces
 * a key it names again).
 */
interface TrackingState {
  params: Record<string, string>
  capture: (params: Record<string, string | undefined | null> | null | undefined) => void
  clear: () => void
}

export const useTracking = create<TrackingState>()((set, get) => ({
  params: {},
  capture: (params) => {
    if (!params) return
    const kept = trackingParams(params)
    const cur = get().params
    if (Object.entries(kept).every(([k, v]) => cur[k] === v)) return
    set({ params: { ...cur, ...kept } })
  },
  clear: () => set({ params: {} }),
}))

/** The parameters navigation adds to an address (explicit params of the call win). */
export const trackingForNavigation = () => useTracking.getState().params
setNavigationParamsSource(trackingForNavigation)

let started = false

/** Captures the entry address's parameters once at launch (called from app.ts). */
export function startTrackingCapture() {
  if (started) return
  started = true
  watchEntryQuery((query) => useTracking.getState().capture(query))
}
