import type { FastifyInstance } from 'fastify'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from '../../db/schema'
import type {
  DualOriginItem,
  DualOriginList,
  SelectionFacet,
  SelectionFacets,
  SelectionFilter,
  SelectionResult,
} from '../../../types'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { toMajor } from '../../../types/money'
import { loadAccountPrices, pricingContext, summariesByIds, summarySelection, toSummary } from './summary'
import { asCatalogDb, badRequest, createCache } from './common'
import { onCatalogueChange } from './freshness'
import { ATTRIBUTE_NAMES_ZH, MULTI_VALUED_ATTRIBUTES, SURCHARGE_REASONS } from './labels'
import type { CategoryIndex, CategoryIndexLoader } from './tree'
import { isStorableText, unstorableTextError } from '../../lib/storable-text'
import { paging } from '../../lib/paging'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

/**
 * Selection tools (spec section 2): pick attribute values (Host Species, Reactivity, Conjugate,
 * Applications, ...) within a category and see the matching products. Values come from the products'
 * own attributes (table product_attribute_values; multi-valued attributes split into single values).
 * And the dual-origin / surcharge list: products sold both imported and locally made, or carrying a
 * surcharge (dry ice, cold chain, hazardous goods, oversize freight).
 */

export const MAX_FILTERS = 12
/** attributes that describe the unit rather than select a product */
const NOT_FACETS = new Set(['Voltage', 'Warranty'])
const FACET_ORDER = [
  'Host Species',
  'Reactivity',
  'Conjugate',
  'Applications',
  'Clonality',
  'Target Species',
  'Label',
  'Grade',
  'Purity',
  'Material',
  'Sterility',
]
const MAX_FACET_VALUES = 50

function filterError(): never {
  throw badRequest(
    'querystring/filters must be JSON ({"Host Species":["Mouse"]} or [{"name":...,"value":...}]) or repeated name:value',
  )
}

/**
 * Accepts JSON (object of name -> value(s), or array of {name, value}) or repeated `name:value`.
 * JSON escapes can spell characters the URL check (server/lib/storable-text.ts) never saw: checked again here.
 */
export function parseFilters(raw: string | string[] | undefined, language?: string): SelectionFilter[] {
  if (raw === undefined) return []
  const pairs: [unknown, unknown][] = []
  const list = Array.isArray(raw) ? raw : [raw]
  for (const entry of list) {
    const s = entry.trim()
    if (!s) continue
    if (s.startsWith('{') || s.startsWith('[')) {
      let v: unknown
      try {
        v = JSON.parse(s)
      } catch {
        filterError()
      }
      if (Array.isArray(v)) {
        for (const f of v) {
          if (!f || typeof f !== 'object') filterError()
          pairs.push([(f as { name?: unknown }).name, (f as { value?: unknown }).value])
        }
      } else if (v && typeof v === 'object') {
        for (const [name, value] of Object.entries(v)) {
          if (Array.isArray(value)) for (const x of value) pairs.push([name, x])
          else pairs.push([name, value])
        }
      } else filterError()
    } else {
      const at = s.indexOf(':')
      if (at <= 0) filterError()
      pairs.push([s.slice(0, at), s.slice(at + 1)])
    }
  }
  const out: SelectionFilter[] = []
  const seen = new Set<string>()
  for (const [name, value] of pairs) {
    if (typeof name !== 'string' || typeof value !== 'string') filterError()
    const n = name.trim()
    const v = value.trim()
    if (!n || !v || n.length > 60 || v.length > 100)
      throw badRequest('querystring/filters: names must be 1-60 and values 1-100 characters')
    if (!isStorableText(n) || !isStorableText(v)) throw unstorableTextError('querystring/filters', language)
    const k = `${n}\u0000${v}`
    if (seen.has(k)) continue
    seen.add(k)
    out.push({ name: n, value: v })
  }
  if (out.length > MAX_FILTERS) throw badRequest(`querystring/filters must choose at most ${MAX_FILTERS} values`)
  return out
}

function scopeOf(idx: CategoryIndex, code: string | undefined): { code: string | null; ids: number[] | null } {
  if (!code) return { code: null, ids: null }
  const cat = idx.byCode.get(code)
  if (!cat) throw new ApiError(404, 'NOT_FOUND', `Category '${code}' not found`)
  return { code, ids: cat.scope }
}

/** `p` has every chosen value (primary-key probes of product_attribute_values). */
function hasAll(filters: SelectionFilter[]): RawBuilder<boolean>[] {
  return filters.map(
    (f) =>
      sql<boolean>`EXISTS (SELECT 1 FROM product_attribute_values f WHERE f.name = ${f.name} AND f.value = ${f.value} AND f.product_id = p.id)`,
  )
}

