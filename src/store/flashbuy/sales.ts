import { create } from 'zustand'
import type { FlashSaleSummary, FlashBuyStatus } from '../../../types/flashbuy'
import { getFlashSales } from '../../api/flashbuy'
import { ApiError } from '../../api/client'
import { t } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

/**
 * The flash-sale list (spec section 2 names the screen; GET /flashbuy/list). Anonymous visitors can
 * browse it. Sales are grouped the way the list shows them: running ("on sale": in progress or sold
 * out), coming ("soon") and over ("expired"); the server decides each sale's status.
 */
export type FlashSaleGroup = 'onSale' | 'soon' | 'expired'
export const GROUP_OF: Record<FlashBuyStatus, FlashSaleGroup> = {
  IN_PROGRESS: 'onSale',
  SOLD_OUT: 'onSale',
  COMING_SOON: 'soon',
  OVER: 'expired',
}
export const GROUP_ORDER: FlashSaleGroup[] = ['onSale', 'soon', 'expired']

/** the groups with sales in them, in display order; running sales with stock first, then by end (running) or start (coming) */
export function groupSales(sales: FlashSaleSummary[]): { group: FlashSaleGroup; sales: FlashSaleSummary[] }[] {
  const at = (s: string) => new Date(s).getTime()
  const order = (g: FlashSaleGroup) => (a: FlashSaleSummary, b: FlashSaleSummary) =>
    g === 'onSale'
      ? Number(a.flashBuyStatus !== 'IN_PROGRESS') - Number(b.flashBuyStatus !== 'IN_PROGRESS') ||
        at(a.endAt) - at(b.endAt)
      : g === 'soon'
        ? at(a.startAt) - at(b.startAt)
        : at(b.endAt) - at(a.endAt)
  return GROUP_ORDER.map((group) => ({
    group,
    sales: sales.filter((s) => GROUP_OF[s.flashBuyStatus] === group).sort(order(group)),
  })).filter((g) => g.sales.length > 0)
}

interface FlashSalesState {
  status: LoadState
  sales: FlashSaleSummary[]
  error: string | null
  load: () => Promise<void>
}

const latest = latestOnly()

export const useFlashSales = create<FlashSalesState>()((set) => ({
  status: 'idle',
  sales: [],
  error: null,
  load: async () => {
    const fresh = latest.start()
    set((s) => ({ status: s.sales.length ? s.status : 'loading', error: null }))
    try {
      const sales = await getFlashSales()
      if (fresh()) set({ sales, status: 'ready' })
    } catch (e) {
      if (fresh()) set({ status: 'failed', error: e instanceof ApiError ? e.message : t('flashbuy.msg.generic') })
    }
  },
}))
