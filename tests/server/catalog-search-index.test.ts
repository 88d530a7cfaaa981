/**
 * The in-process search index (server/domains/catalog/search-index.ts): the rules of LIKE on search_text
 * reproduced in memory (the equivalence test checks them against SQL on the seeded catalogue; these pin
 * the edge cases), and its refresh when the catalogue changes.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { SearchIndex, createSearchIndexLoader, type IndexRow } from '../../server/domains/catalog/search-index'
import { parseSearchQuery, searchNorm, catalogNorm } from '../../server/domains/catalog/search'
import { describeEachDb } from './helpers'

/** a row as the generated columns would hold it */
function row(id: number, rank: number, cat: string, titles: string, rest: string, category = 1): IndexRow {
  return {
    id,
    rank,
    category_id: category,
    catalog_norm: catalogNorm(cat),
    search_text: ` ${searchNorm(titles)} ~ ${searchNorm(`${cat} ${rest}`)} `,
  }
}

const rows = [
  row(1, 5, 'AB-100', 'Anti-CD3 Antibody', 'Thermo PE Mouse', 1),
  row(2, 9, 'AB-1001', 'Caspase 3 Kit', 'Thermo FITC', 2),
  row(3, 9, 'AB-10', 'PE-Cyanine7 Anti-CD4 抗体', 'Thermo Human', 1),
  row(4, 1, 'XY-5', 'PerCP Anti-CD8 Antibody', 'Invitrogen antibody', 2),
  row(5, 7, 'ZZ-9', 'Trizol Reagent 试剂', 'Thermo antibody grade', 3),
  row(6, 0, 'SA-1', 'Streptavidin PE', 'Thermo'),
]
const index = new SearchIndex(rows)
const rank = (q: string, scope: number[] | null = null, cap = 1000) => {
  const pq = parseSearchQuery(q)
  return index.rank({ terms: pq.terms, catalog: pq.catalog }, scope, cap)
}

describe('search index', () => {
  it('every word must occur (trigram candidates intersected, then verified): "anti cd" is not "cd anti"', () => {
    assert.deepEqual(rank('anti-cd3').ids, [1])
    assert.deepEqual(rank('cd8 percp').ids, [4])
    // 'cd 4': its trigrams 'cd ' and 'd 4'... only row 3 holds the whole string
    assert.deepEqual(rank('cd4').ids, [3])
    assert.deepEqual(rank('nosuchword').ids, [])
  })

  it('the "~" marker: title matches (tier 2) before matches after it (tier 3), each in rank order', () => {
    // 'antibody' in the titles of 1 and 4, only after '~' in 5 (rank 7 > 5 > 1)
    assert.deepEqual(rank('antibody').ids, [1, 4, 5])
    // ties of rank by id (2 before 3)
    assert.deepEqual(rank('thermo').ids, [2, 3, 5, 1, 6])
    // two words, one in the titles and one after: tier 3
    assert.deepEqual(rank('anti antibody').ids, [1, 4, 5])
    assert.deepEqual(rank('antibody thermo').ids, [5, 1])
  })

  it('1-2 character words are whole words; one Chinese character is a 3-character literal', () => {
    // ' pe ' is a whole word in 1 (attributes) and 3 (title: 'pe cyanine 7'), not in 'percp'
    // in 6 its closing space is the one before '~': still a title match ('%' pe '%~%')
    assert.deepEqual(rank('PE').ids, [3, 6, 1])
    assert.deepEqual(rank('cy').ids, [])
    // 'cd3' is stored as 'cd 3', so 'cd' is a whole word of 1, 3 and 4
    assert.deepEqual(rank('cd').ids, [3, 1, 4])
    assert.deepEqual(rank('抗').ids, [3])
    assert.deepEqual(rank('试剂').ids, [5])
  })

  it('catalogue numbers: exact first, then the prefix in rank order; excluded from the word tiers; scope; cap', () => {
    assert.deepEqual(rank('AB-100').ids, [1, 2])
    assert.deepEqual(rank('ab10').ids, [3, 2, 1])
    assert.deepEqual(rank('ab10', [2]).ids, [2])
    assert.deepEqual(rank('antibody', [2, 3]).ids, [4, 5])
    assert.deepEqual(rank('thermo', null, 2), { ids: [2, 3], total: 3 })
  })
})

describeEachDb('search index: refresh', (ctx) => {
  it('a product added to the catalogue is found after a refresh, and gone after its removal', async () => {
    const db = ctx().db
    const loader = createSearchIndexLoader(db)
    const before = await loader.get()
    const cat = await db.selectFrom('categories').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
    const q = parseSearchQuery('zzqxw')
    assert.deepEqual(before.rank({ terms: q.terms, catalog: q.catalog }, null, 1000).ids, [])
    const { id } = await db
      .insertInto('products')
      .values({
        sku: 'ZZQXW-1',
        catalog_number: 'ZZQXW-1',
        title_en: 'Zzqxw test reagent',
        title_zh: '测试',
        size: '1 mL',
        brand: 'Test',
        category_id: cat.id,
        attributes: '[]',
        lead_target: false,
        rank: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    try {
      assert.equal(await loader.get(), before, 'within the minute the same index answers')
      const after = await loader.refresh()
      assert.notEqual(after, before)
      assert.deepEqual(after.rank({ terms: q.terms, catalog: q.catalog }, null, 1000).ids, [id])
      assert.equal(after.size, before.size + 1)
    } finally {
      await db.deleteFrom('products').where('id', '=', id).execute()
    }
    assert.deepEqual((await loader.refresh()).rank({ terms: q.terms, catalog: q.catalog }, null, 1000).ids, [])
  })

  it('a result row shows the catalogue as it is: a changed title or list price is served after the refresh (the page columns are under the checksum)', async () => {
    const db = ctx().db
    const loader = createSearchIndexLoader(db)
    const p = await db
      .selectFrom('products')
      .select(['id', 'title_en', 'list_price_cny'])
      .where('list_price_cny', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    assert.equal((await loader.get()).page(p.id)?.title_en, p.title_en)
    await db
      .updateTable('products')
      .set({ title_en: `${p.title_en} (new lot)`, list_price_cny: p.list_price_cny! + 100 })
      .where('id', '=', p.id)
      .execute()
    try {
      const after = await loader.refresh()
      assert.equal(after.page(p.id)?.title_en, `${p.title_en} (new lot)`)
      assert.equal(after.page(p.id)?.list_price_cny, p.list_price_cny! + 100)
    } finally {
      await db
        .updateTable('products')
        .set({ title_en: p.title_en, list_price_cny: p.list_price_cny })
        .where('id', '=', p.id)
        .execute()
    }
    assert.equal((await loader.refresh()).page(p.id)?.title_en, p.title_en)
  })
})
