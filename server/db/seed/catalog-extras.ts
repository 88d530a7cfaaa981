import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../schema'
import type { CatalogDB, ProductOrigin, SurchargeReason } from '../schema-catalog'
import type { SeedContext } from './context'
import type { SeedProduct } from './catalog'
import { CATEGORY_TREE, cnyToInr } from './catalog'
import { createRng, type Rng } from './prng'
import { escapeHtml } from '../../domains/catalog/html'
import { ATTRIBUTE_NAMES_ZH, MULTI_VALUED_ATTRIBUTES } from '../../domains/catalog/labels'

/** Tables this module fills (emptied first by `db:seed --reset`): every table of migration 0003. */
export { CATALOG_EXTRA_TABLES } from '../migrations/0003_catalog'

const TOP_OF: Map<string, string> = new Map(
  CATEGORY_TREE.flatMap((t) => t.children.map((c) => [c.code, t.code] as [string, string])),
)

const attr = (p: SeedProduct, name: string) => p.attributes.find((a) => a.displayName === name)?.displayValue ?? null

export const FREE_GOODS = {
  tipBox: { en: 'Free pipette tip box', zh: '赠送移液器吸头一盒', pic: '/media/products/FREE-TIPBOX' },
  iceBox: {
    en: 'Promotional gift: insulated sample box',
    zh: '促销赠品：保温样品盒',
    pic: '/media/products/GIFT-ICEBOX',
  },
  notebook: { en: 'Promotional gift: lab notebook', zh: '促销赠品：实验记录本', pic: null },
} as const

// ---------------- product families (the same product in 2-3 sizes) ----------------
/** Products of one leaf category with the same title are grouped into families of 2-3 distinct sizes. */
export function assignFamilies(products: SeedProduct[], r: Rng): Map<string, string> {
  const groups = new Map<string, SeedProduct[]>()
  for (const p of products) {
    const k = `${p.categoryCode}|${p.titleEn}`
    const g = groups.get(k)
    if (g) g.push(p)
    else groups.set(k, [p])
  }
  const family = new Map<string, string>()
  for (const g of groups.values()) {
    if (g.length < 2) continue
    let pool = g.slice()
    while (pool.length >= 2) {
      const want = r.int(2, 3)
      const members: SeedProduct[] = []
      const sizes = new Set<string>()
      const rest: SeedProduct[] = []
      for (const p of pool) {
        if (members.length < want && !sizes.has(p.size)) {
          members.push(p)
          sizes.add(p.size)
        } else rest.push(p)
      }
      pool = rest
      if (members.length < 2) break
      if (!r.chance(0.55)) continue
      const id = `FAM-${members[0].sku.replace(/^SKU-/, '')}`
      for (const m of members) family.set(m.catalogNumber, id)
    }
  }
  return family
}

// ---------------- origins and surcharges ----------------
export function originAndSurcharge(
  p: SeedProduct,
  r: Rng,
): { origin: ProductOrigin; surcharge: { cny: number; reason: SurchargeReason } | null } {
  const top = TOP_OF.get(p.categoryCode)
  const dualLocal: [number, number] =
    p.categoryCode === 'fetal-bovine-serum' ||
    p.categoryCode === 'cell-culture-media' ||
    p.categoryCode === 'buffers-solutions' ||
    p.categoryCode === 'supplements-reagents'
      ? [0.35, 0.2]
      : top === 'lab-plastics'
        ? [0.15, 0.3]
        : top === 'antibodies'
          ? [0.05, 0]
          : top === 'lab-instruments'
            ? [0.05, 0.1]
            : [0.1, 0.1]
  const x = r.next()
  const origin: ProductOrigin = x < dualLocal[0] ? 'dual' : x < dualLocal[0] + dualLocal[1] ? 'local' : 'imported'
  const storage = attr(p, 'Storage') ?? ''
  const y = r.next()
  let surcharge: { cny: number; reason: SurchargeReason } | null = null
  if (storage.startsWith('-80') || p.categoryCode === 'fetal-bovine-serum') {
    if (y < 0.7) surcharge = { cny: 15000, reason: 'dry-ice' }
  } else if (storage.startsWith('-20')) {
    if (y < 0.3) surcharge = { cny: 6000, reason: 'cold-chain' }
  } else if (p.categoryCode === 'solvents') {
    if (y < 0.6) surcharge = { cny: 8000, reason: 'hazardous' }
  } else if (p.categoryCode === 'lab-freezers' || p.categoryCode === 'centrifuges') {
    if (y < 0.3) surcharge = { cny: 50000, reason: 'oversize' }
  }
  return { origin, surcharge }
}

