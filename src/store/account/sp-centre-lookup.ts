import { useSession } from '../auth/session'
import { useSupplyCentre } from './supply-centre'

/**
 * Spec section 4: "Supply centre lookup runs FETCHING_SP_CENTER, then SP_CENTER_FETCHED", and
 * section 7: GET /sc/getSupplyCenter gives the list whose Normal entry is spCenter.defaultSC.
 * Runs whenever a (different) user has been fetched (and at start, if one already is); the session keeps the result. Lives outside
 * session.ts because the supply-centre store reads the session (no import cycle).
 */
export function startSupplyCentreLookup() {
  let lastUser: string | null = null
  const check = (s: ReturnType<typeof useSession.getState>) => {
    const id = s.status === 'USER_FETCHED' ? (s.userInfo?.userProfile.userId ?? null) : null
    if (id === lastUser) return
    lastUser = id
    if (!id) return
    useSession.setState({ spCenterStatus: 'FETCHING_SP_CENTER' })
    useSupplyCentre
      .getState()
      .lookup()
      .then((sc) => {
        if (useSession.getState().userInfo?.userProfile.userId !== id) return
        useSession.setState({ defaultSC: sc, spCenterStatus: 'SP_CENTER_FETCHED' })
      })
      .catch(() => {
        // the lookup failed: keep what /users/info said, and say the lookup is over
        if (useSession.getState().userInfo?.userProfile.userId === id)
          useSession.setState({ spCenterStatus: 'SP_CENTER_FETCHED' })
      })
  }
  // H5 starts it once a user is signed in (store/account/launch.h5.ts): look at the session as it is now too
  check(useSession.getState())
  return useSession.subscribe(check)
}
