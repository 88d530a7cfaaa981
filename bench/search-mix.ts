/**
 * Realistic product-search paths for the benches (bench/api.ts, bench/search.ts), deterministic per `seed`:
 * ~40% catalogue numbers (exact, lower-case, without '-', or a prefix), ~35% English catalogue terms, ~25%
 * Chinese terms of 2-3 characters; a third of them within a category. Drawn from the seeded catalogue and
 * its search dictionary. With `unique` no two paths are the same query as the server's caches see it
 * (normalised query + category), so every request is ranked by the database.
 */
import type { DbHandle } from '../server/db'
import { parseSearchQuery } from '../server/domains/catalog/search'

export async function searchMix(handle: DbHandle, n: number, seed: number, unique = seed !== 1): Promise<string[]> {
  const db = handle.db as any
  const cats: string[] = (await db.selectFrom('products').select('catalog_number').orderBy('id').execute()).map(
    (r: any) => r.catalog_number,
  )
  const terms: { term: string; language: string }[] = await db
    .selectFrom('catalog_search_terms')
    .select(['term', 'language'])
    .where('kind', '=', 'term')
    .orderBy('term')
    .execute()
  const en = terms.filter((t) => t.language === 'en').map((t) => t.term)
  const zh = [
    ...new Set(
      terms
        .filter((t) => t.language === 'zh')
        .flatMap((t) => [t.term.slice(0, 2), t.term.slice(0, 3)])
        .filter((t) => /^[\u4e00-\u9fff]{2,3}$/.test(t)),
    ),
  ]
  const codes: string[] = (await db.selectFrom('categories').select('code').orderBy('id').execute()).map(
    (r: any) => r.code,
  )
  let h = seed >>> 0
  const rnd = () => (h = (Math.imul(h ^ (h >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 4294967296
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]
  const out: string[] = []
  const seen = new Set<string>()
  for (let tries = 0; out.length < n && tries < n * 20; tries++) {
    const x = rnd()
    let q: string
    if (x < 0.4) {
      const c = pick(cats)
      const y = rnd()
      q =
        y < 0.4 ? c : y < 0.6 ? c.toLowerCase() : y < 0.8 ? c.replace(/-/g, '') : c.slice(0, 3 + Math.floor(rnd() * 4))
    } else q = x < 0.75 ? pick(en) : pick(zh)
    const code = rnd() < 0.33 ? pick(codes) : ''
    const key = `${parseSearchQuery(q).key}|${code}`
    if (unique && seen.has(key)) continue
    seen.add(key)
    out.push(`/api/product/search?q=${encodeURIComponent(q)}${code ? `&categoryCode=${code}` : ''}`)
  }
  return out
}