// ---------------- descriptions ----------------
export function describe(p: SeedProduct, lang: 'en' | 'zh', origin: ProductOrigin): string {
  const e = escapeHtml
  const storage = attr(p, 'Storage')
  const specs = [
    `<li><strong>${lang === 'en' ? 'Catalogue number' : '货号'}:</strong> ${e(p.catalogNumber)}</li>`,
    `<li><strong>${lang === 'en' ? 'Unit size' : '规格'}:</strong> ${e(p.size)}</li>`,
    ...p.attributes.map(
      (a) =>
        `<li><strong>${e(lang === 'en' ? a.displayName : (ATTRIBUTE_NAMES_ZH[a.displayName] ?? a.displayName))}:</strong> ${e(a.displayValue)}</li>`,
    ),
  ].join('')
  const originText =
    lang === 'en'
      ? { imported: 'Imported product.', local: 'Made locally.', dual: 'Available both imported and locally made.' }[
          origin
        ]
      : { imported: '进口产品。', local: '本地生产。', dual: '提供进口与本地生产两种来源。' }[origin]
  const html =
    lang === 'en'
      ? `<p><strong>${e(p.titleEn)}</strong> from ${e(p.brand)}, supplied as ${e(p.size)}. ${originText}</p>` +
        `<h3>Specifications</h3><ul>${specs}</ul>` +
        `<h3>Storage and handling</h3><p>${storage ? `Store at ${e(storage)}. ` : ''}For research use only. Not for use in diagnostic or clinical procedures.</p>`
      : `<p><strong>${e(p.titleZh)}</strong>，品牌 ${e(p.brand)}，规格 ${e(p.size)}。${originText}</p>` +
        `<h3>产品参数</h3><ul>${specs}</ul>` +
        `<h3>储存与运输</h3><p>${storage ? `储存条件：${e(storage)}。` : ''}仅供科研使用，不可用于临床诊断。</p>`
  // built from escaped catalogue data only; served through sanitizePlainHtml again
  return html
}

// ---------------- documents ----------------
export interface SeedDocument {
  catalogNumber: string
  docType: 'manual' | 'coa' | 'sds'
  language: 'en' | 'zh'
  title: string
  lotNumber: string | null
  fileName: string
  updatedAt: string
}
const safeName = (s: string) => s.replace(/[^A-Za-z0-9.-]/g, '_')
const DAY = 86_400_000
const EPOCH = Date.UTC(2023, 0, 1)

export function documentsFor(p: SeedProduct, r: Rng): SeedDocument[] {
  const top = TOP_OF.get(p.categoryCode)
  const out: SeedDocument[] = []
  const date = () => new Date(EPOCH + r.int(0, 1000) * DAY).toISOString()
  const add = (docType: SeedDocument['docType'], language: 'en' | 'zh', title: string, lotNumber: string | null) =>
    out.push({
      catalogNumber: p.catalogNumber,
      docType,
      language,
      title,
      lotNumber,
      updatedAt: date(),
      fileName: `${docType}-${safeName(p.catalogNumber)}${lotNumber ? `-${lotNumber}` : ''}-${language}.pdf`,
    })
  const isKit = /Kit|System|Cycler|Reader|Centrifuge|Incubator|Freezer|Pipette\b|Reagent/i.test(p.titleEn)
  const manualChance = top === 'lab-instruments' ? 1 : isKit ? 0.8 : top === 'antibodies' ? 0.25 : 0.15
  if (r.chance(manualChance)) {
    add('manual', 'en', `${p.titleEn} - User Manual`, null)
    if (r.chance(0.5)) add('manual', 'zh', `${p.titleZh} 使用说明书`, null)
  }
  const chemical = top === 'reagents-chemicals' || top === 'cell-culture'
  if (chemical && r.chance(0.6)) {
    add('sds', 'en', `Safety Data Sheet - ${p.titleEn}`, null)
    add('sds', 'zh', `${p.titleZh} 安全技术说明书 (SDS)`, null)
  }
  if ((chemical || top === 'antibodies') && r.chance(0.3)) {
    const lots = r.int(1, 2)
    const seen = new Set<string>()
    for (let i = 0; i < lots; i++) {
      const lot = `LOT-${r.int(23, 25)}${String(r.int(1, 12)).padStart(2, '0')}-${r.digits(4)}`
      if (seen.has(lot)) continue
      seen.add(lot)
      add('coa', 'en', `Certificate of Analysis - ${p.titleEn} - Lot ${lot}`, lot)
      if (r.chance(0.25)) add('coa', 'zh', `${p.titleZh} 分析证书 批号 ${lot}`, lot)
    }
  }
  return out
}

