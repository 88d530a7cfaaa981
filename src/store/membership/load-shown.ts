import type { LoadState, StillWanted } from '../load-state'

/** A membership store whose screen shows one load's answer: where that load stands, and the failure's words. */
interface ShownState {
  /** 'blocked': a black-listed member (the membership screens say so instead of a retry) */
  status: LoadState | 'blocked'
  error: string | null
}

/** a failure in words (playErrorMessage), or with whether the account is blocked (memberError) */
type Failure = string | { blocked: boolean; message: string }

/**
 * A membership store's load of what its screen shows (the gifts, the points, the draws, the tasks,
 * the invitations): 'loading' only while nothing is `shown` yet, so a reload keeps the old answer on
 * screen; then 'ready' with what `ready` makes of the answer, or 'failed' ('blocked' where `failure`
 * says so) with `failure`'s words. With `fresh` (latestOnly of src/store/load-state.ts), the answer of
 * a load gone stale is dropped.
 */
export async function loadShown<S extends ShownState, T>(
  set: (patch: Partial<S>) => void,
  shown: boolean,
  fetch: () => Promise<T>,
  ready: (answer: T) => Partial<S>,
  failure: (e: unknown) => Failure,
  fresh: StillWanted = () => true,
): Promise<void> {
  set((shown ? { error: null } : { status: 'loading', error: null }) as Partial<S>)
  try {
    const answer = await fetch()
    if (fresh()) set({ ...ready(answer), status: 'ready' })
  } catch (e) {
    const f = failure(e)
    const blocked = typeof f !== 'string' && f.blocked
    if (fresh())
      set({ status: blocked ? 'blocked' : 'failed', error: typeof f === 'string' ? f : f.message } as Partial<S>)
  }
}
