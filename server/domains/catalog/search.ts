import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ProductSearchQuerySchema, type ProductSearchResult } from '../../../types'
import { ok } from '../../errors'
import { loadAccountPrices, pricingContext, summaryRowsByIds, toSummary, type AccountPrice, type SummaryRow } from './summary'
import { asCatalogDb, badRequest, createCache } from './common'
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
 * Caching (one minute; the catalogue changes with a seed or an import): the ranked ids per (query,
 * category), each page's catalogue rows, and per account a page's account prices, so a popular query costs
 * no database query at all. (Prices in the cart and from POST /product/price are always computed afresh.)
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

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&')

export interface RankedMatches {
  /** ids of the first TOTAL_CAP matches, best first */
  ids: Int32Array
  /** number of matches, up to TOTAL_CAP + 1 (= more than TOTAL_CAP) */
  total: number
}

/**
 * All matches of a query, ranked, as ids (the first TOTAL_CAP of them) and their number (capped: TOTAL_CAP + 1
 * means "more"). One statement, one round trip: a UNION ALL of one query per tier, each in catalogue rank
 * order with its own limit, under an outer limit of TOTAL_CAP + 1. PostgreSQL runs the branches in order and
 * stops when the outer limit is reached, so a broad word ends after its first 1,001 title matches (walking
 * the rank index) and never sorts thousands of rows or counts them all:
 *   tier 0: catalogue number exact or prefix (exact first);  tier 2: every word in the titles;
 *   tier 3: every word somewhere (attributes, brand, catalogue number) but not all in the titles.
 */
export async function rankedMatches(db: Kysely<DB>, pq: ParsedQuery, scope: number[] | null): Promise<RankedMatches> {
  const LIMIT = TOTAL_CAP + 1
  const inScope = scope ? sql`AND p.category_id IN (${sql.join(scope)})` : sql``
  const all = (k: 'like' | 'title') => sql<boolean>`(${sql.join(pq.terms.map((t) => sql`p.search_text LIKE ${t[k]}`), sql` AND `)})`
  const prefix = pq.catalog !== null ? sql<boolean>`p.catalog_norm LIKE ${likeEscape(pq.catalog) + '%'}` : null
  const notPrefix = prefix ? sql`AND NOT ${prefix}` : sql``
  const branches = []
  if (prefix) {
    branches.push(sql`(SELECT p.id, 0 AS tier FROM products p WHERE ${prefix} ${inScope}
      ORDER BY p.catalog_norm = ${pq.catalog} DESC, p.rank DESC, p.id LIMIT ${LIMIT})`)
  }
  if (pq.terms.length) {
    branches.push(sql`(SELECT p.id, 2 AS tier FROM products p WHERE ${all('title')} ${notPrefix} ${inScope}
      ORDER BY p.rank DESC, p.id LIMIT ${LIMIT})`)
    // 'rank + 0': collect these few through the trigram index and sort them; the planner cannot know that
    // most matches of a word were title matches (e.g. 'alexa') and would walk the whole rank index for them
    branches.push(sql`(SELECT p.id, 3 AS tier FROM products p WHERE ${all('like')} AND NOT ${all('title')} ${notPrefix} ${inScope}
      ORDER BY p.rank + 0 DESC, p.id LIMIT ${LIMIT})`)
  }
  if (!branches.length) return { ids: new Int32Array(0), total: 0 }
  const { rows } = await sql<{ id: number; tier: number }>`SELECT m.id, m.tier FROM (${sql.join(branches, sql` UNION ALL `)}) m LIMIT ${LIMIT}`.execute(db)
  // branches come out in order (Append); keep that guaranteed even if a future plan interleaves them
  const ordered = rows.every((r, i) => i === 0 || rows[i - 1].tier <= r.tier) ? rows : rows.map((r, i) => ({ ...r, i })).sort((a, b) => a.tier - b.tier || a.i - b.i)
  return { ids: Int32Array.from(ordered.slice(0, TOTAL_CAP), (r) => r.id), total: rows.length }
}

type Suggestion = ProductSearchResult['suggestions'][number]
interface DictHit {
  term: string
  kind: 'term' | 'category'
  category_code: string | null
}

export function searchRoutes(app: FastifyInstance, db: Kysely<DB>, categories: CategoryIndexLoader) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const cdb = asCatalogDb(db)
  // ranked ids per (query, category): every page of a query comes from one ranking, refreshed each minute
  const ranked = createCache<RankedMatches>(1000)
  // and the catalogue data of each page (title, list price: per language and currency); prices per caller
  const pageRows = createCache<SummaryRow[]>(2000)
  // account prices of a page, per account (they change far less often than once a minute; the cart and
  // POST /product/price always price afresh)
  const pagePrices = createCache<Map<number, AccountPrice>>(4000)
  const dictionary = createCache<DictHit[]>(500)

  /** Close catalogue terms, brands and categories (trigram similarity over the small dictionary). */
  function closeTerms(q: string): Promise<DictHit[]> {
    const text = q.trim().toLowerCase().slice(0, 100)
    return dictionary.get(text, () =>
      cdb
        .selectFrom('catalog_search_terms')
        .select(['term', 'kind', 'category_code'])
        .where(sql<boolean>`similarity(lower(term), ${text}) >= 0.2`)
        .orderBy(sql`similarity(lower(term), ${text})`, 'desc')
        .orderBy('weight', 'desc')
        .orderBy('term')
        .limit(5)
        .execute(),
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

    const found = scope && scope.length === 0 ? { ids: new Int32Array(0), total: 0 } : await ranked.get(`${pq.key}|${code ?? ''}`, () => rankedMatches(db, pq, scope))
    const pctx = pricingContext(req)
    const pageIds = Array.from(found.ids.subarray((page - 1) * pageSize, page * pageSize))
    const pageKey = `${pq.key}|${code ?? ''}|${page}|${pageSize}`
    const rows = pageIds.length ? await pageRows.get(`${pageKey}|${pctx.language}|${pctx.currency}`, () => summaryRowsByIds(db, pctx, pageIds)) : []
    const aps =
      pctx.accountId !== null && rows.length
        ? await pagePrices.get(`${pageKey}|${pctx.accountId}|${pctx.currency}`, () => loadAccountPrices(db, pctx, rows.map((x) => x.id)))
        : new Map<number, AccountPrice>()
    const items = rows.map((x) => toSummary(x, pctx, aps.get(x.id) ?? null))

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
