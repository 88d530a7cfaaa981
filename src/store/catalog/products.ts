import { create } from 'zustand'
import type { ProductSummary } from '../../../types'
import { getProductList } from '../../api/catalog'

export const PAGE_SIZE = 20

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error'

/** One page of a server list, as the list endpoints answer it (items plus whatever else they say). */
export interface PageResult<T> { items: T[]; total: number }

export interface PagedListState<T, Q, M> {
  items: T[]
  page: number
  total: number
  status: ListStatus
  error: string | null
  /** What the list was asked for and in which language/country/user it was priced and titled. */
  key: string | null
  query: Q | null
  /** what the last page said besides its items (e.g. search suggestions) */
  meta: M | null
  /** First page (or a reload when the key changed). */
  load: (key: string, query: Q) => Promise<void>
  loadMore: () => Promise<void>
  reset: () => void
}

const EMPTY = { items: [], page: 0, total: 0, status: 'idle' as ListStatus, error: null, key: null, query: null, meta: null }

/**
 * A paged server list in a store: first page, load-more appending pages (de-duplicated), and a
 * stale-answer guard so that a slow old request never overwrites a newer list. The page renders
 * what it holds; nothing but the loaded pages is kept.
 */
export function createPagedList<T, Q, R extends PageResult<T>, M = Omit<R, 'items'>>(opts: {
  fetchPage: (query: Q, page: number, pageSize: number) => Promise<R>
  idOf: (item: T) => string
  pageSize?: number
  meta?: (res: R) => M
}) {
  const pageSize = opts.pageSize ?? PAGE_SIZE
  const metaOf = opts.meta ?? ((res: R) => { const { items: _items, ...rest } = res; return rest as unknown as M })
  let generation = 0
  return create<PagedListState<T, Q, M>>()((set, get) => ({
    ...EMPTY,

    load: async (key, query) => {
      const gen = ++generation
      const sameList = get().key === key
      // a different list starts empty; the same list reloading keeps what it shows until the answer comes
      set(sameList ? { status: 'loading', error: null, query } : { ...EMPTY, status: 'loading', key, query })
      try {
        const res = await opts.fetchPage(query, 1, pageSize)
        if (gen !== generation) return
        set({ items: res.items, page: 1, total: res.total, meta: metaOf(res), status: 'ready', key, query })
      } catch (e) {
        if (gen !== generation) return
        set({ status: 'error', error: (e as Error).message })
      }
    },

    loadMore: async () => {
      const { status, items, total, page, query } = get()
      if (status === 'loading' || query === null || page === 0 || items.length >= total) return
      const gen = generation
      set({ status: 'loading', error: null })
      try {
        const res = await opts.fetchPage(query, page + 1, pageSize)
        if (gen !== generation) return
        const seen = new Set(get().items.map(opts.idOf))
        const fresh = res.items.filter((i) => !seen.has(opts.idOf(i)))
        // a page that adds nothing new means the list has ended (or shifted): stop asking
        const newTotal = fresh.length === 0 ? get().items.length : res.total
        set({ items: [...get().items, ...fresh], page: page + 1, total: newTotal, meta: metaOf(res), status: 'ready' })
      } catch (e) {
        if (gen !== generation) return
        set({ status: 'error', error: (e as Error).message })
      }
    },

    reset: () => {
      generation++
      set({ ...EMPTY })
    }
  }))
}

/** The recommended list (Home and Categories' "All recommended"): the server's unfiltered product list. */
export const useProductList = createPagedList<ProductSummary, { categoryId?: string }, { items: ProductSummary[]; total: number; page: number; pageSize: number }>({
  fetchPage: (q, page, pageSize) => getProductList({ page, pageSize, ...(q.categoryId ? { categoryId: q.categoryId } : {}) }),
  idOf: (p) => p.catalogNumber
})
