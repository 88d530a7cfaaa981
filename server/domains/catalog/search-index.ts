import type { Kysely } from 'kysely'
import type { DB, ProductTable } from '../../db/schema'
import { queryPrepared } from '../../db/prepared'
import { CATALOG_TTL_MS } from './common'

/**
 * In-process search index (issue 10): the ranking of a search query without the database.
 *
 * The trigram GIN index on products.search_text answers a broad word ('antibody', '抗体', 'ma1') with
 * thousands of candidates that PostgreSQL then rechecks row by row (3-7 ms on PostgreSQL, 12-55 ms on
 * PGlite). Here the few columns the ranking reads (id, rank, category_id, catalog_norm, search_text) of
 * every product live in memory, in rank order (rank desc, id asc), with trigram posting lists: a query's
 * candidates come from its rarest trigrams and are verified with indexOf on the in-memory string, which
 * is exactly what LIKE '%lit%' means (the patterns hold no wildcard: they are normalised text). The
 * loader also keeps what a result row shows (PageColumns), so a page needs no query for its rows.
 *
 * Freshness: the catalogue changes only with a seed or an import. Every CATALOG_TTL_MS the loader checks a
 * checksum of the indexed columns (one scan, a few ms) and rebuilds in the background when it changed;
 * until then the previous index answers (like the page cache, results may be up to a minute old).
 */

export interface RankTerm {
  /** the literal LIKE '%lit%' looks for (normalised: no wildcard, no '~') */
  lit: string
}

export interface RankQuery {
  terms: RankTerm[]
  catalog: string | null
}

export interface IndexRow {
  id: number
  rank: number
  category_id: number
  catalog_norm: string
  search_text: string
}

/** What a result page shows of a product, in every language and currency (summary.ts picks one of each). */
export type PageColumns = Pick<
  ProductTable,
  | 'sku'
  | 'catalog_number'
  | 'title_en'
  | 'title_zh'
  | 'size'
  | 'brand'
  | 'image'
  | 'list_price_cny'
  | 'list_price_inr'
  | 'lead_target'
>

export type LoadedRow = IndexRow & PageColumns

export interface Ranking {
  /** ids of the first `cap` matches, best first */
  ids: number[]
  /** number of matches, up to cap + 1 */
  total: number
}

/** a trigram (three UTF-16 code units; Chinese characters are in the BMP) as one exact number */
const tri = (s: string, i: number) => s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2)

export class SearchIndex {
  readonly size: number
  private ids: Int32Array
  private cats: Int32Array
  private texts: string[]
  /** position of the '~' marker (titles before it, the rest after) in each search_text */
  private marks: Int32Array
  private norms: string[]
  /** positions sorted by catalog_norm (prefix lookups by binary search) */
  private byNorm: Int32Array
  private postings = new Map<number, Int32Array>()
  /** the page columns by product id, when the loader read them (the search route's rows without a query) */
  private pageRows = new Map<number, PageColumns>()

  /** `rows` in any order; they are ranked here (rank desc, id asc) */
  constructor(rows: (IndexRow | LoadedRow)[]) {
    const sorted = [...rows].sort((a, b) => b.rank - a.rank || a.id - b.id)
    const n = (this.size = sorted.length)
    this.ids = new Int32Array(n)
    this.cats = new Int32Array(n)
    this.marks = new Int32Array(n)
    this.texts = new Array(n)
    this.norms = new Array(n)
    const lists = new Map<number, number[]>()
    for (let p = 0; p < n; p++) {
      const r = sorted[p]
      this.ids[p] = r.id
      this.cats[p] = r.category_id
      this.texts[p] = r.search_text
      this.norms[p] = r.catalog_norm
      // search_text has exactly one '~' (catalog_search_norm turns every other character into letters,
      // digits, Chinese or spaces); -1 if a row had none: then no title match, as LIKE '%lit%~%'
      this.marks[p] = r.search_text.indexOf('~')
      if ('sku' in r) {
        const { id: _id, rank: _rank, category_id: _cat, catalog_norm: _norm, search_text: _text, ...page } = r
        this.pageRows.set(r.id, page)
      }
      const s = r.search_text
      for (let i = 0; i + 3 <= s.length; i++) {
        const t = tri(s, i)
        const l = lists.get(t)
        // once per row: a repeated trigram of this row is already the list's last entry
        if (!l) lists.set(t, [p])
        else if (l[l.length - 1] !== p) l.push(p)
      }
    }
    for (const [t, l] of lists) this.postings.set(t, Int32Array.from(l))
    this.byNorm = Int32Array.from(this.norms.keys()).sort((a, b) =>
      this.norms[a] < this.norms[b] ? -1 : this.norms[a] > this.norms[b] ? 1 : 0,
    )
  }

