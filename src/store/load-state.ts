/**
 * Where a store's load stands, in the same words in every store: not asked yet, on its way, answered,
 * or failed (the screen shows its retry). A store with more to say adds its own states beside these
 * (`LoadState | 'notFound'`); a failure is always 'failed'.
 */
export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

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
