import { useEffect, useRef } from 'react'
import { create } from 'zustand'
import dayjs from 'dayjs'
import type { HistoryItem, HistoryVisit } from '../../../types'
import { getHistory, mergeHistory, recordVisit } from '../../api/engagement'
import { storage } from '../../platform/storage'
import { useSession } from '../auth/session'
import { latestOnly, type LoadState } from '../load-state'

/**
 * Browsing history (spec section 2 names the screen: "browsing history (tabs and a date filter)";
 * section 6: history needs login). Views are recorded on the server for a logged-in user; a
 * visitor's are kept on the device (the last LOCAL_HISTORY_MAX), shown to the visitor, and merged
 * into the account once the session has a user, then cleared from the device.
 */
export type HistoryKind = 'product' | 'content'
export const LOCAL_HISTORY_KEY = 'browsingHistory'
export const LOCAL_HISTORY_MAX = 100
export const HISTORY_PAGE_SIZE = 20

/** A view kept on the device: the visit, and what the list shows for it. */
export type LocalVisit = HistoryItem

export type DateRange =
  | { kind: 'all' }
  | { kind: 'today' }
  | { kind: 'last7' }
  | { kind: 'last30' }
  | { kind: 'custom'; from: string | null; to: string | null }

const DAY = 'YYYY-MM-DD'

/** The from/to dates (inclusive, local calendar days) of a filter. */
export function rangeDates(range: DateRange, now: Date = new Date()): { from?: string; to?: string } {
  const today = dayjs(now)
  switch (range.kind) {
    case 'all':
      return {}
    case 'today':
      return { from: today.format(DAY), to: today.format(DAY) }
    case 'last7':
      return { from: today.subtract(6, 'day').format(DAY), to: today.format(DAY) }
    case 'last30':
      return { from: today.subtract(29, 'day').format(DAY), to: today.format(DAY) }
    case 'custom': {
      let { from, to } = range
      if (from && to && from > to) [from, to] = [to, from]
      return { ...(from ? { from } : {}), ...(to ? { to } : {}) }
    }
  }
}

export function readLocalHistory(): LocalVisit[] {
  const raw = storage.get(LOCAL_HISTORY_KEY)
  if (!raw) return []
  try {
    const list = JSON.parse(raw)
    return Array.isArray(list)
      ? list.filter((v) => v && typeof v.id === 'string' && (v.kind === 'product' || v.kind === 'content'))
      : []
  } catch {
    return []
  }
}

function writeLocalHistory(list: LocalVisit[]) {
  if (list.length) storage.set(LOCAL_HISTORY_KEY, JSON.stringify(list))
  else storage.remove(LOCAL_HISTORY_KEY)
}

/** Newest first, one entry per item (a new view moves it to the top), the last 100 kept. */
export function addLocalVisit(list: LocalVisit[], visit: LocalVisit): LocalVisit[] {
  return [visit, ...list.filter((v) => !(v.kind === visit.kind && v.id === visit.id))].slice(0, LOCAL_HISTORY_MAX)
}

/** A local list filtered like the server's: kind and local calendar days from/to. */
export function filterLocal(list: LocalVisit[], kind: HistoryKind, range: DateRange, now?: Date): LocalVisit[] {
  const { from, to } = rangeDates(range, now)
  return list.filter((v) => {
    if (v.kind !== kind) return false
    const day = dayjs(v.viewedAt).format(DAY)
    return (!from || day >= from) && (!to || day <= to)
  })
}

interface HistoryState {
  items: HistoryItem[]
  total: number
  page: number
  status: LoadState
  /** what the list shows: whose, which kind, which dates */
  query: { source: 'server' | 'local'; kind: HistoryKind; range: DateRange } | null
  merging: boolean
  record: (item: Omit<LocalVisit, 'viewedAt'>) => Promise<void>
  list: (kind: HistoryKind, range: DateRange) => Promise<void>
  more: () => Promise<void>
  mergeLocal: () => Promise<void>
}

