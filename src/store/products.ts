import { create } from 'zustand'
import type { ProductSummary } from '../../types'
import { getProductList } from '../api/endpoints'

export const PAGE_SIZE = 20

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface ProductListState {
  items: ProductSummary[]
  page: number
  total: number
  status: Status
  error: string | null
  /** Which language/country/user the list was priced and titled for. */
  key: string | null
  /** First page (or reload when the locale or the user changed). */
  load: (key: string) => Promise<void>
  loadMore: () => Promise<void>
}

let generation = 0

/** The Home product list: first page, load-more, and a reload when locale or user changes. */
export const useProductList = create<ProductListState>()((set, get) => ({
  items: [],
  page: 0,
  total: 0,
  status: 'idle',
  error: null,
  key: null,

  load: async (key) => {
    const gen = ++generation
    set({ status: 'loading', error: null, key })
    try {
      const res = await getProductList({ page: 1, pageSize: PAGE_SIZE })
      if (gen !== generation) return
      set({ items: res.items, page: 1, total: res.total, status: 'ready' })
    } catch (e) {
      if (gen !== generation) return
      set({ status: 'error', error: (e as Error).message })
    }
  },

  loadMore: async () => {
    const { status, items, total, page } = get()
    if (status === 'loading' || items.length >= total) return
    const gen = generation
    set({ status: 'loading', error: null })
    try {
      const res = await getProductList({ page: page + 1, pageSize: PAGE_SIZE })
      if (gen !== generation) return
      const seen = new Set(get().items.map((i) => i.catalogNumber))
      set({ items: [...get().items, ...res.items.filter((i) => !seen.has(i.catalogNumber))], page: page + 1, total: res.total, status: 'ready' })
    } catch (e) {
      if (gen !== generation) return
      set({ status: 'error', error: (e as Error).message })
    }
  }
}))
