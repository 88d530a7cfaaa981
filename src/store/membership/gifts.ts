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
import { loadShown } from './load-shown'
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

/** the store's slots besides the gift list, each with its `${slot}Status` */
type Slot = 'gift' | 'records' | 'detail' | 'feedback'

/**
 * The answer of a load into one of those slots (its start is the caller's: what stays shown meanwhile):
 * `ready` puts it (by default: as the slot) and the slot's status is 'ready'; a failure makes it
 * 'blocked' for a black-listed account, else 'failed', with the message.
 */
async function loadInto<T>(
  set: (patch: Partial<GiftsState>) => void,
  slot: Slot,
  fetch: () => Promise<T>,
  ready: (answer: T) => Partial<GiftsState> = (answer) => ({ [slot]: answer }),
) {
  try {
    const answer = await fetch()
    set({ ...ready(answer), [`${slot}Status`]: 'ready' })
  } catch (e) {
    const m = memberError(e)
    set({ [`${slot}Status`]: m.blocked ? 'blocked' : 'failed', error: m.message })
  }
}

export const useGifts = create<GiftsState>()((set, get) => ({
  status: 'idle',
  balance: null,
  gifts: [],
  error: null,
  load: () =>
    loadShown(
      set,
      get().gifts.length > 0,
      getGifts,
      (r) => ({ gifts: r.gifts, balance: r.balance }),
      memberError,
      latest.start(),
    ),

  gift: null,
  giftStatus: 'idle',
  loadGift: (id) => {
    // the gift on display stays while it reloads; another one is cleared
    set((s) => (s.gift?.id === id ? { error: null } : { gift: null, giftStatus: 'loading', error: null }))
    return loadInto(set, 'gift', () => getGift(id))
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
    await loadInto(
      set,
      'records',
      () => getRedemptions({ page, pageSize: RECORDS_PAGE_SIZE }),
      (r) => ({ records: more ? [...get().records, ...r.items] : r.items, recordsTotal: r.total, recordsPage: page }),
    )
  },
  detail: null,
  detailStatus: 'idle',
  loadDetail: (n) => {
    // as for a gift: the record on display stays while it reloads
    set((s) => (s.detail?.redemptionNumber === n ? {} : { detail: null, detailStatus: 'loading' }))
    return loadInto(set, 'detail', () => getRedemption(n))
  },

  feedback: [],
  feedbackStatus: 'idle',
  loadFeedback: () => {
    set((s) => ({ feedbackStatus: s.feedback.length ? s.feedbackStatus : 'loading' }))
    return loadInto(set, 'feedback', getFeedback)
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
