import { useEffect } from 'react'
import { create } from 'zustand'
import type { CategoryNode, ProductList, ProductSummary } from '../../../types'
import { getCategoryTree } from '../../api/catalog'
import { getProductList } from '../../api/catalog'
import { createPagedList } from './products'
import { latestOnly, type LoadState } from '../load-state'

/** The node code of the spec's 'All recommended' list: /categories/All recommended/recommended */
export const RECOMMENDED = 'recommended'
export const ALL_RECOMMENDED = 'All recommended'

interface CategoryTreeState {
  tree: CategoryNode[]
  status: LoadState
  /** language the names were loaded in */
  key: string | null
  load: (key: string) => Promise<void>
}

const latestTree = latestOnly()

/** GET /api/category/tree: top-level categories with their children, names in the request's language. */
export const useCategoryTree = create<CategoryTreeState>()((set, get) => ({
  tree: [],
  status: 'idle',
  key: null,
  load: async (key) => {
    const fresh = latestTree.start()
    set({ status: 'loading', ...(get().key !== key ? { key } : {}) })
    try {
      const tree = await getCategoryTree()
      if (fresh()) set({ tree, status: 'ready', key })
    } catch {
      if (fresh()) set({ status: 'failed' })
    }
  },
}))

/**
 * The category tree for a screen in `locale` (language|country): loaded when the screen opens unless
 * it is already there in that locale (again after a failure, and whenever the locale changes).
 */
export function useCategoryTreeIn(locale: string) {
  useEffect(() => {
    const now = useCategoryTree.getState()
    if (now.key !== locale || now.status === 'idle' || now.status === 'failed') now.load(locale)
  }, [locale])
  return useCategoryTree()
}

/** Products of the chosen node (a top-level id includes its children); no id = the recommended list. */
export const useCategoryProducts = createPagedList<ProductSummary, { categoryId?: string }, ProductList>({
  fetchPage: (q, page, pageSize) =>
    getProductList({ page, pageSize, ...(q.categoryId ? { categoryId: q.categoryId } : {}) }),
  idOf: (p) => p.catalogNumber,
})

export interface CategorySelection {
  /** null = All recommended */
  top: CategoryNode | null
  /** the node whose products are listed: the top itself or one of its children; null = All recommended */
  node: CategoryNode | null
  /** the address asked for a node the tree does not have */
  unknown: boolean
}

const norm = (s: string | undefined | null) => (s ?? '').trim().toLowerCase()

/**
 * What /categories/{top}/{node} opens. The node segment is a category code (unique in the tree);
 * the top segment is the top-level category's name or code. 'recommended' (or no address, as from
 * the footer tab) is All recommended. An address the tree does not know falls back to All
 * recommended and says so.
 */
export function resolveCategory(tree: CategoryNode[], category?: string, node?: string): CategorySelection {
  const n = norm(node)
  const c = norm(category)
  if ((!n && !c) || n === RECOMMENDED || (!n && c === norm(ALL_RECOMMENDED)))
    return { top: null, node: null, unknown: false }
  if (n) {
    for (const top of tree) {
      if (norm(top.code) === n) return { top, node: top, unknown: false }
      const child = top.children.find((ch) => norm(ch.code) === n)
      if (child) return { top, node: child, unknown: false }
    }
  }
  const top = tree.find((t) => norm(t.code) === c || norm(t.name) === c)
  if (top && !n) return { top, node: top, unknown: false }
  if (top) return { top, node: top, unknown: true }
  return { top: null, node: null, unknown: true }
}
