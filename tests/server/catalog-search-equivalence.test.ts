/**
 * Search gives the same results and ranking as the issue-3 implementation (issue 10 rewrote it for speed).
 *
 * `referenceSearch` below is that implementation, kept verbatim in spirit: the 3-branch UNION ALL on
 * `search_text` (titles before the '~' marker), the ranked ids of the first 1,000 matches, the page's
 * catalogue rows and the caller's account prices fetched by id. For some two thousand realistic queries
 * (catalogue numbers exact / prefix / lower-case / without '-', English words, Chinese terms of 1-3
 * characters, multi-word queries, 1-2 letter whole words; with and without a category; pages 1-3 and a
 * page past the cap; English and Chinese; anonymous and an approved account) the route must answer the
 * same items in the same order, the same total and totalCapped, and suggestions only when nothing matched.
 * No fixture: the expected answer is computed from the seeded database on each run (PGlite, and PostgreSQL
 * when DATABASE_URL is set).
 */
import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import type { ProductSearchResult } from '../../types'
import { parseSearchQuery, TOTAL_CAP, type ParsedQuery } from '../../server/domains/catalog/search'
import { computePrice } from '../../server/domains/catalog/pricing'
import { toMajor } from '../../types/money'
import { DEMO_USERS } from '../../server/db/seed'
import { describeEachDb, tokenFor, auth } from './helpers'

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&')

/** The issue-3 ranking: ids of the first TOTAL_CAP matches, best first, and the count up to TOTAL_CAP + 1. */
async function referenceRanking(
  db: Kysely<DB>,
  pq: ParsedQuery,
  scope: number[] | null,
): Promise<{ ids: number[]; total: number }> {
  const LIMIT = TOTAL_CAP + 1
  const inScope = scope ? sql`AND p.category_id IN (${sql.join(scope)})` : sql``
  const all = (k: 'like' | 'title') =>
    sql<boolean>`(${sql.join(
      pq.terms.map((t) => sql`p.search_text LIKE ${t[k]}`),
      sql` AND `,
    )})`
  const prefix = pq.catalog !== null ? sql<boolean>`p.catalog_norm LIKE ${likeEscape(pq.catalog) + '%'}` : null
  const notPrefix = prefix ? sql`AND NOT ${prefix}` : sql``
  const branches = []
  if (prefix) {
    branches.push(sql`(SELECT p.id, 0 AS tier, row_number() OVER (ORDER BY p.catalog_norm = ${pq.catalog} DESC, p.rank DESC, p.id) AS o
      FROM products p WHERE ${prefix} ${inScope})`)
  }
  if (pq.terms.length) {
    branches.push(
      sql`(SELECT p.id, 2 AS tier, row_number() OVER (ORDER BY p.rank DESC, p.id) AS o FROM products p WHERE ${all('title')} ${notPrefix} ${inScope})`,
    )
    branches.push(
      sql`(SELECT p.id, 3 AS tier, row_number() OVER (ORDER BY p.rank DESC, p.id) AS o FROM products p WHERE ${all('like')} AND NOT ${all('title')} ${notPrefix} ${inScope})`,
    )
  }
  if (!branches.length) return { ids: [], total: 0 }
  // straightforward: every match, sorted in full (no early stop), then cut in JavaScript
  const { rows } = await sql<{
    id: number
  }>`SELECT m.id FROM (${sql.join(branches, sql` UNION ALL `)}) m ORDER BY m.tier, m.o`.execute(db)
  return { ids: rows.slice(0, TOTAL_CAP).map((r) => r.id), total: Math.min(rows.length, LIMIT) }
}

interface Case {
  q: string
  categoryCode?: string
  page: number
  pageSize: number
  lang: 'en' | 'cn'
  account: boolean
}

