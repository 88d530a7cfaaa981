import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ProductSearchQuerySchema, type ProductSearchResult } from '../../../types'
import { ok } from '../../errors'
import { pricingContext, toSummary, type AccountPrice, type PricingContext, type SummaryRow } from './summary'
import { queryPrepared } from '../../db/prepared'
import { badRequest, createCache } from './common'
import { catName, type CategoryIndexLoader } from './tree'
import { ProductSearchResultSchema } from '../../../types'
import { okReply } from '../../lib/openapi'

/**
 * Product search (spec section 2: search, with no-result pages).
 *
 * What matches: the whole query as a catalogue number (exact or prefix, case-insensitive, '-' and spaces
 * ignored), or every word of the query (AND) in the English or Chinese title, the catalogue number, the
 * brand or the searchable attribute values (Conjugate, Host Species, Reactivity, ...).
 * Ranking: exact catalogue number, then catalogue-number prefix, then products whose titles hold every
 * word, then the rest (attribute / brand matches); ties by the catalogue's rank, then id (stable).
 *
 * How: `products.search_text` (migration 0003) is normalised by catalog_search_norm(); `searchNorm` below
 * is the same function in TypeScript (a test checks they agree). Words of 1-2 ASCII characters are
 * whole words (' pe '), everything else a substring; Chinese characters are tripled on both sides so
 * 2-character queries (抗体, 试剂) have trigrams. One trigram GIN index serves all of it.
 * Counting: the ranking stops at 1,001 rows, so no query counts a broad match in full: the total is exact
 * up to 1,000 and otherwise reported as 1,000 with `totalCapped` (the first 1,000 are served).
 * One round trip per page (issue 10): ranking, count, the page's catalogue rows and the caller's account
 * prices come from one statement (searchPage), a named prepared statement on PostgreSQL; only the page's
 * rows leave the database.
 * Caching (one minute; the catalogue changes with a seed or an import): each page per query, category,
 * language, currency and account, so a popular query costs no database query at all. (Prices in the cart
 * and from POST /product/price are always computed afresh.)
 * Terms reach LIKE patterns only after normalisation (letters, digits, Chinese, spaces): no wildcards.
 */

export const TOTAL_CAP = 1000
const MAX_TERMS = 8
const CJK = /[\u4e00-\u9fff]/

/** TypeScript twin of the SQL function catalog_search_norm() (migration 0003). */
export function searchNorm(t: string): string {
  return t
    .toLowerCase()
    .replace(/([\u4e00-\u9fff])/g, '$1$1$1')
    .replace(/([a-z])(?=[0-9])|([0-9])(?=[a-z])/g, (_m, a: string | undefined, b: string | undefined) => `${a ?? b} `)
    .replace(/[^a-z0-9\u4e00-\u9fff]+/g, ' ')
    .replace(/^ +| +$/g, '')
}

/** Twin of `translate(lower(catalog_number), '- ', '')`. */
export const catalogNorm = (t: string) => t.toLowerCase().replace(/[- ]/g, '')

export interface SearchTerm {
  /** LIKE pattern on search_text: the term anywhere */
  like: string
  /** LIKE pattern on search_text: the term in the titles (before the one '~', the titles/rest marker) */
  title: string
}

export interface ParsedQuery {
  terms: SearchTerm[]
  /** normalised catalogue number candidate, or null when the query cannot be one */
  catalog: string | null
  key: string
}

export function parseSearchQuery(q: string): ParsedQuery {
  const terms: SearchTerm[] = []
  const seen = new Set<string>()
  for (const raw of q.trim().split(/\s+/)) {
    const n = searchNorm(raw)
    if (!n || seen.has(n)) continue
    seen.add(n)
    const whole = !CJK.test(n) && n.replace(/ /g, '').length <= 2
    const lit = whole ? ` ${n} ` : n
    terms.push({ like: `%${lit}%`, title: `%${lit}%~%` })
    if (terms.length === MAX_TERMS) break
  }
  const cn = catalogNorm(q.trim())
  // a catalogue number has a digit or is at least 4 characters long ('MA1', 'cmax'); not 'pe' or 'ha'
  const catalog = /^[a-z0-9._/]+$/.test(cn) && (/[0-9]/.test(cn) ? cn.length >= 2 : cn.length >= 4) ? cn : null
  return { terms, catalog, key: `${catalog ?? ''}\u0001${terms.map((t) => t.like).join('\u0002')}` }
}

export interface SearchPage {
  /** number of matches, up to TOTAL_CAP + 1 (= more than TOTAL_CAP) */
  total: number
  /** the page's catalogue rows, best first, each with the caller's account price (if any) */
  rows: { row: SummaryRow; accountPrice: AccountPrice | null }[]
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&')

/** The range of catalogue numbers that start with `prefix` (letters, digits, . _ /), for text_pattern_ops. */
function prefixRange(prefix: string): [string, string] {
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)]
}

/** SQL text per statement shape (catalogue-number prefix or not, number of words, category or not). */
const statements = new Map<string, string>()

