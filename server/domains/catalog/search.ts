import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { ProductSearchResult } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import {
  pricingContext,
  summaryColumns,
  toSummary,
  type AccountPrice,
  type PricingContext,
  type SummaryRow,
} from './summary'
import { queryPrepared } from '../../db/prepared'
import { badRequest, createCache } from './common'
import { onCatalogueChange } from './freshness'
import { createSearchIndexLoader, type PageColumns, type SearchIndex } from './search-index'
import { catName, type CategoryIndexLoader } from './tree'
import { paging } from '../../lib/paging'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

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
 * 2-character queries (抗体, 试剂) have at least 3 characters. The ranking runs in memory over those columns
 * (search-index.ts: trigram posting lists, verified with indexOf = LIKE '%lit%'), and the page's rows come
 * from the same index; the database only gives a signed-in caller's account prices of the page, by id
 * (issue 10: the GIN index rechecked thousands of rows for broad words on every query).
 * Counting: the ranking stops at 1,001 matches: the total is exact up to 1,000 and otherwise reported as
 * 1,000 with `totalCapped` (the first 1,000 are served).
 * Caching (one minute; the catalogue changes with a seed or an import): each page per query, category,
 * language, currency and account, so a popular query costs no database query at all. (Prices in the cart
 * and from POST /product/price are always computed afresh.)
 * Terms are normalised (letters, digits, Chinese, spaces): no LIKE wildcard, no '~'; `like`/`title` are
 * the LIKE patterns the index reproduces (the equivalence test runs them as SQL).
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
  /** the literal both patterns look for */
  lit: string
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
    terms.push({ like: `%${lit}%`, title: `%${lit}%~%`, lit })
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

/**
 * The caller's account prices for a page's products (a named prepared statement on PostgreSQL): $1 ids,
 * $2 currency, $3 account id. Eligibility is decided before (pricingContext: accountId is null when the
 * caller sees no account prices), as in loadAccountPrices.
 */
const ACCOUNT_PRICES_SQL = `SELECT product_id, price, price_type FROM account_prices WHERE account_id = $3 AND currency = $2 AND product_id = ANY($1::int[])`

/** One product's result-page row in the caller's language and currency (summary.ts's choice of columns). */
function pageRow(id: number, c: PageColumns, ctx: PricingContext): SummaryRow {
  const { title, listPrice } = summaryColumns(ctx)
  return {
    id,
    sku: c.sku,
    catalog_number: c.catalog_number,
    title: title === 'p.title_en' ? c.title_en : c.title_zh,
    size: c.size,
    brand: c.brand,
    image: c.image,
    list_price: listPrice === 'p.list_price_inr' ? c.list_price_inr : c.list_price_cny,
    lead_target: c.lead_target,
  }
}

/**
 * One page of a query's matches, ranked, and their number (capped: TOTAL_CAP + 1 means "more"). The ranking
 * runs in memory (search-index.ts):
 *   tier 0: catalogue number exact or prefix (exact first);  tier 2: every word in the titles;
 *   tier 3: every word somewhere (attributes, brand, catalogue number) but not all in the titles;
 * ties by the catalogue's rank, then id. Only the first TOTAL_CAP matches are served (pages past them are
 * empty). The page's rows come from the index too (it holds what a result row shows, under the same
 * checksum): an anonymous search touches no database at all; a signed-in one asks only for its account
 * prices of the page's products.
 */
export async function searchPage(
  db: Kysely<DB>,
  index: SearchIndex,
  pq: ParsedQuery,
  scope: number[] | null,
  ctx: PricingContext,
  page: number,
  pageSize: number,
): Promise<SearchPage> {
  if (pq.terms.length === 0 && pq.catalog === null) return { total: 0, rows: [] }
  const offset = (page - 1) * pageSize
  const limit = Math.max(0, Math.min(pageSize, TOTAL_CAP - offset))
  const ranked = index.rank({ terms: pq.terms, catalog: pq.catalog }, scope, TOTAL_CAP)
  const ids = ranked.ids.slice(offset, offset + limit)
  if (!ids.length) return { total: ranked.total, rows: [] }
  const prices = new Map<number, AccountPrice>()
  if (ctx.accountId !== null) {
    const aps = await queryPrepared<{ product_id: number; price: number; price_type: AccountPrice['priceType'] }>(
      db,
      'catalog_search_account_prices',
      ACCOUNT_PRICES_SQL,
      [`{${ids.join(',')}}`, ctx.currency, ctx.accountId],
    )
    for (const a of aps) prices.set(a.product_id, { price: a.price, priceType: a.price_type })
  }
  const rows: SearchPage['rows'] = []
  for (const id of ids) {
    const c = index.page(id)
    if (c) rows.push({ row: pageRow(id, c, ctx), accountPrice: prices.get(id) ?? null })
  }
  return { total: ranked.total, rows }
}

type Suggestion = ProductSearchResult['suggestions'][number]
interface DictHit {
  term: string
  kind: 'term' | 'category'
  category_code: string | null
}

export function searchRoutes(app: FastifyInstance, db: Kysely<DB>, categories: CategoryIndexLoader) {
  // each page per (query, category, page, language, currency, account), refreshed each minute (account prices
  // change far less often; the cart and POST /product/price always price afresh)
  const pages = createCache<SearchPage>(4000)
  const index = createSearchIndexLoader(db)
  const dictionary = createCache<DictHit[]>(500)
  // a staff import: the next search sees it (the index is rebuilt before the import answers)
  onCatalogueChange(db, () => {
    pages.clear()
    dictionary.clear()
    return index.refresh()
  })

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

  serveEndpoint(app, catalogEndpoints.searchProducts, app.optionalUser, async (req) => {
    const { page, pageSize } = paging(req.query)
    const pq = parseSearchQuery(req.query.q)
    if (pq.terms.length === 0 && pq.catalog === null)
      throw badRequest('querystring/q must contain a word or a catalogue number')
    const idx = await categories.get()
    let scope: number[] | null = null
    const code = req.query.categoryCode || undefined
    if (code) scope = idx.byCode.get(code)?.scope ?? []

    const pctx = pricingContext(req)
    const found =
      scope && scope.length === 0
        ? { total: 0, rows: [] }
        : await pages.get(
            `${pq.key}|${code ?? ''}|${page}|${pageSize}|${pctx.language}|${pctx.currency}|${pctx.accountId ?? ''}`,
            async () => searchPage(db, await index.get(), pq, scope, pctx, page, pageSize),
          )
    const items = found.rows.map((x) => toSummary(x.row, pctx, x.accountPrice))

    const suggestions: Suggestion[] = []
    if (found.total === 0) {
      const lang = req.locale.language
      for (const t of await closeTerms(req.query.q)) {
        const cat = t.kind === 'category' && t.category_code ? idx.byCode.get(t.category_code) : undefined
        if (cat) {
          if (!suggestions.some((s) => s.categoryCode === cat.code))
            suggestions.push({ text: catName(cat, lang), kind: 'category', categoryCode: cat.code })
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
