import { create } from 'zustand'
import type { ProductSearchResult, ProductSummary } from '../../../types'
import { searchProducts } from '../../api/catalog'
import { storage } from '../../platform/storage'
import { createPagedList } from './products'

/** Local search history: the last 10 searches, newest first, without repeats. */
export const HISTORY_KEY = 'searchHistory'
export const HISTORY_MAX = 10
/** the server's limit on a query (types/catalog/index.ts ProductSearchQuerySchema q maxLength) */
export const QUERY_MAX = 100

/** Trims, collapses inner spaces and caps the length; '' means nothing to search. */
export const normalizeKeyword = (s: string | null | undefined) =>
  (s ?? '').replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX)

/** Adds a term in front; the same term (ignoring case) searched again moves to the front; at most 10 kept. */
export function pushHistory(list: string[], term: string, max = HISTORY_MAX): string[] {
  const k = normalizeKeyword(term)
  if (!k) return list
  return [k, ...list.filter((x) => x.toLowerCase() !== k.toLowerCase())].slice(0, max)
}

function readHistory(): string[] {
  try {
    const raw = storage.get(HISTORY_KEY)
    const v = raw ? JSON.parse(raw) : []
    return Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, HISTORY_MAX)
      : []
  } catch {
    return []
  }
}

interface SearchHistoryState {
  history: string[]
  /** read from storage (the app may have been restarted) */
  hydrate: () => void
  add: (term: string) => void
  clear: () => void
}

/** The history, kept through the platform storage adapter (localStorage on H5, wx storage in the mini-program). */
export const useSearchHistory = create<SearchHistoryState>()((set, get) => ({
  history: [],
  hydrate: () => set({ history: readHistory() }),
  add: (term) => {
    const history = pushHistory(readHistory(), term)
    storage.set(HISTORY_KEY, JSON.stringify(history))
    if (history !== get().history) set({ history })
  },
  clear: () => {
    storage.remove(HISTORY_KEY)
    set({ history: [] })
  },
}))

/** GET /api/product/search: by catalogue number, name or attribute, English or Chinese; pages of 20. */
export const useSearchResults = createPagedList<ProductSummary, { q: string }, ProductSearchResult>({
  fetchPage: (q, page, pageSize) => searchProducts({ q: q.q, page, pageSize }),
  idOf: (p) => p.catalogNumber,
})