export function searchStatement(prefix: boolean, nTerms: number, scoped: boolean): string {
  const key = `${prefix ? 1 : 0}_${nTerms}_${scoped ? 1 : 0}`
  let text = statements.get(key)
  if (text) return text
  // $1 offset, $2 limit, $3 language, $4 currency, $5 account id (or null), then the category ids (when
  // scoped), the catalogue number (exact, prefix range) and per word its LIKE pattern and its title pattern
  let n = 5
  const inScope = scoped ? `AND p.category_id = ANY($${++n}::int[])` : ''
  const cat = prefix ? { exact: `$${++n}`, lo: `$${++n}`, hi: `$${++n}`, like: `$${++n}` } : null
  const terms = Array.from({ length: nTerms }, () => ({ like: `$${++n}`, title: `$${++n}` }))
  const inTitles = terms.map((t) => `p.search_text LIKE ${t.title}`).join(' AND ')
  const anywhere = terms.map((t) => `p.search_text LIKE ${t.like}`).join(' AND ')
  // the prefix as a range for the index (a LIKE parameter cannot use it in a generic plan), and as a LIKE
  // where it only filters (its estimate keeps the fast-start plan of the title branch for broad words)
  const prefixCond = cat ? `(p.catalog_norm ~>=~ ${cat.lo} AND p.catalog_norm ~<~ ${cat.hi})` : ''
  const notPrefix = cat ? `AND p.catalog_norm NOT LIKE ${cat.like}` : ''
  const LIMIT = TOTAL_CAP + 1
  const branches: string[] = []
  if (cat) {
    branches.push(`(SELECT p.id, 0 AS tier, p.catalog_norm = ${cat.exact} AS ex, p.rank FROM products p WHERE ${prefixCond} ${inScope}
      ORDER BY 3 DESC, p.rank DESC, p.id LIMIT ${LIMIT})`)
  }
  if (nTerms) {
    branches.push(`(SELECT p.id, 2 AS tier, false AS ex, p.rank FROM products p WHERE ${inTitles} ${notPrefix} ${inScope} ORDER BY p.rank DESC, p.id LIMIT ${LIMIT})`)
    // 'rank + 0': collect these few through the trigram index and sort them; the planner cannot know that
    // most matches of a word were title matches (e.g. 'alexa') and would walk the whole rank index for them
    branches.push(`(SELECT p.id, 3 AS tier, false AS ex, p.rank FROM products p WHERE ${anywhere} AND NOT (${inTitles}) ${notPrefix} ${inScope}
      ORDER BY p.rank + 0 DESC, p.id LIMIT ${LIMIT})`)
  }
  // PostgreSQL runs the branches of the UNION ALL in order and stops at the outer limit; the page is cut
  // from those (at most TOTAL_CAP + 1) rows, and only its rows are joined with titles, list and account prices
  // (a subquery, not a CTE: under a CTE the planner drops the fast-start plans of the branches and sorts
  // every match of a broad word)
  text = `SELECT w.total, p.id, p.sku, p.catalog_number, CASE WHEN $3 = 'en' THEN p.title_en ELSE p.title_zh END AS title, p.size, p.brand, p.image,
  CASE WHEN $4 = 'INR' THEN p.list_price_inr ELSE p.list_price_cny END AS list_price, p.lead_target,
  ap.price AS ap_price, ap.price_type AS ap_price_type
FROM (
  SELECT m.id, m.tier, m.ex, m.rank, count(*) OVER () AS total
  FROM (SELECT u.id, u.tier, u.ex, u.rank FROM (${branches.join(' UNION ALL ')}) u LIMIT ${LIMIT}) m
  ORDER BY m.tier, m.ex DESC, m.rank DESC, m.id OFFSET $1 LIMIT $2
) w
JOIN products p ON p.id = w.id
LEFT JOIN account_prices ap ON ap.account_id = $5 AND ap.product_id = p.id AND ap.currency = $4
ORDER BY w.tier, w.ex DESC, w.rank DESC, w.id`
  statements.set(key, text)
  return text
}

/**
 * One page of a query's matches, ranked, and their number (capped: TOTAL_CAP + 1 means "more"), in one
 * round trip: one statement (a named prepared statement on PostgreSQL) per shape of query. Ranking:
 *   tier 0: catalogue number exact or prefix (exact first);  tier 2: every word in the titles;
 *   tier 3: every word somewhere (attributes, brand, catalogue number) but not all in the titles;
 * ties by the catalogue's rank, then id. Only the first TOTAL_CAP matches are served (pages past them are empty).
 */
