import { create } from 'zustand'
import type { BillToSummary, Invoice, InvoiceKind, InvoiceStatus } from '../../../types'
import { getInvoiceList } from '../../api/account'
import { ApiError } from '../../api/client'
import { t } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

export const INVOICE_PAGE_SIZE = 10

export interface InvoiceFilters {
  kind?: InvoiceKind
  status?: InvoiceStatus
}

interface InvoicesState {
  billToAccountNumber: string | null
  filters: InvoiceFilters
  billTo: BillToSummary | null
  list: Invoice[]
  total: number
  page: number
  status: LoadState
  error: string | null
  /** the first page for a bill-to and filters (general or special, status) */
  load: (billToAccountNumber: string, filters?: InvoiceFilters) => Promise<void>
  /** the next page, appended ("load more") */
  more: () => Promise<void>
}

const latest = latestOnly()

/** The invoice list of one bill-to (GET /invoice/list), filtered and paged. */
export const useInvoices = create<InvoicesState>()((set, get) => ({
  billToAccountNumber: null,
  filters: {},
  billTo: null,
  list: [],
  total: 0,
  page: 0,
  status: 'idle',
  error: null,

  load: async (billToAccountNumber, filters = {}) => {
    const fresh = latest.start()
    const sameBillTo = get().billToAccountNumber === billToAccountNumber
    set({
      billToAccountNumber,
      filters,
      list: [],
      total: 0,
      page: 0,
      status: 'loading',
      error: null,
      billTo: sameBillTo ? get().billTo : null,
    })
    try {
      const r = await getInvoiceList({ billToAccountNumber, ...filters, page: 1, pageSize: INVOICE_PAGE_SIZE })
      if (!fresh()) return
      set({ billTo: r.billTo, list: r.list, total: r.total, page: r.page, status: 'ready' })
    } catch (e) {
      if (!fresh()) return
      set({ status: 'failed', error: e instanceof ApiError ? e.message : t('error.generic') })
    }
  },

  more: async () => {
    const { billToAccountNumber, filters, list, total, page, status } = get()
    if (!billToAccountNumber || status !== 'ready' || list.length >= total) return
    const fresh = latest.start()
    set({ status: 'loading' })
    try {
      const r = await getInvoiceList({ billToAccountNumber, ...filters, page: page + 1, pageSize: INVOICE_PAGE_SIZE })
      if (!fresh()) return
      const known = new Set(list.map((i) => i.invoiceNumber))
      set({
        list: [...list, ...r.list.filter((i) => !known.has(i.invoiceNumber))],
        total: r.total,
        page: r.page,
        status: 'ready',
      })
    } catch (e) {
      if (!fresh()) return
      set({ status: 'ready', error: e instanceof ApiError ? e.message : t('error.generic') })
    }
  },
}))

export const hasMoreInvoices = (s: Pick<InvoicesState, 'list' | 'total'>) => s.list.length < s.total
