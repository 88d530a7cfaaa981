import { create } from 'zustand'
import type {
  DualOriginItem,
  DualOriginList,
  DualOriginQuery,
  ProductSummary,
  SelectionFacet,
  SelectionFilter,
  SelectionResult,
} from '../../../types'
import { getDualOriginProducts, getSelectionFacets, getSelectionProducts } from '../../api/catalog'
import { createPagedList } from './products'
import { latestOnly, type LoadState } from '../load-state'

/** The selection tools open on antibodies. */
export const DEFAULT_SELECTION_CATEGORY = 'antibodies'
/** the server's limit on chosen values (types/catalog/selection.ts: "At most 12 values") */
export const MAX_SELECTION_FILTERS = 12

/**
 * Choosing a value: a value already chosen is taken off; for a multi-valued attribute (Reactivity,
 * Applications) another value is added (the product must have both); otherwise the new value
 * replaces the attribute's previous one.
 */
export function toggleFilter(
  filters: SelectionFilter[],
  name: string,
  value: string,
  multiValued: boolean,
): SelectionFilter[] {
  if (filters.some((f) => f.name === name && f.value === value))
    return filters.filter((f) => !(f.name === name && f.value === value))
  const kept = multiValued ? filters : filters.filter((f) => f.name !== name)
  if (kept.length >= MAX_SELECTION_FILTERS) return filters
  return [...kept, { name, value }]
}

export const isChosen = (filters: SelectionFilter[], name: string, value: string) =>
  filters.some((f) => f.name === name && f.value === value)

/** The products matching every chosen value, a page at a time. */
export const useSelectionResults = createPagedList<
  ProductSummary,
  { categoryCode: string; filters: SelectionFilter[] },
  SelectionResult
>({
  fetchPage: (q, page, pageSize) =>
    getSelectionProducts({ categoryCode: q.categoryCode, filters: q.filters, page, pageSize }),
  idOf: (p) => p.catalogNumber,
})

interface SelectionState {
  categoryCode: string
  filters: SelectionFilter[]
  facets: SelectionFacet[]
  facetsStatus: LoadState
  /** products in the category matching the filters (from the facets answer) */
  total: number
  /** language/country/user the facets and results were asked for */
  key: string | null
  /** a new screen: category (default antibodies), no filters */
  start: (key: string, categoryCode?: string) => void
  setCategory: (code: string) => void
  toggle: (facet: SelectionFacet, value: string) => void
  remove: (f: SelectionFilter) => void
  clear: () => void
  /** facets and products again, for the current category and filters */
  refresh: () => void
}

const latestFacets = latestOnly()

/** Selection tools: the category, the chosen values, and the facets to choose from; results follow every change. */
export const useSelection = create<SelectionState>()((set, get) => {
  const reload = () => {
    const { key, categoryCode, filters } = get()
    if (!key) return
    const fresh = latestFacets.start()
    set({ facetsStatus: 'loading' })
    getSelectionFacets({ categoryCode, filters }).then(
      (res) => {
        if (fresh()) set({ facets: res.facets, total: res.total, facetsStatus: 'ready' })
      },
      () => {
        if (fresh()) set({ facetsStatus: 'failed' })
      },
    )
    const listKey = `${key}|${categoryCode}|${JSON.stringify(filters)}`
    useSelectionResults.getState().load(listKey, { categoryCode, filters })
  }
  return {
    categoryCode: DEFAULT_SELECTION_CATEGORY,
    filters: [],
    facets: [],
    facetsStatus: 'idle',
    total: 0,
    key: null,
    start: (key, categoryCode) => {
      const code = categoryCode || DEFAULT_SELECTION_CATEGORY
      const s = get()
      if (s.key === key && s.categoryCode === code && s.facetsStatus !== 'failed' && s.facetsStatus !== 'idle') return
      set({
        key,
        categoryCode: code,
        filters: s.key === key && s.categoryCode === code ? s.filters : [],
        facets: [],
        total: 0,
      })
      reload()
    },
    setCategory: (code) => {
      if (code === get().categoryCode) return
      set({ categoryCode: code, filters: [], facets: [], total: 0 })
      reload()
    },
    toggle: (facet, value) => {
      const next = toggleFilter(get().filters, facet.name, value, facet.multiValued)
      if (next === get().filters) return
      set({ filters: next })
      reload()
    },
    remove: (f) => {
      set({ filters: get().filters.filter((x) => !(x.name === f.name && x.value === f.value)) })
      reload()
    },
    clear: () => {
      if (!get().filters.length) return
      set({ filters: [] })
      reload()
    },
    refresh: reload,
  }
})

/** Dual-origin and surcharge products, priced for the user, a page at a time. */
export const useDualOriginList = createPagedList<DualOriginItem, DualOriginQuery, DualOriginList>({
  fetchPage: (q, page, pageSize) => getDualOriginProducts({ ...q, page, pageSize }),
  idOf: (p) => p.catalogNumber,
})