export function selectionRoutes(app: FastifyInstance, db: Kysely<DB>, categories: CategoryIndexLoader) {
  const cdb = asCatalogDb(db)
  const facetCache = createCache<{ total: number; rows: { name: string; value: string; n: number }[] }>(500)
  const dualTotals = createCache<number>(4)
  onCatalogueChange(db, () => {
    facetCache.clear()
    dualTotals.clear()
  })

  function matching(scope: number[] | null, filters: SelectionFilter[]) {
    let q = cdb.selectFrom('products as p')
    if (scope) q = q.where('p.category_id', 'in', scope)
    for (const c of hasAll(filters)) q = q.where(c)
    return q
  }

  serveEndpoint(app, catalogEndpoints.selectionFacets, null, async (req) => {
    const filters = parseFilters(req.query.filters, req.locale.language)
    const scope = scopeOf(await categories.get(), req.query.categoryCode)
    const key = JSON.stringify([scope.code, filters.map((f) => [f.name, f.value]).sort()])
    const { total, rows } = await facetCache.get(key, async () => {
      const products = matching(scope.ids, filters).select('p.id')
      const [counts, t] = await Promise.all([
        cdb
          .selectFrom('product_attribute_values as a')
          .select(['a.name', 'a.value', sql<number>`count(*)::int`.as('n')])
          .where('a.product_id', 'in', products)
          .groupBy(['a.name', 'a.value'])
          .execute(),
        matching(scope.ids, filters)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ])
      return { total: Number(t.n), rows: counts.map((c) => ({ name: c.name, value: c.value, n: Number(c.n) })) }
    })
    const byName = new Map<string, { value: string; count: number }[]>()
    for (const row of rows) {
      if (NOT_FACETS.has(row.name)) continue
      const list = byName.get(row.name) ?? []
      list.push({ value: row.value, count: row.n })
      byName.set(row.name, list)
    }
    const chosen = new Set(filters.map((f) => f.name))
    const lang = req.locale.language
    const facets: SelectionFacet[] = []
    for (const [name, values] of byName) {
      // a facet helps when it splits the products (or is already chosen)
      if (values.length < 2 && !chosen.has(name)) continue
      if (values.length > MAX_FACET_VALUES && !chosen.has(name)) continue
      values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      facets.push({
        name,
        label: lang === 'en' ? name : (ATTRIBUTE_NAMES_ZH[name] ?? name),
        multiValued: (MULTI_VALUED_ATTRIBUTES as readonly string[]).includes(name),
        values,
      })
    }
    const order = (n: string) => FACET_ORDER.indexOf(n) + 1 || FACET_ORDER.length + 1
    facets.sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name))
    const data: SelectionFacets = { categoryCode: scope.code, total, filters, facets }
    return ok(data)
  })

  serveEndpoint(app, catalogEndpoints.selection, app.optionalUser, async (req) => {
    const { page, pageSize, offset } = paging(req.query)
    const filters = parseFilters(req.query.filters, req.locale.language)
    const scope = scopeOf(await categories.get(), req.query.categoryCode)
    const [ids, t] = await Promise.all([
      matching(scope.ids, filters)
        .select('p.id')
        .orderBy('p.rank', 'desc')
        .orderBy('p.id')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      matching(scope.ids, filters)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ])
    const items = await summariesByIds(
      db,
      pricingContext(req),
      ids.map((x) => x.id),
    )
    const data: SelectionResult = { items, page, pageSize, total: Number(t.n), filters }
    return ok(data)
  })

  serveEndpoint(app, catalogEndpoints.dualOrigin, app.optionalUser, async (req) => {
    const { page, pageSize, offset } = paging(req.query)
    const only = req.query.only ?? null
    const pctx = pricingContext(req)
    const base = cdb
      .selectFrom('product_catalog as pc')
      .innerJoin('products as p', 'p.id', 'pc.product_id')
      .where((eb) =>
        only === 'dual'
          ? eb('pc.origin', '=', 'dual')
          : only === 'surcharge'
            ? eb('pc.surcharge_cny', 'is not', null)
            : eb.or([eb('pc.origin', '=', 'dual'), eb('pc.surcharge_cny', 'is not', null)]),
      )
    const [rows, total] = await Promise.all([
      base
        .select([
          ...summarySelection(pctx),
          'pc.origin',
          pctx.currency === 'INR' ? 'pc.surcharge_inr as surcharge' : 'pc.surcharge_cny as surcharge',
          'pc.surcharge_reason',
        ])
        .orderBy('p.rank', 'desc')
        .orderBy('p.id')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      dualTotals.get(only ?? 'both', async () =>
        Number((await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n),
      ),
    ])
    const aps = await loadAccountPrices(
      db,
      pctx,
      rows.map((x) => x.id),
    )
    const items: DualOriginItem[] = rows.map((x) => ({
      ...toSummary(x, pctx, aps.get(x.id) ?? null),
      origin: x.origin,
      surcharge:
        x.surcharge !== null && x.surcharge_reason
          ? {
              amount: toMajor(x.surcharge),
              currency: pctx.currency,
              reason: SURCHARGE_REASONS[x.surcharge_reason][pctx.language === 'en' ? 'en' : 'zh'],
            }
          : null,
    }))
    const data: DualOriginList = { items, page, pageSize, total }
    return ok(data)
  })
}
