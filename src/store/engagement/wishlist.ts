import { create } from 'zustand'
import type { WishlistContentType, WishlistEntry } from '../../../types'
import { deleteWishList, getWishList, saveWishList } from '../../api/engagement'
import { KEYS, currentToken } from '../../api/auth-token'
import { isTokenValid } from '../../api/jwt'
import { storage } from '../../platform/storage'
import { tokenCookie } from '../../platform/cookie'
import { WISHLIST_POPUP_MS, wishlistNext, type WishEvent, type WishState } from '../../rules/engagement/wishlist-toggle'
import { useSession } from '../auth/session'
import { useLocale } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

/** What a heart stands for (spec section 3: contentId, contentType, wishlistType). */
export interface WishItem {
  contentId: string
  contentType: WishlistContentType
  wishlistType: 'product' | 'content'
}

/** Spec section 3: "Content types: Products, Workflow, VM Workflow, Knowledge Hub, Promotions, Application". */
export const WISHLIST_CONTENT_TYPES: WishlistContentType[] = [
  'Products',
  'Workflow',
  'VM Workflow',
  'Knowledge Hub',
  'Promotions',
  'Application',
]

interface WishlistState {
  /** the toggle state of each contentId the app knows about (absent = not in wishlist) */
  states: Record<string, WishState>
  entries: WishlistEntry[]
  listStatus: LoadState
  /** the user | country the list was loaded for */
  loadedFor: string | null
  /** the confirmation popup after an add (spec section 4) */
  popup: { contentId: string; shownAt: number } | null
  load: (force?: boolean) => Promise<void>
  /** runs one toggle; resolves to the item's state once the server has answered */
  toggle: (item: WishItem) => Promise<WishState>
  closePopup: () => void
  reset: () => void
}

/**
 * Whether the app holds a usable token, read without side effects (safe during render);
 * currentToken() itself runs on tap, with the spec's expiry handling.
 */
export function hasValidToken(nowMs = Date.now()): boolean {
  return [tokenCookie.get(), storage.get(KEYS.authToken), storage.get(KEYS.campaignToken)].some((tk) =>
    isTokenValid(tk, nowMs),
  )
}

/** The caller of the spec section 7 calls: "countryCode, userId" (the session's user, the current country). */
function who(): { userId: string; countryCode: 'cn' | 'in' } | null {
  if (!currentToken()) return null
  const userId = useSession.getState().userInfo?.userProfile.userId
  if (!userId) return null
  return { userId, countryCode: useLocale.getState().country }
}

let popupTimer: ReturnType<typeof setTimeout> | null = null
const latestList = latestOnly()

/**
 * Spec section 4, wishlist toggle: "Not in wishlist, add, in wishlist. A confirmation popup stays
 * 3 seconds. The server must return contentId for the add to count. Clicking outside the popup
 * closes it. Clicking the redirect link in the popup goes to /my-wishlist. Add failure reverts to
 * not in wishlist. Remove failure stays in wishlist. Wishlist controls show only with a token."
 * Section 8: "Wishlist save or delete failure silently reverts the icon."
 * The transitions are the pure machine of rules/engagement/wishlist-toggle; this store runs the calls.
 */
export const useWishlist = create<WishlistState>()((set, get) => {
  const stateOf = (id: string): WishState => get().states[id] ?? 'out'
  const step = (id: string, ev: WishEvent) => {
    const next = wishlistNext(stateOf(id), ev)
    const states = { ...get().states }
    if (next === 'out') delete states[id]
    else states[id] = next
    set({ states })
    return next
  }
  const openPopup = (contentId: string) => {
    if (popupTimer) clearTimeout(popupTimer)
    const shownAt = Date.now()
    set({ popup: { contentId, shownAt } })
    popupTimer = setTimeout(() => {
      if (get().popup?.shownAt === shownAt) set({ popup: null })
      popupTimer = null
    }, WISHLIST_POPUP_MS)
  }

  return {
    states: {},
    entries: [],
    listStatus: 'idle',
    loadedFor: null,
    popup: null,

    load: async (force = false) => {
      const caller = who()
      if (!caller) {
        set({ entries: [], listStatus: 'idle', loadedFor: null })
        return
      }
      const key = `${caller.userId}|${caller.countryCode}`
      if (!force && get().loadedFor === key && get().listStatus === 'ready') return
      const fresh = latestList.start()
      set({ listStatus: 'loading', loadedFor: key })
      try {
        const res = await getWishList(caller)
        if (!fresh()) return
        // a toggle on its way keeps its optimistic state; everything else follows the server
        const states: Record<string, WishState> = {}
        for (const [id, s] of Object.entries(get().states)) if (s === 'adding' || s === 'removing') states[id] = s
        for (const e of res.wishList) if (!states[e.contentId]) states[e.contentId] = 'in'
        set({ entries: res.wishList, states, listStatus: 'ready' })
      } catch {
        if (fresh()) set({ listStatus: 'failed' })
      }
    },

    toggle: async (item) => {
      const caller = who()
      if (!caller) return stateOf(item.contentId) // "Wishlist controls show only with a token."
      const id = item.contentId
      const from = stateOf(id)
      const next = step(id, { type: 'toggle' })
      if (next === from) return from // a call for this item is already on its way
      if (next === 'adding') {
        try {
          const res = await saveWishList({
            ...caller,
            contentId: id,
            contentType: item.contentType,
            wishlistType: item.wishlistType,
          })
          // "The server must return contentId for the add to count."
          const after = step(id, { type: 'addResult', contentId: res?.contentId })
          if (after === 'in') openPopup(id)
          return after
        } catch {
          return step(id, { type: 'addFailed' }) // reverts silently
        }
      }
      try {
        await deleteWishList({ ...caller, contentId: id })
        const after = step(id, { type: 'removeDone' })
        set({ entries: get().entries.filter((e) => e.contentId !== id) })
        return after
      } catch {
        return step(id, { type: 'removeFailed' }) // stays in the wishlist
      }
    },

    closePopup: () => {
      if (popupTimer) {
        clearTimeout(popupTimer)
        popupTimer = null
      }
      set({ popup: null })
    },

    reset: () => {
      if (popupTimer) {
        clearTimeout(popupTimer)
        popupTimer = null
      }
      latestList.drop()
      set({ states: {}, entries: [], listStatus: 'idle', loadedFor: null, popup: null })
    },
  }
})

// a different user (or none) must not see the previous user's hearts
let lastUser: string | null | undefined
useSession.subscribe((s) => {
  const id = s.userInfo?.userProfile.userId ?? null
  if (lastUser !== undefined && id !== lastUser) useWishlist.getState().reset()
  lastUser = id
})
