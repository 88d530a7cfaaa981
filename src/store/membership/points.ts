import { create } from 'zustand'
import type { PointsEntry, PointsSummary } from '../../../types/membership/points-schemas'
import { getPointsEntries, getPointsSummary } from '../../api/membership/gifts'
import { ApiError } from '../../api/client'
import { t } from '../locale'
import { latestOnly, type LoadState } from '../load-state'
import { loadShown } from './load-shown'

/**
 * The member's points (spec §2 "/giftcenter/rewarddetail Point detail; login needed"): the balance,
 * the next points to expire and when, and the entries of the ledger, newest first, a page at a time.
 * The server decides every figure (docs/membership.md).
 */
export const POINTS_PAGE_SIZE = 20

/** 'blocked': a black-listed account (the screen says so instead of a retry) */
type Status = LoadState | 'blocked'

interface PointsState {
  status: Status
  summary: PointsSummary | null
  entries: PointsEntry[]
  total: number
  page: number
  loadingMore: boolean
  error: string | null
  load: () => Promise<void>
  loadMore: () => Promise<void>
}

/** an error of a membership call as the member reads it; 'blocked' for a black-listed account */
export function memberError(e: unknown): { blocked: boolean; message: string } {
  if (e instanceof ApiError && e.reason === 'MEMBERSHIP_BLOCKED') return { blocked: true, message: t('member.blocked') }
  return { blocked: false, message: (e instanceof ApiError && e.serverMessage) || t('gifts.msg.generic') }
}

const latest = latestOnly()

export const usePoints = create<PointsState>()((set, get) => ({
  status: 'idle',
  summary: null,
  entries: [],
  total: 0,
  page: 0,
  loadingMore: false,
  error: null,
  load: () =>
    loadShown(
      set,
      !!get().summary,
      async () => {
        // the summary first: it brings the ledger up to date (orders credited, lots expired)
        const summary = await getPointsSummary()
        return { summary, first: await getPointsEntries({ page: 1, pageSize: POINTS_PAGE_SIZE }) }
      },
      ({ summary, first }) => ({ summary, entries: first.items, total: first.total, page: 1 }),
      memberError,
      latest.start(),
    ),
  loadMore: async () => {
    const s = get()
    if (s.loadingMore || s.status !== 'ready' || s.entries.length >= s.total) return
    const fresh = latest.follow()
    set({ loadingMore: true })
    try {
      const next = await getPointsEntries({ page: s.page + 1, pageSize: POINTS_PAGE_SIZE })
      if (fresh())
        set((x) => ({
          entries: [...x.entries, ...next.items],
          total: next.total,
          page: s.page + 1,
          loadingMore: false,
        }))
    } catch (e) {
      if (fresh()) set({ loadingMore: false, error: memberError(e).message })
    }
  },
}))
