import { create } from 'zustand'
import type { DrawActivity, DrawList, DrawResult, GiftBag, PrizeOrder } from '../../../types/membership'
import { drawRefusal, type DrawRefusal } from '../../../types/membership/play-rules'
import { drawOnce, getDraws, getGiftBag, setPrizeAddress } from '../../api/membership/play'
import { ApiError } from '../../api/client'
import { randomBytes, toHex } from '../../platform/random'
import type { MessageKey } from '../../i18n'
import { t } from '../locale'
import type { LoadState } from '../load-state'
import { loadShown } from './load-shown'

/**
 * Lucky draws and the gift bag (issue 13). The server decides every draw; this store asks for one
 * (with an Idempotency-Key kept while the answer is unknown, so a retry never charges twice) and
 * hands the answer to the screen, which animates to it. A refusal carries the server's reason; the
 * screen shows the localized section 8 text for it.
 */

/** the localized message of a play refusal (section 8), or the server's own message */
export function playErrorMessage(e: unknown): string {
  if (e instanceof ApiError) {
    const reason = e.reason
    if (reason) {
      const key = `play.reason.${reason}` as MessageKey
      const text = t(key)
      if (text !== key) return text
    }
    return e.serverMessage || e.message
  }
  return t('play.error')
}

/**
 * What the server would refuse now, from what the screen knows (the same rule, types/membership/
 * play-rules.ts drawRefusal): the limits reached or the points short turn the button off with the
 * section 8 message instead of a call that can only fail. The server still decides every draw. A
 * black-listed account never sees the screen (the member gate), hence false.
 */
export function drawRefusalNow(a: DrawActivity, balance: number): DrawRefusal | null {
  return drawRefusal({
    status: a.status,
    blacklisted: false,
    usedTotal: a.usedTotal,
    usedInPeriod: a.usedInPeriod,
    totalLimit: a.totalLimit,
    periodLimit: a.periodLimit,
    balance,
    pointsPerDraw: a.pointsPerDraw,
    realPrizesLeft: a.prizes.filter((p) => p.kind !== 'none' && p.available).length,
  })
}

export const refusalMessage = (r: DrawRefusal) => t(`play.reason.${r}` as MessageKey)

/**
 * What the screen says around a draw (issue 22 item 11: "Exceeded period limit" showed above "You won"
 * on the day's last allowed spin). The server's refusal of a tap is the news: said first, as an alert. A
 * limit the member reaches with the draw on display comes after its prize, as a note: the prize is what
 * just happened, the limit what follows from it. With no draw on display, a limit is said at once (alert).
 */
export function drawNotices(
  refusal: string | null,
  refusedNow: DrawRefusal | null,
  resultShown: boolean,
): { alert: string | null; note: string | null } {
  if (refusal) return { alert: refusal, note: null }
  if (!refusedNow) return { alert: null, note: null }
  const text = refusalMessage(refusedNow)
  return resultShown ? { alert: null, note: text } : { alert: text, note: null }
}

export const refusalReason = (e: unknown): string | null => (e instanceof ApiError ? e.reason : null)

interface DrawsState {
  status: LoadState
  error: string | null
  balance: number
  activities: DrawActivity[]
  selectedId: string | null
  drawing: boolean
  /** the last answer of the selected activity (the screen animates to it) */
  result: DrawResult | null
  refusal: string | null
  /** the key of a draw whose answer never came: the next tap retries with it */
  pendingKey: { activityId: string; key: string } | null
  load: () => Promise<void>
  select: (id: string) => void
  draw: () => Promise<DrawResult | null>
  dismiss: () => void
}

export const useDraws = create<DrawsState>()((set, get) => ({
  status: 'idle',
  error: null,
  balance: 0,
  activities: [],
  selectedId: null,
  drawing: false,
  result: null,
  refusal: null,
  pendingKey: null,
  load: () =>
    loadShown(
      set,
      get().activities.length > 0,
      getDraws,
      (list: DrawList) => {
        const keep = get().selectedId
        const selectedId =
          list.activities.find((a) => a.id === keep)?.id ??
          list.activities.find((a) => a.status === 'running')?.id ??
          list.activities[0]?.id ??
          null
        return { balance: list.balance, activities: list.activities, selectedId }
      },
      playErrorMessage,
    ),
  select: (id) => set({ selectedId: id, result: null, refusal: null }),
  draw: async () => {
    const { selectedId, drawing, pendingKey } = get()
    if (!selectedId || drawing) return null
    const key = pendingKey?.activityId === selectedId ? pendingKey.key : toHex(await randomBytes(16))
    set({ drawing: true, refusal: null, result: null, pendingKey: { activityId: selectedId, key } })
    try {
      const r = await drawOnce(selectedId, key)
      set((s) => ({
        drawing: false,
        result: r,
        pendingKey: null,
        balance: r.balance,
        activities: s.activities.map((a) =>
          a.id === r.activityId
            ? {
                ...a,
                usedInPeriod: r.usedInPeriod,
                usedTotal: r.usedTotal,
                prizes: a.prizes.map((p) => (p.id === r.prize.id ? r.prize : p)),
              }
            : a,
        ),
      }))
      return r
    } catch (e) {
      // a definite refusal frees the key; an unknown outcome keeps it for the retry
      const definite = e instanceof ApiError && !e.indefinite
      set({ drawing: false, refusal: playErrorMessage(e), pendingKey: definite ? null : get().pendingKey })
      return null
    }
  },
  dismiss: () => set({ result: null, refusal: null }),
}))

/** the wheel's rotation (degrees, clockwise) that brings segment `slot` of `count` under the pointer at the top, after whole turns past `from` */
export function wheelRotation(from: number, slot: number, count: number, turns = 5): number {
  const seg = 360 / count
  const target = 360 - (slot * seg + seg / 2)
  const base = from - (from % 360)
  return base + turns * 360 + target
}

interface GiftBagState {
  status: LoadState
  error: string | null
  items: PrizeOrder[]
  total: number
  saving: string | null
  load: () => Promise<void>
  setAddress: (orderId: string, shipTo: string) => Promise<string | null>
}

export const useGiftBag = create<GiftBagState>()((set, get) => ({
  status: 'idle',
  error: null,
  items: [],
  total: 0,
  saving: null,
  load: () =>
    loadShown(
      set,
      get().items.length > 0,
      () => getGiftBag({ page: 1, pageSize: 50 }),
      (bag: GiftBag) => ({ items: bag.items, total: bag.total }),
      playErrorMessage,
    ),
  /** null when saved, else the message to show */
  setAddress: async (orderId, shipTo) => {
    if (get().saving) return null
    set({ saving: orderId })
    try {
      const o = await setPrizeAddress(orderId, shipTo)
      set((s) => ({ saving: null, items: s.items.map((x) => (x.id === o.id ? o : x)) }))
      return null
    } catch (e) {
      set({ saving: null })
      if (refusalReason(e) === 'PRIZE_ORDER_EXPIRED') void get().load()
      return playErrorMessage(e)
    }
  },
}))
