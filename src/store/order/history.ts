import { create } from 'zustand'
import type { OrderDetail, OrderListItem, OrderStatusGroup } from '../../../types'
import { ORDER_SEARCH_MAX } from '../../../types/order/history-rules'
import { getOrderDetail } from '../../api/order'
import { getOrderList } from '../../api/order/screens'
import { ApiError } from '../../api/client'
import { t } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

/**
 * The order history (GET /order/list): the last 3 months of the account's orders (spec §9), one
 * status chip, one search (order, sales order or PO number), pages joined by the server's cursor
 * ("load more on scroll"). A newer load makes the answers of older ones stale (a fast typist, a
 * chip tapped twice): they are dropped.
 */

export const ORDER_HISTORY_PAGE_SIZE = 20
export type OrderHistoryFilter = OrderStatusGroup | 'all'

interface OrderHistoryState {
  filter: OrderHistoryFilter
  /** the search applied (trimmed); '' none */
  query: string
  items: OrderListItem[]
  nextCursor: string | null
  /** the start of the window the server covered */
  since: string | null
  /** the first page's */
  status: LoadState
  loadingMore: boolean
  /** the last failure (first page or a later one) */
  error: string | null
  /** the first page for a filter and a search */
  load: (filter?: OrderHistoryFilter, query?: string) => Promise<void>
  /** the next page, appended; nothing when there is none or one is on its way */
  more: () => Promise<void>
  reset: () => void
}

/** A search as the server takes it: trimmed, at most 60 characters (a PO number's limit, spec §9). */
export const cleanOrderSearch = (q: string) => Array.from(q.trim()).slice(0, ORDER_SEARCH_MAX).join('').trim()

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : t('error.generic'))

const latest = latestOnly()

/** the history before any load, and after a reset (a logout) */
const emptyHistory: Pick<
  OrderHistoryState,
  'filter' | 'query' | 'items' | 'nextCursor' | 'since' | 'status' | 'loadingMore' | 'error'
> = {
  filter: 'all',
  query: '',
  items: [],
  nextCursor: null,
  since: null,
  status: 'idle',
  loadingMore: false,
  error: null,
}

export const useOrderHistory = create<OrderHistoryState>()((set, get) => ({
  ...emptyHistory,

  load: async (filter = get().filter, query = get().query) => {
    const fresh = latest.start()
    const q = cleanOrderSearch(query)
    set({ filter, query: q, items: [], nextCursor: null, status: 'loading', loadingMore: false, error: null })
    try {
      const r = await getOrderList({
        ...(filter === 'all' ? {} : { status: filter }),
        ...(q ? { q } : {}),
        limit: ORDER_HISTORY_PAGE_SIZE,
      })
      if (!fresh()) return
      set({ items: r.items, nextCursor: r.nextCursor, since: r.since, status: 'ready' })
    } catch (e) {
      if (!fresh()) return
      set({ status: 'failed', error: errorText(e) })
    }
  },

  more: async () => {
    const { filter, query, nextCursor, status, loadingMore, items } = get()
    if (status !== 'ready' || !nextCursor || loadingMore) return
    const fresh = latest.start()
    set({ loadingMore: true, error: null })
    try {
      const r = await getOrderList({
        ...(filter === 'all' ? {} : { status: filter }),
        ...(query ? { q: query } : {}),
        cursor: nextCursor,
        limit: ORDER_HISTORY_PAGE_SIZE,
      })
      if (!fresh()) return
      const known = new Set(items.map((i) => i.orderNumber))
      set({
        items: [...items, ...r.items.filter((i) => !known.has(i.orderNumber))],
        nextCursor: r.nextCursor,
        loadingMore: false,
      })
    } catch (e) {
      if (!fresh()) return
      // the rows already shown stay; the Load more button tries again
      set({ loadingMore: false, error: errorText(e) })
    }
  },

  reset: () => {
    latest.drop()
    set(emptyHistory)
  },
}))

// ---------------- one order (GET /order/detail/{orderNumber}) ----------------

interface OrderDetailState {
  orderNumber: string | null
  status: LoadState | 'notFound'
  data: OrderDetail | null
  error: string | null
  load: (orderNumber: string) => Promise<void>
}

const latestDetail = latestOnly()

/** The order detail page's order: the caller's account's only (another account's number answers 404: "not found"). */
export const useOrderDetail = create<OrderDetailState>()((set) => ({
  orderNumber: null,
  status: 'idle',
  data: null,
  error: null,
  load: async (orderNumber) => {
    const fresh = latestDetail.start()
    set({ orderNumber, status: 'loading', data: null, error: null })
    try {
      const data = await getOrderDetail(orderNumber)
      if (!fresh()) return
      set({ status: 'ready', data })
    } catch (e) {
      if (!fresh()) return
      const notFound = e instanceof ApiError && (e.status === 404 || e.status === 403)
      set({ status: notFound ? 'notFound' : 'failed', error: errorText(e) })
    }
  },
}))
