import { create } from 'zustand'
import type { SQuoteDetail, SQuoteSummary } from '../../../types'
import { getQuoteDetail, getQuoteList } from '../../api/order'
import { ApiError } from '../../api/client'
import { t } from '../locale'
import { loadOneInto, type Loaded, type LoadedOne } from '../load-state'

/** S-quotes: the list of My quotes and one quote's detail (spec section 3 "S-quote": orderHeader, orderLineList). */

/** Spec section 9 "Quote card thumbnails: max 4, then '+N'". */
export const QUOTE_THUMBNAILS_MAX = 4
export function thumbnailsOf<T>(thumbs: T[], itemCount: number): { shown: T[]; more: number } {
  const shown = thumbs.slice(0, QUOTE_THUMBNAILS_MAX)
  return { shown, more: Math.max(0, itemCount - shown.length) }
}

interface QuotesState {
  list: Loaded<SQuoteSummary[]>
  detail: LoadedOne<SQuoteDetail>
  loadList: () => Promise<void>
  loadDetail: (staticQuoteId: string) => Promise<void>
}

export const useQuotes = create<QuotesState>()((set) => ({
  list: { status: 'idle', data: null, error: null },
  detail: { status: 'idle', data: null, error: null, id: null },

  loadList: async () => {
    set((s) => ({ list: { ...s.list, status: 'loading', error: null } }))
    try {
      const data = await getQuoteList()
      set({ list: { status: 'ready', data, error: null } })
    } catch (e) {
      set({ list: { status: 'failed', data: null, error: e instanceof ApiError ? e.message : t('error.generic') } })
    }
  },

  loadDetail: (staticQuoteId) =>
    loadOneInto(
      staticQuoteId,
      getQuoteDetail,
      (detail) => set({ detail }),
      (e) => (e instanceof ApiError ? e.message : t('error.generic')),
    ),
}))