// ---------------- stock ----------------
export function stockFor(r: Rng): number {
  const x = r.next()
  if (x < 0.1) return 0
  if (x < 0.25) return r.int(1, 20)
  if (x < 0.35) return r.int(21, 100)
  return r.int(101, 5000)
}

// ---------------- search dictionary ----------------
interface Term {
  term: string
  kind: 'term' | 'category'
  category_code: string | null
  language: 'en' | 'zh'
  weight: number
}
export function searchDictionary(products: SeedProduct[]): Term[] {
  const counts = new Map<string, Term>()
  const add = (term: string, kind: Term['kind'], language: Term['language'], code: string | null = null, w = 1) => {
    term = term.trim()
    if (term.length < (kind === 'category' ? 1 : 2) || term.length > 60) return
    const k = term.toLowerCase()
    const t = counts.get(k)
    if (t) {
      t.weight += w
      if (kind === 'category' && t.kind !== 'category') Object.assign(t, { kind, category_code: code, term })
    } else counts.set(k, { term, kind, category_code: code, language, weight: w })
  }
  const perCategory = new Map<string, number>()
  for (const p of products) {
    perCategory.set(p.categoryCode, (perCategory.get(p.categoryCode) ?? 0) + 1)
    const top = TOP_OF.get(p.categoryCode)!
    perCategory.set(top, (perCategory.get(top) ?? 0) + 1)
    add(p.brand, 'term', 'en')
    for (const w of p.titleEn.match(/[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g) ?? []) {
      const word = w.replace(/^anti-/i, '')
      if (word.length >= 3 && /[A-Za-z]{2}/.test(word) && !/^(and|for|with|not)$/i.test(word)) add(word, 'term', 'en')
    }
    for (const seg of p.titleZh.split(/[\s,，()（）:：]+/)) {
      if (/[\u4e00-\u9fff]/.test(seg) && seg.length >= 2 && seg.length <= 12) add(seg, 'term', 'zh')
    }
    for (const a of p.attributes) {
      const values = (MULTI_VALUED_ATTRIBUTES as readonly string[]).includes(a.displayName)
        ? a.displayValue.split(/,\s*/)
        : [a.displayValue]
      for (const v of values) if (/[A-Za-z]{2}/.test(v)) add(v, 'term', 'en')
    }
  }
  const terms = [...counts.values()].filter((t) => t.weight >= 2)
  for (const top of CATEGORY_TREE) {
    for (const c of [top, ...top.children]) {
      add(c.en, 'category', 'en', c.code, perCategory.get(c.code) ?? 0)
      add(c.zh, 'category', 'zh', c.code, perCategory.get(c.code) ?? 0)
      for (const name of [c.en, c.zh]) {
        const x = counts.get(name.toLowerCase())
        if (x && !terms.includes(x)) terms.push(x)
      }
    }
  }
  return terms.sort((a, b) => a.term.localeCompare(b.term))
}

async function insertChunked<T>(n: number, rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += n) await insert(rows.slice(i, i + n))
}

/**
 * Bulk insert through one JSON parameter (json_populate_recordset): several times cheaper than
 * thousands of bound parameters, on PGlite especially.
 */
async function insertJson<T extends object>(
  db: Kysely<CatalogDB>,
  table: keyof CatalogDB & string,
  columns: (keyof T & string)[],
  rows: T[],
) {
  const cols = sql.join(columns.map((c) => sql.ref(c)))
  await insertChunked(5000, rows, (chunk) =>
    sql`INSERT INTO ${sql.table(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(chunk)}::json)`.execute(
      db,
    ),
  )
}

