import { ApiError } from '../api/client'

/**
 * Where a store's load stands, in the same words in every store: not asked yet, on its way, answered,
 * or failed (the screen shows its retry). A store with more to say adds its own states beside these
 * (`LoadState | 'notFound'`); a failure is always 'failed'.
 */
export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

/** What a store holds of a load that can also find nothing (a list, or one thing by its id). */
export type Loaded<T> = { status: LoadState | 'notFound'; data: T | null; error: string | null }

/** One thing's load with the id it was asked for (a quote, an enquiry). */
export type LoadedOne<T> = Loaded<T> & { id: string | null }

/**
 * Loads the thing `id` into a store's detail slot through `put`: loading, then ready with its data;
 * a 404 or 403 (gone, or another account's) is 'notFound', anything else 'failed', worded by `errorText`.
 */
export async function loadOneInto<T>(
  id: string,
  fetch: (id: string) => Promise<T>,
  put: (detail: LoadedOne<T>) => void,
  errorText: (e: unknown) => string,
): Promise<void> {
  put({ status: 'loading', data: null, error: null, id })
  try {
    const data = await fetch(id)
    put({ status: 'ready', data, error: null, id })
  } catch (e) {
    const notFound = e instanceof ApiError && (e.status === 404 || e.status === 403)
    put({ status: notFound ? 'notFound' : 'failed', data: null, error: errorText(e), id })
  }
}

/** Whether a load's answer is still wanted: true until a newer load starts or the store drops its loads. */
export type StillWanted = () => boolean

/**
 * The stale-answer guard of a store whose loads can overlap (a chip tapped twice, a fast typist, a
 * logout while a list loads): a slow old answer must never overwrite a newer one.
 * - `start()` begins a load; the loads before it go stale. It returns the new load's check.
 * - `follow()` continues the current load (its next page): stale once a new load starts.
 * - `drop()` makes every load on its way stale (a reset).
 */
export function latestOnly() {
  let generation = 0
  const check =
    (mine: number): StillWanted =>
    () =>
      mine === generation
  return {
    start: () => check(++generation),
    follow: () => check(generation),
    drop: () => {
      generation++
    },
  }
}

export type LatestOnly = ReturnType<typeof latestOnly>
