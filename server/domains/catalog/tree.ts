import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { CategoryNode } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { createCache } from './common'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

export interface Cat {
  id: number
  code: string
  parentId: number | null
  nameEn: string
  nameZh: string
  /** products filed directly under this category */
  ownCount: number
  /** products in this category and all its descendants */
  productCount: number
  children: Cat[]
  /** this category's id and all its descendants' ids */
  scope: number[]
}

export interface CategoryIndex {
  roots: Cat[]
  byCode: Map<string, Cat>
  byId: Map<number, Cat>
  /** leaf categories, most products first */
  popularLeaves: Cat[]
}

export const catName = (c: Cat, language: 'cn' | 'en') => (language === 'en' ? c.nameEn : c.nameZh)

/** The category tree with product counts, loaded once a minute (two small queries). */
export function createCategoryIndex(db: Kysely<DB>) {
  const cache = createCache<CategoryIndex>(1)
  async function load(): Promise<CategoryIndex> {
    const [cats, counts] = await Promise.all([
      db
        .selectFrom('categories')
        .select(['id', 'code', 'parent_id', 'name_en', 'name_zh'])
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('products')
        .select(['category_id', sql<number>`count(*)::int`.as('n')])
        .groupBy('category_id')
        .execute(),
    ])
    const own = new Map(counts.map((c) => [c.category_id, Number(c.n)]))
    const byId = new Map<number, Cat>()
    const byCode = new Map<string, Cat>()
    for (const c of cats) {
      const node: Cat = {
        id: c.id,
        code: c.code,
        parentId: c.parent_id,
        nameEn: c.name_en,
        nameZh: c.name_zh,
        ownCount: own.get(c.id) ?? 0,
        productCount: 0,
        children: [],
        scope: [],
      }
      byId.set(c.id, node)
      byCode.set(c.code, node)
    }
    const roots: Cat[] = []
    for (const c of byId.values()) {
      const parent = c.parentId === null ? undefined : byId.get(c.parentId)
      if (parent) parent.children.push(c)
      else roots.push(c)
    }
    const fill = (c: Cat, seen: Set<number>): void => {
      if (seen.has(c.id)) return // a cycle in bad data must not hang the server
      seen.add(c.id)
      c.scope = [c.id]
      c.productCount = c.ownCount
      for (const ch of c.children) {
        fill(ch, seen)
        c.scope.push(...ch.scope)
        c.productCount += ch.productCount
      }
    }
    const seen = new Set<number>()
    for (const r of roots) fill(r, seen)
    const popularLeaves = [...byId.values()]
      .filter((c) => c.children.length === 0 && c.productCount > 0)
      .sort((a, b) => b.productCount - a.productCount || a.id - b.id)
    return { roots, byCode, byId, popularLeaves }
  }
  return { get: () => cache.get('tree', load), clear: () => cache.clear() }
}
export type CategoryIndexLoader = ReturnType<typeof createCategoryIndex>

function toNode(c: Cat, language: 'cn' | 'en'): CategoryNode {
  return {
    id: String(c.id),
    code: c.code,
    name: catName(c, language),
    parentId: c.parentId === null ? null : String(c.parentId),
    productCount: c.productCount,
    children: c.children.map((ch) => toNode(ch, language)),
  }
}

export function treeRoutes(app: FastifyInstance, categories: CategoryIndexLoader) {
  serveEndpoint(app, catalogEndpoints.categoryTree, null, async (req) => {
    const idx = await categories.get()
    return ok(idx.roots.map((r) => toNode(r, req.locale.language)))
  })
}
