/**
 * Spec section 4, wishlist toggle: "Not in wishlist, add, in wishlist. A confirmation popup stays
 * 3 seconds. The server must return contentId for the add to count. ... Add failure reverts to not
 * in wishlist. Remove failure stays in wishlist. Wishlist controls show only with a token."
 * A pure state machine; the wishlist store runs it around the server calls.
 */
export type WishState = 'out' | 'adding' | 'in' | 'removing'
export type WishEvent =
  | { type: 'toggle' }
  | { type: 'addResult'; contentId: string | null | undefined }
  | { type: 'addFailed' }
  | { type: 'removeDone' }
  | { type: 'removeFailed' }

export const WISHLIST_POPUP_MS = 3000

export function wishlistNext(state: WishState, ev: WishEvent): WishState {
  switch (state) {
    case 'out':
      return ev.type === 'toggle' ? 'adding' : state
    case 'adding':
      if (ev.type === 'addResult') return ev.contentId ? 'in' : 'out'
      if (ev.type === 'addFailed') return 'out'
      return state // a second tap while the add is on its way does nothing
    case 'in':
      return ev.type === 'toggle' ? 'removing' : state
    case 'removing':
      if (ev.type === 'removeDone') return 'out'
      if (ev.type === 'removeFailed') return 'in'
      return state
  }
}

/** What the heart shows while a call is on its way: optimistic. */
export const showsInWishlist = (s: WishState) => s === 'in' || s === 'adding'

/** "Wishlist controls show only with a token." */
export const wishlistControlsVisible = (hasToken: boolean) => hasToken