/** Realistic queries drawn from the seeded catalogue and dictionary, deterministic (fixed seed). */
async function cases(db: Kysely<DB>, n: number): Promise<Case[]> {
  const d = db as any
  const cats: string[] = (await d.selectFrom('products').select('catalog_number').orderBy('id').execute()).map(
    (r: any) => r.catalog_number,
  )
  const terms: { term: string; language: string }[] = await d
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
        .flatMap((t) => [t.term.slice(0, 1), t.term.slice(0, 2), t.term.slice(0, 3)])
        .filter((t) => /^[\u4e00-\u9fff]{1,3}$/.test(t)),
    ),
  ]
  const codes: string[] = (await d.selectFrom('categories').select('code').orderBy('id').execute()).map(
    (r: any) => r.code,
  )
  const fixed = [
    'PE',
    'ha',
    'MA1-',
    'MA1-1',
    '11-4031 82',
    'mouse igg1',
    'Anti-CD3',
    'FITC',
    'human',
    '抗体',
    '试剂',
    '酶',
    'antibody',
    'alexa fluor 488',
    'trizol',
    'antibdy',
    '抗休',
    'cd 4',
    'igg',
    'x',
  ]
  let h = 20261123
  const rnd = () => (h = (Math.imul(h ^ (h >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 4294967296
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]
  const out: Case[] = []
  for (let i = 0; out.length < n; i++) {
    let q: string
    if (i < fixed.length) q = fixed[i]
    else {
      const x = rnd()
      if (x < 0.4) {
        const c = pick(cats)
        const y = rnd()
        q =
          y < 0.3
            ? c
            : y < 0.5
              ? c.toLowerCase()
              : y < 0.7
                ? c.replace(/-/g, '')
                : c.slice(0, 2 + Math.floor(rnd() * 5))
      } else if (x < 0.7) q = pick(en)
      else if (x < 0.9) q = pick(zh)
      else q = `${pick(en)} ${rnd() < 0.5 ? pick(en) : pick(zh)}`
    }
    const y = rnd()
    out.push({
      q,
      categoryCode: rnd() < 0.33 ? pick(codes) : undefined,
      page: y < 0.5 ? 1 : y < 0.75 ? 2 : y < 0.97 ? 3 : 51,
      pageSize: rnd() < 0.8 ? 20 : 50,
      lang: rnd() < 0.5 ? 'en' : 'cn',
      account: rnd() < 0.25,
    })
  }
  return out
}

describeEachDb('search: same results and ranking as the reference implementation', (ctx) => {
  it('about two thousand realistic queries: same items, order, total, totalCapped; suggestions only for no match', async () => {
    const db = ctx().db
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const acc = await db
      .selectFrom('users')
      .select('account_id')
      .where('user_name', '=', DEMO_USERS.approvedCn)
      .executeTakeFirstOrThrow()
    const catRows = await db.selectFrom('categories').select(['id', 'code', 'parent_id']).execute()
    const scopeOf = (code: string): number[] => {
      const root = catRows.find((c) => c.code === code)
      if (!root) return []
      const s = [root.id]
      for (let i = 0; i < s.length; i++) for (const c of catRows) if (c.parent_id === s[i]) s.push(c.id)
      return s
    }
    let matched = 0
    let capped = 0
    let empty = 0
    for (const c of await cases(db, 2000)) {
      const pq = parseSearchQuery(c.q)
      const url = `/api/product/search?q=${encodeURIComponent(c.q)}&page=${c.page}&pageSize=${c.pageSize}${c.categoryCode ? `&categoryCode=${c.categoryCode}` : ''}`
      const res = await ctx().app.inject({ url, headers: { languagecode: c.lang, ...(c.account ? auth(token) : {}) } })
      if (pq.terms.length === 0 && pq.catalog === null) {
        assert.equal(res.statusCode, 400, url)
        continue
      }
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
      const got = res.json().data as ProductSearchResult
      const scope = c.categoryCode ? scopeOf(c.categoryCode) : null
      const ref = scope && scope.length === 0 ? { ids: [], total: 0 } : await referenceRanking(db, pq, scope)
      const pageIds = ref.ids.slice((c.page - 1) * c.pageSize, c.page * c.pageSize)
      const rows = pageIds.length
        ? await db
            .selectFrom('products as p')
            .leftJoin('account_prices as ap', (j) =>
              j
                .onRef('ap.product_id', '=', 'p.id')
                .on('ap.account_id', '=', c.account ? acc.account_id! : -1)
                .on('ap.currency', '=', 'CNY'),
            )
            .select([
              'p.id',
              'p.catalog_number',
              'p.title_en',
              'p.title_zh',
              'p.list_price_cny',
              'ap.price',
              'ap.price_type',
            ])
            .where('p.id', 'in', pageIds)
            .execute()
        : []
      const byId = new Map(rows.map((r) => [r.id, r]))
      const want = pageIds.map((id) => {
        const r = byId.get(id)!
        const price = computePrice(
          r.list_price_cny,
          r.price === null ? null : { price: r.price, priceType: r.price_type! },
        )
        return {
          catalogNumber: r.catalog_number,
          productTitle: c.lang === 'en' ? r.title_en : r.title_zh,
          listPrice: r.list_price_cny === null ? null : toMajor(r.list_price_cny),
          price,
        }
      })
      const what = `${url} (${c.lang}${c.account ? ', approved.cn' : ''})`
      assert.deepEqual(
        got.items.map((x) => ({
          catalogNumber: x.catalogNumber,
          productTitle: x.productTitle,
          listPrice: x.listPrice,
          price: x.price,
        })),
        want,
        what,
      )
      assert.equal(got.total, Math.min(ref.total, TOTAL_CAP), what)
      assert.equal(got.totalCapped, ref.total > TOTAL_CAP, what)
      assert.equal(got.page, c.page)
      assert.equal(got.pageSize, c.pageSize)
      if (ref.total === 0) {
        assert.ok(got.suggestions.length > 0, `${what}: suggestions when nothing matched`)
        // the close dictionary entries, as the issue-3 query found them: terms in order, categories present
        const text = c.q.trim().toLowerCase().slice(0, 100)
        const { rows: hits } = await sql<{
          term: string
          kind: string
          category_code: string | null
        }>`SELECT term, kind, category_code FROM catalog_search_terms
          WHERE similarity(lower(term), ${text}) >= 0.2 ORDER BY similarity(lower(term), ${text}) DESC, weight DESC, term LIMIT 5`.execute(
          db,
        )
        const terms: string[] = []
        for (const t of hits)
          if (
            (t.kind !== 'category' || !t.category_code) &&
            !terms.some((x) => x.toLowerCase() === t.term.toLowerCase())
          )
            terms.push(t.term)
        assert.deepEqual(
          got.suggestions.filter((x) => x.kind === 'term').map((x) => x.text),
          terms,
          what,
        )
        for (const t of hits)
          if (t.kind === 'category' && t.category_code)
            assert.ok(
              got.suggestions.some((x) => x.categoryCode === t.category_code),
              `${what}: category ${t.category_code}`,
            )
        empty++
      } else assert.deepEqual(got.suggestions, [], what)
      if (ref.total > 0) matched++
      if (ref.total > TOTAL_CAP) capped++
    }
    // the mix must exercise every case (not only misses)
    assert.ok(matched > 1000 && capped >= 5 && empty > 10, `matched ${matched}, capped ${capped}, empty ${empty}`)
  })
})