export async function searchPage(db: Kysely<DB>, pq: ParsedQuery, scope: number[] | null, ctx: PricingContext, page: number, pageSize: number): Promise<SearchPage> {
  if (pq.terms.length === 0 && pq.catalog === null) return { total: 0, rows: [] }
  const offset = (page - 1) * pageSize
  const limit = Math.max(0, Math.min(pageSize, TOTAL_CAP - offset))
  const values: unknown[] = [offset, limit, ctx.language, ctx.currency, ctx.accountId]
  if (scope) values.push(`{${scope.join(',')}}`)
  if (pq.catalog !== null) values.push(pq.catalog, ...prefixRange(pq.catalog), likeEscape(pq.catalog) + '%')
  for (const t of pq.terms) values.push(t.like, t.title)
  const text = searchStatement(pq.catalog !== null, pq.terms.length, scope !== null)
  const name = `catalog_search_${pq.catalog !== null ? 1 : 0}_${pq.terms.length}_${scope ? 1 : 0}`
  const result = await queryPrepared<SearchRow>(db, name, text, values)
  if (result.length === 0 && offset > 0) {
    // a page past the last match has no row to carry the count: count with the first row (rare)
    const first = await queryPrepared<SearchRow>(db, name, text, [0, 1, ...values.slice(2)])
    return { total: first[0]?.total ?? 0, rows: [] }
  }
  const rows: SearchPage['rows'] = []
  for (const r of result) {
    rows.push({
      row: { id: r.id, sku: r.sku, catalog_number: r.catalog_number, title: r.title, size: r.size, brand: r.brand, image: r.image, list_price: r.list_price, lead_target: r.lead_target },
      accountPrice: r.ap_price === null ? null : { price: r.ap_price, priceType: r.ap_price_type! },
    })
  }
  return { total: result[0]?.total ?? 0, rows }
}

interface SearchRow extends SummaryRow {
  total: number
  ap_price: number | null
  ap_price_type: AccountPrice['priceType'] | null
}

type Suggestion = ProductSearchResult['suggestions'][number]
interface DictHit {
  term: string
  kind: 'term' | 'category'
  category_code: string | null
}

export function searchRoutes(app: FastifyInstance, db: Kysely<DB>, categories: CategoryIndexLoader) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  // each page per (query, category, page, language, currency, account), refreshed each minute (account prices
  // change far less often; the cart and POST /product/price always price afresh)
  const pages = createCache<SearchPage>(4000)
  const dictionary = createCache<DictHit[]>(500)

  /**
   * Close catalogue terms, brands and categories (trigram similarity over the small dictionary). `%` lets the
   * trigram index pick the candidates (its threshold, pg_trgm.similarity_threshold, is set just below 0.2 by
   * server/db/prepared.ts), `similarity() >= 0.2` decides as before: without it every term was compared.
   */
  function closeTerms(q: string): Promise<DictHit[]> {
    const text = q.trim().toLowerCase().slice(0, 100)
    return dictionary.get(text, () =>
      queryPrepared<DictHit>(
        db,
        'catalog_close_terms',
        `SELECT term, kind, category_code FROM catalog_search_terms WHERE lower(term) % $1 AND similarity(lower(term), $1) >= 0.2
         ORDER BY similarity(lower(term), $1) DESC, weight DESC, term LIMIT 5`,
        [text],
      ),
    )
  }

  r.get('/product/search', { preHandler: app.optionalUser, schema: { querystring: ProductSearchQuerySchema, response: okReply(ProductSearchResultSchema) } }, async (req) => {
    const page = req.query.page ?? 1
    const pageSize = req.query.pageSize ?? 20
    const pq = parseSearchQuery(req.query.q)
    if (pq.terms.length === 0 && pq.catalog === null) throw badRequest('querystring/q must contain a word or a catalogue number')
    const idx = await categories.get()
    let scope: number[] | null = null
    const code = req.query.categoryCode || undefined
    if (code) scope = idx.byCode.get(code)?.scope ?? []

    const pctx = pricingContext(req)
    const found =
      scope && scope.length === 0
        ? { total: 0, rows: [] }
        : await pages.get(`${pq.key}|${code ?? ''}|${page}|${pageSize}|${pctx.language}|${pctx.currency}|${pctx.accountId ?? ''}`, () => searchPage(db, pq, scope, pctx, page, pageSize))
    const items = found.rows.map((x) => toSummary(x.row, pctx, x.accountPrice))

    const suggestions: Suggestion[] = []
    if (found.total === 0) {
      const lang = req.locale.language
      for (const t of await closeTerms(req.query.q)) {
        const cat = t.kind === 'category' && t.category_code ? idx.byCode.get(t.category_code) : undefined
        if (cat) {
          if (!suggestions.some((s) => s.categoryCode === cat.code)) suggestions.push({ text: catName(cat, lang), kind: 'category', categoryCode: cat.code })
        } else if (!suggestions.some((s) => s.kind === 'term' && s.text.toLowerCase() === t.term.toLowerCase())) {
          suggestions.push({ text: t.term, kind: 'term' })
        }
      }
      // and the popular categories (most products) to browse instead
      let popular = 0
      for (const cat of idx.popularLeaves) {
        if (popular === 3) break
        if (suggestions.some((s) => s.categoryCode === cat.code)) continue
        suggestions.push({ text: catName(cat, lang), kind: 'category', categoryCode: cat.code })
        popular++
      }
    }
    const data: ProductSearchResult = {
      items,
      page,
      pageSize,
      total: Math.min(found.total, TOTAL_CAP),
      totalCapped: found.total > TOTAL_CAP,
      suggestions,
    }
    return ok(data)
  })
}
