import { create } from 'zustand'
import type {
  Feedback,
  FeedbackBody,
  Gift,
  RedeemResult,
  Redemption,
  RedemptionSummary,
} from '../../../types/membership/gifts-schemas'
import type { ExchangeStatus } from '../../../types/membership/redemption'
import {
  getFeedback,
  getGift,
  getGifts,
  getRedemption,
  getRedemptions,
  postFeedback,
  redeemGift,
} from '../../api/membership/gifts'
import { ApiError } from '../../api/client'
import { newIdempotencyKey } from '../order/attempt'
import { memberError } from './points'
import { latestOnly, type LoadState } from '../load-state'
import type { MessageKey } from '../../i18n'

/**
 * The gift centre (spec §4 "Gift: points, stock, limit per period, minimum exchange quantity."
 * "Exchange status: normal, out of stock, exceeds limit, insufficient points, draw-only."): the gift
 * list with the member's balance, one gift, redeeming it, the redemption record and feedback. The
 * exchange status of each gift is the server's (types/membership/gifts.ts exchangeStatus); the form
 * checks the quantity with the same rule before sending (redeemRefusal).
 */

export const EXCHANGE_STATUS_KEY: Record<ExchangeStatus, MessageKey> = {
  normal: 'gifts.status.normal',
  out_of_stock: 'gifts.status.outOfStock',
  exceeds_limit: 'gifts.status.exceedsLimit',
  insufficient_points: 'gifts.status.insufficientPoints',
  draw_only: 'gifts.status.drawOnly',
}

/** 'blocked': a black-listed account (the screen says so instead of a retry) */
type Status = LoadState | 'blocked'

export interface RedeemInput {
  giftId: string
  quantity: number
  addressKey: string
  contact: { name: string; phone: string }
  remark?: string
}
export type RedeemOutcome = { ok: true; result: RedeemResult } | { ok: false; message: string; reason: string | null }

interface GiftsState {
  status: Status
  balance: number | null
  gifts: Gift[]
  error: string | null
  load: () => Promise<void>

  gift: Gift | null
  giftStatus: Status
  loadGift: (id: string) => Promise<void>

  /** one redemption attempt's key, kept while its answer is unknown (a retry must not redeem twice) */
  attempt: { key: string; body: string } | null
  redeeming: boolean
  redeem: (input: RedeemInput) => Promise<RedeemOutcome>

  records: RedemptionSummary[]
  recordsTotal: number
  recordsPage: number
  recordsStatus: Status
  loadRecords: (more?: boolean) => Promise<void>
  detail: Redemption | null
  detailStatus: Status
  loadDetail: (redemptionNumber: string) => Promise<void>

  feedback: Feedback[]
  feedbackStatus: Status
  loadFeedback: () => Promise<void>
  submitFeedback: (body: FeedbackBody) => Promise<{ ok: true } | { ok: false; message: string }>
}

export const RECORDS_PAGE_SIZE = 20
const latest = latestOnly()

export const useGifts = create<GiftsState>()((set, get) => ({
  status: 'idle',
  balance: null,
  gifts: [],
  error: null,
  load: async () => {
    const fresh = latest.start()
    set((s) => ({ status: s.gifts.length ? s.status : 'loading', error: null }))
    try {
      const r = await getGifts()
      if (fresh()) set({ status: 'ready', gifts: r.gifts, balance: r.balance })
    } catch (e) {
      const m = memberError(e)
      if (fresh()) set({ status: m.blocked ? 'blocked' : 'failed', error: m.message })
    }
  },

  gift: null,
  giftStatus: 'idle',
  loadGift: async (id) => {
    set((s) => ({
      giftStatus: s.gift?.id === id ? s.giftStatus : 'loading',
      gift: s.gift?.id === id ? s.gift : null,
      error: null,
    }))
    try {
      const gift = await getGift(id)
      set({ gift, giftStatus: 'ready' })
    } catch (e) {
      const m = memberError(e)
      set({ giftStatus: m.blocked ? 'blocked' : 'failed', error: m.message })
    }
  },

  attempt: null,
  redeeming: false,
  redeem: async (input) => {
    if (get().redeeming) return { ok: false, message: '', reason: 'BUSY' }
    const body = { ...input, remark: input.remark?.trim() || undefined }
    const sig = JSON.stringify(body)
    // the same request again (after an unknown answer) keeps its key: the server answers it once
    const prior = get().attempt
    const key = prior && prior.body === sig ? prior.key : await newIdempotencyKey()
    set({ redeeming: true, attempt: { key, body: sig } })
    try {
      const result = await redeemGift(body, key)
      set({ redeeming: false, attempt: null, balance: result.balance })
      return { ok: true, result }
    } catch (e) {
      const indefinite = e instanceof ApiError && e.indefinite
      set({ redeeming: false, attempt: indefinite ? { key, body: sig } : null })
      return { ok: false, message: memberError(e).message, reason: e instanceof ApiError ? e.reason : null }
    }
  },

  records: [],
  recordsTotal: 0,
  recordsPage: 0,
  recordsStatus: 'idle',
  loadRecords: async (more = false) => {
    const s = get()
    if (more && (s.recordsStatus !== 'ready' || s.records.length >= s.recordsTotal)) return
    const page = more ? s.recordsPage + 1 : 1
    if (!more) set((x) => ({ recordsStatus: x.records.length ? x.recordsStatus : 'loading' }))
    try {
      const r = await getRedemptions({ page, pageSize: RECORDS_PAGE_SIZE })
      set((x) => ({
        records: more ? [...x.records, ...r.items] : r.items,
        recordsTotal: r.total,
        recordsPage: page,
        recordsStatus: 'ready',
      }))
    } catch (e) {
      const m = memberError(e)
      set({ recordsStatus: m.blocked ? 'blocked' : 'failed', error: m.message })
    }
  },
  detail: null,
  detailStatus: 'idle',
  loadDetail: async (n) => {
    set((s) => ({
      detailStatus: s.detail?.redemptionNumber === n ? s.detailStatus : 'loading',
      detail: s.detail?.redemptionNumber === n ? s.detail : null,
    }))
    try {
      const detail = await getRedemption(n)
      set({ detail, detailStatus: 'ready' })
    } catch (e) {
      const m = memberError(e)
      set({ detailStatus: m.blocked ? 'blocked' : 'failed', error: m.message })
    }
  },

  feedback: [],
  feedbackStatus: 'idle',
  loadFeedback: async () => {
    set((s) => ({ feedbackStatus: s.feedback.length ? s.feedbackStatus : 'loading' }))
    try {
      const feedback = await getFeedback()
      set({ feedback, feedbackStatus: 'ready' })
    } catch (e) {
      const m = memberError(e)
      set({ feedbackStatus: m.blocked ? 'blocked' : 'failed', error: m.message })
    }
  },
  submitFeedback: async (body) => {
    try {
      const f = await postFeedback(body)
      set((s) => ({ feedback: [f, ...s.feedback.filter((x) => x.id !== f.id)] }))
      return { ok: true }
    } catch (e) {
      return { ok: false, message: memberError(e).message }
    }
  },
}))
