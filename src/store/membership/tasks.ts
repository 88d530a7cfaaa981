import { create } from 'zustand'
import type { MemberInteraction, TaskCode, TaskList } from '../../../types/membership'
import { claimTask, getInteractions, getTasks } from '../../api/membership/play'
import { playErrorMessage } from './draws'
import type { LoadState } from '../load-state'
import { loadShown } from './load-shown'

/** Earn points by tasks, and the interaction history (issue 13). The server verifies and credits; the screen shows. */

interface TasksState {
  status: LoadState
  error: string | null
  list: TaskList | null
  claiming: TaskCode | null
  load: () => Promise<void>
  /** { points } when credited, { message } when refused */
  claim: (code: TaskCode) => Promise<{ points: number } | { message: string } | null>
}

export const useTasks = create<TasksState>()((set, get) => ({
  status: 'idle',
  error: null,
  list: null,
  claiming: null,
  load: () => loadShown(set, !!get().list, getTasks, (list) => ({ list }), playErrorMessage),
  claim: async (code) => {
    if (get().claiming) return null
    set({ claiming: code })
    try {
      const r = await claimTask(code)
      set((s) => ({
        claiming: null,
        list: s.list && {
          balance: r.balance,
          tasks: s.list.tasks.map((x) => (x.code === code ? { ...x, state: 'done' as const } : x)),
        },
      }))
      return { points: r.credited ? r.points : 0 }
    } catch (e) {
      set({ claiming: null })
      return { message: playErrorMessage(e) }
    }
  },
}))

const PAGE_SIZE = 20

interface InteractionsState {
  status: LoadState
  error: string | null
  items: MemberInteraction[]
  total: number
  page: number
  loadingMore: boolean
  load: () => Promise<void>
  more: () => Promise<void>
}

export const useInteractions = create<InteractionsState>()((set, get) => ({
  status: 'idle',
  error: null,
  items: [],
  total: 0,
  page: 0,
  loadingMore: false,
  load: () =>
    loadShown(
      set,
      get().items.length > 0,
      () => getInteractions({ page: 1, pageSize: PAGE_SIZE }),
      (p) => ({ items: p.items, total: p.total, page: 1 }),
      playErrorMessage,
    ),
  more: async () => {
    const { page, items, total, loadingMore } = get()
    if (loadingMore || items.length >= total) return
    set({ loadingMore: true })
    try {
      const p = await getInteractions({ page: page + 1, pageSize: PAGE_SIZE })
      const seen = new Set(items.map((i) => i.id))
      set({
        loadingMore: false,
        items: [...items, ...p.items.filter((i) => !seen.has(i.id))],
        total: p.total,
        page: page + 1,
      })
    } catch (e) {
      set({ loadingMore: false, error: playErrorMessage(e) })
    }
  },
}))
