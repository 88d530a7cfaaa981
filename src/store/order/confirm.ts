import { create } from 'zustand'
import type { Confirmation } from '../../../types'
import { answerConfirmation, getConfirmation } from '../../api/order/screens'
import { ApiError } from '../../api/client'
import { t } from '../locale'

/**
 * An order's confirmation link (issue 12; spec §8 "Order confirmation link expired; order confirmed,
 * cancelled or not found; confirmation failed"; §9 "Pre-order: 24 hours"). The page shows one message
 * per state; while the link waits (pending) it shows the order's summary and Confirm / Cancel.
 */

export type ConfirmView = Confirmation['state'] | 'notFound' | 'loading' | 'error'

interface OrderConfirmState {
  token: string | null
  view: ConfirmView
  data: Confirmation | null
  error: string | null
  busy: boolean
  load: (token: string) => Promise<void>
  answer: (action: 'confirm' | 'cancel') => Promise<void>
}

const viewOfError = (e: unknown): { view: ConfirmView; error: string } =>
  e instanceof ApiError && e.status === 404
    ? { view: 'notFound', error: e.serverMessage ?? e.message }
    : { view: 'error', error: e instanceof ApiError ? (e.serverMessage ?? e.message) : t('error.generic') }

export const useOrderConfirm = create<OrderConfirmState>()((set, get) => ({
  token: null,
  view: 'loading',
  data: null,
  error: null,
  busy: false,

  load: async (token) => {
    set({ token, view: 'loading', data: null, error: null })
    try {
      const data = await getConfirmation(token)
      if (get().token === token) set({ view: data.state, data })
    } catch (e) {
      if (get().token === token) set({ ...viewOfError(e), data: null })
    }
  },

  answer: async (action) => {
    const { token, busy, view } = get()
    if (!token || busy || view !== 'pending') return
    set({ busy: true, error: null })
    try {
      const data = await answerConfirmation(token, { action })
      set({ view: data.state, data })
    } catch (e) {
      // a refused answer that is not "not found" reads "confirmation failed"
      const v = viewOfError(e)
      set(v.view === 'notFound' ? { ...v, data: null } : { view: 'failed', error: v.error })
    } finally {
      set({ busy: false })
    }
  },
}))