/** Catalogue extras: documents, variants, origins, descriptions. Deterministic from ctx.seed. */
export async function seedCatalogExtras(trx: Transaction<DB>, ctx: SeedContext): Promise<void> {
  const db = trx as unknown as Kysely<CatalogDB>
  const { products, productIds } = ctx
  const id = (p: SeedProduct) => productIds.get(p.catalogNumber)!

  // families, origins and surcharges: one product_catalog row per product
  const family = assignFamilies(products, createRng(ctx.seed ^ 0x0fa111e5))
  const ro = createRng(ctx.seed ^ 0x0041c1a5)
  const origins = new Map(products.map((p) => [p.catalogNumber, originAndSurcharge(p, ro)]))
  const catalogRows = products.map((p) => {
    const o = origins.get(p.catalogNumber)!
    return {
      product_id: id(p),
      family_id: family.get(p.catalogNumber) ?? null,
      origin: o.origin,
      surcharge_cny: o.surcharge?.cny ?? null,
      surcharge_inr: o.surcharge ? cnyToInr(o.surcharge.cny) : null,
      surcharge_reason: o.surcharge?.reason ?? null,
    }
  })
  await insertJson(
    db,
    'product_catalog',
    ['product_id', 'family_id', 'origin', 'surcharge_cny', 'surcharge_inr', 'surcharge_reason'],
    catalogRows,
  )

  const descriptions = products.map((p) => {
    const o = origins.get(p.catalogNumber)!.origin
    return { product_id: id(p), html_en: describe(p, 'en', o), html_zh: describe(p, 'zh', o) }
  })
  await insertJson(db, 'product_descriptions', ['product_id', 'html_en', 'html_zh'], descriptions)

  const rf = createRng(ctx.seed ^ 0x00f4ee00)
  const free: { product_id: number; kind: 'free' | 'promo'; name_en: string; name_zh: string; pic: string | null }[] =
    []
  for (const p of products) {
    const top = TOP_OF.get(p.categoryCode)
    const a = rf.next()
    const b = rf.next()
    if (top === 'antibodies' && a < 0.12)
      free.push({
        product_id: id(p),
        kind: 'free',
        name_en: FREE_GOODS.tipBox.en,
        name_zh: FREE_GOODS.tipBox.zh,
        pic: FREE_GOODS.tipBox.pic,
      })
    if ((top === 'reagents-chemicals' || top === 'cell-culture') && b < 0.06)
      free.push({
        product_id: id(p),
        kind: 'promo',
        name_en: FREE_GOODS.iceBox.en,
        name_zh: FREE_GOODS.iceBox.zh,
        pic: FREE_GOODS.iceBox.pic,
      })
    else if (top === 'antibodies' && b < 0.04)
      free.push({
        product_id: id(p),
        kind: 'promo',
        name_en: FREE_GOODS.notebook.en,
        name_zh: FREE_GOODS.notebook.zh,
        pic: FREE_GOODS.notebook.pic,
      })
  }
  await insertJson(db, 'product_free_goods', ['product_id', 'kind', 'name_en', 'name_zh', 'pic'], free)

  const rs = createRng(ctx.seed ^ 0x005a0c4)
  const stock = products.map((p) => ({ product_id: id(p), quantity: stockFor(rs), updated_at: '2026-01-01T00:00:00Z' }))
  await insertJson(db, 'product_stock', ['product_id', 'quantity', 'updated_at'], stock)

  const rd = createRng(ctx.seed ^ 0x00d0c500)
  const docs = products.flatMap((p) => documentsFor(p, rd))
  await insertJson(
    db,
    'product_documents',
    ['product_id', 'doc_type', 'language', 'title', 'lot_number', 'file_name', 'updated_at'],
    docs.map((d) => ({
      product_id: productIds.get(d.catalogNumber)!,
      doc_type: d.docType,
      language: d.language,
      title: d.title,
      lot_number: d.lotNumber,
      file_name: d.fileName,
      updated_at: d.updatedAt,
    })),
  )

  // selection tools: one row per single attribute value, computed by the database from products.attributes
  await sql`
    INSERT INTO product_attribute_values (product_id, name, value)
    SELECT DISTINCT p.id, a->>'displayName', btrim(v)
    FROM products p
    CROSS JOIN LATERAL jsonb_array_elements(p.attributes) a
    CROSS JOIN LATERAL unnest(CASE WHEN a->>'displayName' = ANY(${[...MULTI_VALUED_ATTRIBUTES]}::text[])
      THEN regexp_split_to_array(a->>'displayValue', ',\\s*') ELSE ARRAY[a->>'displayValue'] END) v
    WHERE btrim(v) <> ''`.execute(db)

  const dict = searchDictionary(products)
  await insertJson(db, 'catalog_search_terms', ['term', 'kind', 'category_code', 'language', 'weight'], dict)
}
