/**
 * The catalogue's caches (search pages and index, category tree and counts, list totals, selection facets) are
 * kept for a minute because the catalogue changes only with a seed or an import (common.ts CATALOG_TTL_MS). An import
 * by staff (issue 24: "an imported product must be searchable at once") says so here after its commit, and every
 * cache of that database drops what it holds; the search index is rebuilt before the import answers.
 */
type Listener = () => unknown
const listeners = new WeakMap<object, Set<Listener>>()

/** `drop` runs after every committed catalogue change of `db`, the app's Kysely handle (it may return a promise). */
export function onCatalogueChange(db: object, drop: Listener): void {
  let set = listeners.get(db)
  if (!set) listeners.set(db, (set = new Set()))
  set.add(drop)
}

/** The catalogue of `db` changed (called after the commit): every cache drops its entries; resolves when done. */
export async function catalogueChanged(db: object): Promise<void> {
  await Promise.all([...(listeners.get(db) ?? [])].map((drop) => drop()))
}
