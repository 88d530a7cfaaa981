import { create } from 'zustand'
import type { Notification } from '../../../types'
import { getNotifications, postNotificationUnread } from '../../api/account'
import { storage } from '../../platform/storage'
import { addReadIds, parseReadIds, readIdsKey } from '../../rules/account/notification-read'
import { hasValidToken } from '../engagement/wishlist'
import { useSession } from '../auth/session'
import { latestOnly, type LoadState } from '../load-state'

export const NOTIFICATION_PAGE_SIZE = 20
/** "mark all read" reads the ids of at most this many pages (of 50) */
const MARK_ALL_MAX_PAGES = 10

interface NotificationsState {
  items: Notification[]
  total: number
  page: number
  status: LoadState
  /** the ids read on this device (spec section 3), mirrored from storage */
  readIds: string[]
  /** spec section 7: "presence of data drives the bell dot" */
  hasUnread: boolean
  /** POST /notification/unread with the local read ids; logged-in users only (never without a token) */
  refreshUnread: () => Promise<void>
  /** GET /notification/list: first page (reset) or the next one */
  load: (reset?: boolean) => Promise<void>
  /** marks one read locally, then asks the server again for the bell */
  markRead: (id: string) => Promise<void>
  markAllRead: () => Promise<void>
  reset: () => void
}

/** The logged-in user the calls are made for, or null (no token, or the user is not known yet). */
function currentUserId(): string | null {
  if (!hasValidToken()) return null
  return useSession.getState().userInfo?.userProfile.userId ?? null
}

const byNewest = (a: Notification, b: Notification) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0

const latestList = latestOnly()
let unreadCall: Promise<void> | null = null
let unreadAgain = false

export const useNotifications = create<NotificationsState>()((set, get) => {
  const loadReadIds = (userId: string) => parseReadIds(storage.get(readIdsKey(userId)))
  const saveRead = (userId: string, ids: string[]) => {
    const next = addReadIds(loadReadIds(userId), ids)
    storage.set(readIdsKey(userId), JSON.stringify(next))
    set({ readIds: next })
  }

  return {
    items: [],
    total: 0,
    page: 0,
    status: 'idle',
    readIds: [],
    hasUnread: false,

    refreshUnread: async () => {
      if (unreadCall) {
        // one call at a time; a change made meanwhile (a read, a login) is sent right after it
        unreadAgain = true
        return unreadCall
      }
      const run = async () => {
        do {
          unreadAgain = false
          const userId = currentUserId()
          if (!userId) {
            set({ hasUnread: false })
            return
          }
          const readIds = loadReadIds(userId)
          set({ readIds })
          try {
            const data = await postNotificationUnread(readIds)
            if (currentUserId() === userId) set({ hasUnread: data !== null && data !== undefined })
          } catch {
            // the dot keeps its last state when the call fails
          }
        } while (unreadAgain)
      }
      unreadCall = run().finally(() => {
        unreadCall = null
      })
      return unreadCall
    },

    load: async (reset = false) => {
      const userId = currentUserId()
      if (!userId) {
        set({ items: [], total: 0, page: 0, status: 'idle' })
        return
      }
      const s = get()
      if (!reset && (s.status === 'loading' || (s.status === 'ready' && s.items.length >= s.total))) return
      const page = reset ? 1 : s.page + 1
      const fresh = latestList.start()
      set({ status: 'loading', readIds: loadReadIds(userId), ...(reset ? { items: [], total: 0, page: 0 } : {}) })
      try {
        const res = await getNotifications({ page, pageSize: NOTIFICATION_PAGE_SIZE })
        if (!fresh()) return
        const seen = new Set(reset ? [] : get().items.map((n) => n.id))
        const items = [...(reset ? [] : get().items), ...res.list.filter((n) => !seen.has(n.id))].sort(byNewest)
        set({ items, total: res.total, page, status: 'ready' })
      } catch {
        if (fresh()) set({ status: 'failed' })
      }
    },

    markRead: async (id) => {
      const userId = currentUserId()
      if (!userId) return
      if (!get().readIds.includes(id)) saveRead(userId, [id])
      await get().refreshUnread()
    },

    markAllRead: async () => {
      const userId = currentUserId()
      if (!userId) return
      // every notification the user has (not only the loaded pages), newest first, up to the bound of the list
      const ids = get().items.map((n) => n.id)
      if (get().total > ids.length) {
        for (let page = 1; page <= MARK_ALL_MAX_PAGES; page++) {
          try {
            const res = await getNotifications({ page, pageSize: 50 })
            ids.push(...res.list.map((n) => n.id))
            if (page * 50 >= res.total) break
          } catch {
            break
          }
        }
      }
      // oldest first, so that the newest ids are the ones a full list keeps
      const ordered = [...new Set(ids)].reverse()
      saveRead(userId, ordered)
      await get().refreshUnread()
    },

    reset: () => {
      latestList.drop()
      set({ items: [], total: 0, page: 0, status: 'idle', readIds: [], hasUnread: false })
    },
  }
})

// the bell follows the session: a user who logs in is asked about; a user who logs out has no dot
let lastUser: string | null | undefined
useSession.subscribe((s) => {
  const id = s.userInfo?.userProfile.userId ?? null
  if (id === lastUser) return
  const hadUser = lastUser !== undefined
  lastUser = id
  if (hadUser) useNotifications.getState().reset()
  if (id) void useNotifications.getState().refreshUnread()
})
