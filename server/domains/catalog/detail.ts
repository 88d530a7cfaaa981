import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { DocumentRecord, ProductDetail } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { loadAccountPrices, pricingContext, summaryColumns, summarySelection, toSummary } from './summary'
import { asCatalogDb, badRequest, CATALOG_NUMBER_RE } from './common'
import { sanitizePlainHtml } from './html'
import { leadTargetPath } from './labels'
import { documentRecord, documentsWithProduct, DOC_RECORD_COLUMNS, DOC_TYPE_ORDER } from './documents'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

export const MAX_CATALOG_NUMBERS = 20

export function parseCatalogNumbers(list: string): string[] {
  const parts = list.split(',').map((s) => s.trim())
  if (parts.length > MAX_CATALOG_NUMBERS)
    throw badRequest(`querystring/catalogNumber must list at most ${MAX_CATALOG_NUMBERS} catalogue numbers`)
  const out: string[] = []
  const seen = new Set<string>()
  for (const p of parts) {
    if (!p) throw badRequest('querystring/catalogNumber must not contain an empty entry')
    if (!CATALOG_NUMBER_RE.test(p))
      throw badRequest(`querystring/catalogNumber: '${p.slice(0, 40)}' is not a catalogue number`)
    const k = p.toUpperCase()
    if (!seen.has(k)) {
      seen.add(k)
      out.push(p)
    }
  }
  return out
}

export function detailRoutes(app: FastifyInstance, db: Kysely<DB>) {
  const cdb = asCatalogDb(db)

  serveEndpoint(app, catalogEndpoints.productCatalog, app.optionalUser, async (req) => {
    const wanted = parseCatalogNumbers(req.query.catalogNumber)
    const pctx = pricingContext(req)
    const lang = req.locale.language
    const cols = summaryColumns(pctx)
    // catalogue numbers are stored upper-case; links may carry them in any case
    const candidates = [...new Set(wanted.flatMap((c) => [c, c.toUpperCase()]))]
    const rows = await cdb
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin('categories as t', 't.id', 'c.parent_id')
      .leftJoin('product_catalog as pc', 'pc.product_id', 'p.id')
      .leftJoin('product_descriptions as d', 'd.product_id', 'p.id')
      .select([
        ...summarySelection(pctx),
        'p.attributes',
        'c.code as cat_code',
        'c.name_en as cat_en',
        'c.name_zh as cat_zh',
        't.code as top_code',
        't.name_en as top_en',
        't.name_zh as top_zh',
        'pc.family_id',
        lang === 'en' ? 'd.html_en as html' : 'd.html_zh as html',
      ])
      .where('p.catalog_number', 'in', candidates)
      .execute()
    if (rows.length === 0) return ok([] as ProductDetail[])

    const ids = rows.map((x) => x.id)
    const families = [...new Set(rows.map((x) => x.family_id).filter((f): f is string => !!f))]
    const [aps, free, variants, docs] = await Promise.all([
      loadAccountPrices(db, pctx, ids),
      cdb
        .selectFrom('product_free_goods')
        .select(['product_id', 'kind', 'name_en', 'name_zh', 'pic'])
        .where('product_id', 'in', ids)
        .execute(),
      families.length
        ? cdb
            .selectFrom('product_catalog as pc')
            .innerJoin('products as p', 'p.id', 'pc.product_id')
            .select(['pc.family_id', 'p.catalog_number', 'p.size', `${cols.title} as title`])
            .where('pc.family_id', 'in', families)
            .orderBy('p.id')
            .execute()
        : Promise.resolve([]),
      documentsWithProduct(cdb)
        .select([...DOC_RECORD_COLUMNS, 'd.product_id'])
        .where('d.product_id', 'in', ids)
        .execute(),
    ])
    const docLang = lang === 'en' ? 'en' : 'zh'
    const docsOf = new Map<number, DocumentRecord[]>()
    docs.sort(
      (a, b) =>
        DOC_TYPE_ORDER[a.doc_type] - DOC_TYPE_ORDER[b.doc_type] ||
        Number(b.language === docLang) - Number(a.language === docLang) ||
        String(b.lot_number ?? '').localeCompare(String(a.lot_number ?? '')) ||
        a.id - b.id,
    )
    for (const d of docs) {
      const list = docsOf.get(d.product_id) ?? []
      list.push(documentRecord(d))
      docsOf.set(d.product_id, list)
    }

    const byUpper = new Map(rows.map((x) => [x.catalog_number.toUpperCase(), x]))
    const out: ProductDetail[] = []
    for (const c of wanted) {
      const x = byUpper.get(c.toUpperCase())
      if (!x) continue // unknown catalogue numbers are simply absent
      const good = (kind: 'free' | 'promo') => {
        const g = free.find((f) => f.product_id === x.id && f.kind === kind)
        return g ? { productName: lang === 'en' ? g.name_en : g.name_zh, productPic: g.pic } : null
      }
      const fam = x.family_id ? variants.filter((v) => v.family_id === x.family_id) : []
      out.push({
        ...toSummary(x, pctx, aps.get(x.id) ?? null),
        webId: String(x.id),
        category: {
          code: x.cat_code,
          name: lang === 'en' ? x.cat_en : x.cat_zh,
          topCode: x.top_code ?? x.cat_code,
          topName: (lang === 'en' ? x.top_en : x.top_zh) ?? (lang === 'en' ? x.cat_en : x.cat_zh),
        },
        displayAttributeList: x.attributes.map((a) => ({ displayName: a.displayName, displayValue: a.displayValue })),
        descriptionHtml: sanitizePlainHtml(x.html ?? ''),
        freeGoodItem: good('free'),
        promoFreeGoodItem: good('promo'),
        variants: fam.length
          ? fam.map((v) => ({ catalogNumber: v.catalog_number, size: v.size, productTitle: v.title }))
          : [{ catalogNumber: x.catalog_number, size: x.size, productTitle: x.title }],
        documents: docsOf.get(x.id) ?? [],
        productLeadTarget: x.lead_target ? leadTargetPath(x.catalog_number) : null,
      })
    }
    return ok(out)
  })
}