  /**
   * The ranking of searchPage: tier 0 catalogue number prefix (exact first), tier 2 every term in the
   * titles, tier 3 every term somewhere but not all in the titles (tiers 2 and 3 exclude tier-0 rows);
   * ties by position (rank desc, id asc). Stops counting at cap + 1.
   */
  rank(q: RankQuery, scope: number[] | null, cap: number): Ranking {
    const limit = cap + 1
    const inScope = scope ? new Set(scope) : null
    const out: number[] = []
    const catalog = q.catalog
    if (catalog !== null) {
      const exact: number[] = []
      const prefix: number[] = []
      for (let k = this.lowerBound(catalog); k < this.size; k++) {
        const p = this.byNorm[k]
        const cn = this.norms[p]
        if (!cn.startsWith(catalog)) break
        if (inScope && !inScope.has(this.cats[p])) continue
        ;(cn === catalog ? exact : prefix).push(p)
      }
      exact.sort((a, b) => a - b)
      prefix.sort((a, b) => a - b)
      for (const p of exact) out.push(p)
      for (const p of prefix) out.push(p)
    }
    let total = Math.min(out.length, limit)
    if (q.terms.length && total < limit) {
      const tier3: number[] = []
      const lits = q.terms.map((t) => t.lit)
      for (const p of this.candidates(lits)) {
        if (inScope && !inScope.has(this.cats[p])) continue
        const s = this.texts[p]
        const mark = this.marks[p]
        let inTitles = true
        let all = true
        for (const lit of lits) {
          const at = s.indexOf(lit)
          if (at < 0) {
            all = false
            break
          }
          // LIKE '%lit%~%': an occurrence that ends before the '~'; the first one ends first
          if (mark < 0 || at + lit.length > mark) inTitles = false
        }
        if (!all) continue
        if (catalog !== null && this.norms[p].startsWith(catalog)) continue
        if (inTitles) {
          out.push(p)
          if (++total === limit) break
        } else if (tier3.length < limit) tier3.push(p)
      }
      for (const p of tier3) {
        if (total >= limit) break
        out.push(p)
        total++
      }
    }
    const ids: number[] = []
    for (let i = 0; i < Math.min(out.length, cap); i++) ids.push(this.ids[out[i]])
    return { ids, total: Math.min(total, limit) }
  }

  /** A product's page columns as of this index (undefined when unknown or not loaded with them). */
  page(id: number): PageColumns | undefined {
    return this.pageRows.get(id)
  }

  /** first position in byNorm whose catalog_norm is >= s */
  private lowerBound(s: string): number {
    let lo = 0
    let hi = this.size
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.norms[this.byNorm[mid]] < s) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /**
   * Positions (ascending = rank order) whose search_text holds every trigram of every literal: a superset
   * of the matches (each literal has at least 3 characters: ' x ' for a 1-letter whole word, '抗抗抗' for
   * one Chinese character). The two rarest lists are intersected; indexOf decides.
   */
  private candidates(lits: string[]): Int32Array {
    const lists: Int32Array[] = []
    const seen = new Set<number>()
    for (const lit of lits) {
      for (let i = 0; i + 3 <= lit.length; i++) {
        const t = tri(lit, i)
        if (seen.has(t)) continue
        seen.add(t)
        const l = this.postings.get(t)
        if (!l) return new Int32Array(0)
        lists.push(l)
      }
    }
    if (!lists.length) return Int32Array.from(this.ids.keys()) // not reached: literals have 3+ characters
    lists.sort((a, b) => a.length - b.length)
    let cur = lists[0]
    for (let k = 1; k < Math.min(lists.length, 3) && cur.length > 64; k++) cur = intersect(cur, lists[k])
    return cur
  }
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length))
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++
    else if (a[i] > b[j]) j++
    else {
      out[n++] = a[i]
      i++
      j++
    }
  }
  return out.subarray(0, n)
}

const PAGE_COLUMNS =
  'sku, catalog_number, title_en, title_zh, size, brand, image, list_price_cny, list_price_inr, lead_target'
const LOAD_SQL = `SELECT id, rank, category_id, catalog_norm, search_text, ${PAGE_COLUMNS} FROM products`
/**
 * A checksum of what the index reads (the ranking's columns and the page columns): any insert, delete or
 * change of these columns changes it. A separator between the columns, and '~' for NULL, keep one change
 * from hiding another.
 */
const STAMP_SQL = `SELECT count(*)::int AS n, coalesce(sum(hashtext(concat_ws(chr(1), id, rank, category_id, catalog_norm, search_text,
  sku, catalog_number, title_en, title_zh, size, brand, coalesce(image, '~'), coalesce(list_price_cny::text, '~'),
  coalesce(list_price_inr::text, '~'), lead_target))::bigint), 0)::text AS h FROM products`

export interface SearchIndexLoader {
  get(): Promise<SearchIndex>
  /** check the catalogue now (tests, imports): rebuilds when it changed, and waits for it */
  refresh(): Promise<SearchIndex>
}

export function createSearchIndexLoader(db: Kysely<DB>, ttlMs = CATALOG_TTL_MS): SearchIndexLoader {
  let current: { index: SearchIndex; stamp: string; checked: number } | null = null
  let loading: Promise<SearchIndex> | null = null

  const stamp = async () => {
    const [r] = await queryPrepared<{ n: number; h: string }>(db, 'catalog_search_index_stamp', STAMP_SQL, [])
    return `${r.n}:${r.h}`
  }
  const check = (): Promise<SearchIndex> => {
    loading ??= (async () => {
      try {
        const s = await stamp()
        if (current && current.stamp === s) {
          current.checked = Date.now()
          return current.index
        }
        const rows = await queryPrepared<LoadedRow>(db, 'catalog_search_index_load', LOAD_SQL, [])
        current = { index: new SearchIndex(rows), stamp: s, checked: Date.now() }
        return current.index
      } finally {
        loading = null
      }
    })()
    return loading
  }
  return {
    get() {
      if (!current) return check()
      if (Date.now() - current.checked >= ttlMs) {
        // in the background: this request and the next ones keep the index they have
        check().catch((e) => console.error(`[search index] refresh failed: ${(e as Error).message}`))
      }
      return Promise.resolve(current.index)
    },
    refresh: check,
  }
}
