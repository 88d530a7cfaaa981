import { useSession, isLoggedIn } from '../auth/session'

const signedIn = (s: ReturnType<typeof useSession.getState>) => s.status === 'USER_FETCHED' && isLoggedIn(s)

/**
 * H5: the supply-centre lookup and the history merge (see launch.ts) matter only once a user
 * is signed in; their stores (history, supply centre, wishlist, with dayjs and their API calls) load
 * then, in a chunk of their own, instead of in every visitor's first load. Both look at the session as
 * it is when they start, so starting after the sign-in loses nothing.
 */
export function startAccountTasks() {
  let started = false
  const start = () => {
    if (started) return
    started = true
    unsubscribe()
    void import(/* webpackChunkName: "account-launch" */ './launch-tasks').then((m) => m.startAll())
  }
  const unsubscribe = useSession.subscribe((s) => {
    if (signedIn(s)) start()
  })
  if (signedIn(useSession.getState())) start()
}
