import { create } from 'zustand'
import type { ProductSummary } from '../../../types'
import { getProductList } from '../../api/catalog'
import { latestOnly, type LoadState } from '../load-state'

export const PAGE_SIZE = 20

/** One page of a server list, as the list endpoints answer it (items plus whatever else they say). */
export interface PageResult<T> {
  items: T[]
  total: number
}

export interface PagedListState<T, Q, M> {
  items: T[]
  page: number
  total: number
  status: LoadState
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

const EMPTY = {
  items: [],
  page: 0,
  total: 0,
  status: 'idle' as LoadState,
  error: null,
  key: null,
  query: null,
  meta: null,
}

/**
 * A paged server list in a store: first page, load-more appending pages (de-duplicated), and a
 * stale-answer guard so that a slow old request never overwrites a newer list. The page renders
 * what it holds; nothing but the loaded pages is kept.
 */
export function createPagedList<T, Q, R extends PageResult<T>>(opts: {
  fetchPage: (query: Q, page: number, pageSize: number) => Promise<R>
  idOf: (item: T) => string
  pageSize?: number
}) {
  const pageSize = opts.pageSize ?? PAGE_SIZE
  const metaOf = (res: R): Omit<R, 'items'> => {
    const { items: _items, ...rest } = res
    return rest
  }
  const latest = latestOnly()
  return create<PagedListState<T, Q, Omit<R, 'items'>>>()((set, get) => ({
    ...EMPTY,

    load: async (key, query) => {
      const fresh = latest.start()
      const sameList = get().key === key
      // a different list starts empty; the same list reloading keeps what it shows until the answer comes
      set(sameList ? { status: 'loading', error: null, query } : { ...EMPTY, status: 'loading', key, query })
      try {
        const res = await opts.fetchPage(query, 1, pageSize)
        if (!fresh()) return
        set({ items: res.items, page: 1, total: res.total, meta: metaOf(res), status: 'ready', key, query })
      } catch (e) {
        if (!fresh()) return
        set({ status: 'failed', error: (e as Error).message })
      }
    },

    loadMore: async () => {
      const { status, items, total, page, query } = get()
      if (status === 'loading' || query === null || page === 0 || items.length >= total) return
      const fresh = latest.follow()
      set({ status: 'loading', error: null })
      try {
        const res = await opts.fetchPage(query, page + 1, pageSize)
        if (!fresh()) return
        const seen = new Set(get().items.map(opts.idOf))
        const unseen = res.items.filter((i) => !seen.has(opts.idOf(i)))
        // a page that adds nothing new means the list has ended (or shifted): stop asking
        const newTotal = unseen.length === 0 ? get().items.length : res.total
        set({ items: [...get().items, ...unseen], page: page + 1, total: newTotal, meta: metaOf(res), status: 'ready' })
      } catch (e) {
        if (!fresh()) return
        set({ status: 'failed', error: (e as Error).message })
      }
    },

    reset: () => {
      latest.drop()
      set({ ...EMPTY })
    },
  }))
}

/** The recommended list (Home and Categories' "All recommended"): the server's unfiltered product list. */
export const useProductList = createPagedList<
  ProductSummary,
  { categoryId?: string },
  { items: ProductSummary[]; total: number; page: number; pageSize: number }
>({
  fetchPage: (q, page, pageSize) =>
    getProductList({ page, pageSize, ...(q.categoryId ? { categoryId: q.categoryId } : {}) }),
  idOf: (p) => p.catalogNumber,
})