const loggedIn = () => !!useSession.getState().userInfo
const latest = latestOnly()

export const useHistory = create<HistoryState>()((set, get) => ({
  items: [],
  total: 0,
  page: 0,
  status: 'idle',
  query: null,
  merging: false,

  record: async (item) => {
    const viewedAt = new Date().toISOString()
    if (loggedIn()) {
      try {
        await recordVisit({ kind: item.kind, id: item.id })
        return
      } catch {
        // kept on the device, merged with the next login
      }
    }
    writeLocalHistory(addLocalVisit(readLocalHistory(), { ...item, viewedAt }))
  },

  list: async (kind, range) => {
    const fresh = latest.start()
    if (!loggedIn()) {
      const items = filterLocal(readLocalHistory(), kind, range)
      set({ items, total: items.length, page: 1, status: 'ready', query: { source: 'local', kind, range } })
      return
    }
    set({ items: [], total: 0, page: 0, status: 'loading', query: { source: 'server', kind, range } })
    try {
      const res = await getHistory({ kind, ...rangeDates(range), page: 1, pageSize: HISTORY_PAGE_SIZE })
      if (!fresh()) return
      set({ items: res.items, total: res.total, page: 1, status: 'ready' })
    } catch {
      if (fresh()) set({ status: 'failed' })
    }
  },

  more: async () => {
    const { query, items, total, page, status } = get()
    if (!query || query.source !== 'server' || status === 'loading' || items.length >= total) return
    const fresh = latest.follow()
    set({ status: 'loading' })
    try {
      const res = await getHistory({
        kind: query.kind,
        ...rangeDates(query.range),
        page: page + 1,
        pageSize: HISTORY_PAGE_SIZE,
      })
      if (!fresh()) return
      const seen = new Set(get().items.map((i) => `${i.kind}:${i.id}:${i.viewedAt}`))
      set({
        items: [...get().items, ...res.items.filter((i) => !seen.has(`${i.kind}:${i.id}:${i.viewedAt}`))],
        total: res.total,
        page: page + 1,
        status: 'ready',
      })
    } catch {
      if (fresh()) set({ status: 'failed' })
    }
  },

  /** POST /history/merge with the device's views (once there is a user), then clears them. */
  mergeLocal: async () => {
    if (get().merging || !loggedIn()) return
    const local = readLocalHistory()
    if (!local.length) return
    set({ merging: true })
    try {
      const visits: HistoryVisit[] = local.map((v) => ({ kind: v.kind, id: v.id, viewedAt: v.viewedAt }))
      await mergeHistory(visits)
      // views recorded on the device while the merge was on its way stay for the next merge
      const sent = new Set(local.map((v) => `${v.kind}:${v.id}:${v.viewedAt}`))
      writeLocalHistory(readLocalHistory().filter((v) => !sent.has(`${v.kind}:${v.id}:${v.viewedAt}`)))
    } catch {
      // kept on the device; tried again at the next session change
    } finally {
      set({ merging: false })
    }
  },
}))

/** "Session status ... USER_FETCHED": once the session has a user, the device's history joins the account. */
const maybeMerge = (s: ReturnType<typeof useSession.getState>) => {
  if (s.status === 'USER_FETCHED' && s.userInfo) void useHistory.getState().mergeLocal()
}
useSession.subscribe((s, prev) => {
  if (s.status !== prev.status || s.userInfo !== prev.userInfo) maybeMerge(s)
})
maybeMerge(useSession.getState())

/** Records one view per item while a screen shows it (product, article, promotion); null while loading. */
export function useRecordVisit(item: Omit<LocalVisit, 'viewedAt'> | null) {
  const recorded = useRef<string | null>(null)
  useEffect(() => {
    if (!item || recorded.current === item.id) return
    recorded.current = item.id
    useHistory.getState().record(item)
  }, [item?.id]) // eslint-disable-line react-hooks/exhaustive-deps
}
