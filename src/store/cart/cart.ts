import { create } from 'zustand'
import type { Cart, CouponOffer, LineResult, LineResults } from '../../../types/cart'
import type { ProductSummary } from '../../../types'
import { CART_STORAGE_KEYS, shouldMergeBeforeQuery } from '../../../types/cart/cart-id'
import { couponBlockedFor, couponMessageKey, checkCouponCombination } from '../../../types/cart/coupons'
import {
  addCartAssay,
  addCartItems,
  applyCartCoupon,
  deleteCartItems,
  listCartCoupons,
  mergeCart,
  queryCart,
  quickAddCart,
  removeCartCoupon,
  reorderCart,
  setCartPreference,
  setCartQuantity,
} from '../../api/cart'
import { getProductList } from '../../api/catalog'
import { ApiError } from '../../api/client'
import { languageCode, type MessageKey } from '../../i18n/translate'
import { storage } from '../../platform/storage'
import { isActive } from '../../rules/account/ship-to'
import { useSession } from '../auth/session'
import { t, useLocale } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

/**
 * The cart (spec sections 3, 4, 7, 8). The server is the source of truth: this store holds the last
 * Cart the server answered and never computes a price or a total.
 *
 * Anonymous visitors: the server mints the gcId on the first anonymous add; it is kept in storage
 * (CART_STORAGE_KEYS.gcId) with IS_NEW_CART_ID set once that cart has items. cart_sp keeps the
 * order preference. After login the section 4 rule runs: merge first, then query.
 */

export type AddSource = 'product' | 'quickAdd' | 'quickOrder' | 'assay' | 'reorder' | 'recommendation' | 'wishlist'
export type OrderPreference = Cart['orderPreference']

/** A call that failed: the localized message to show and the envelope's reason. */
export interface CartFailure {
  ok: false
  message: string
  reason: string | null
  code: string
}
export type CartOutcome<T = undefined> = { ok: true; value: T } | CartFailure

export interface CouponVerdict {
  ok: boolean
  message: string | null
}

interface CartState {
  cart: Cart | null
  status: LoadState
  error: string | null
  /** line id → the quantity sent and not yet answered (optimistic UI) */
  pendingQty: Record<number, number>
  /** the per-line verdicts of the last quick add / quick order / assay / reorder */
  lastResults: LineResult[] | null
  offers: CouponOffer[]
  offersStatus: LoadState
  recommended: ProductSummary[]
  load: () => Promise<Cart | null>
  add: (catalogNumber: string, quantity: number, source?: AddSource) => Promise<CartOutcome<LineResult[]>>
  setQuantity: (id: number, quantity: number) => Promise<CartOutcome>
  remove: (ids: number[]) => Promise<Cart | null>
  quickAdd: (
    lines: { line?: number; catalogNumber: string; quantity: number }[],
    source?: 'quickAdd' | 'quickOrder',
  ) => Promise<CartOutcome<LineResult[]>>
  addByAssay: (assayId: string, quantity?: number) => Promise<CartOutcome<LineResult[]>>
  reorder: (orderNumber: string) => Promise<CartOutcome<LineResult[]>>
  loadOffers: () => Promise<void>
  applyCoupon: (code: string) => Promise<CouponVerdict>
  removeCoupon: (code: string) => Promise<CouponVerdict>
  setPreference: (pref: OrderPreference) => Promise<Cart | null>
  loadRecommended: () => Promise<void>
  reset: () => void
}

const loggedIn = () => useSession.getState().userInfo !== null
const gcIdStored = () => storage.get(CART_STORAGE_KEYS.gcId)
const localeQuery = () => {
  const { country, language } = useLocale.getState()
  return { country, language: languageCode(language) as 'cn' | 'en' }
}
/** the gcId to send: only a visitor's cart travels under it */
const anonGcId = () => (loggedIn() ? undefined : (gcIdStored() ?? undefined))

/** merge has been called for the stored gcId in this session */
let mergeCalled = false
const latest = latestOnly()

/** the cart before any load, and after a reset (a logout); the recommendations stay */
const emptyCart: Pick<
  CartState,
  'cart' | 'status' | 'error' | 'pendingQty' | 'lastResults' | 'offers' | 'offersStatus'
> = {
  cart: null,
  status: 'idle',
  error: null,
  pendingQty: {},
  lastResults: null,
  offers: [],
  offersStatus: 'idle',
}

/** Section 8: "Failed cart calls are logged". */
function logFailure(call: string, e: unknown) {
  console.warn(
    `[cart] ${call} failed`,
    e instanceof ApiError ? `${e.status} ${e.code} ${e.reason ?? ''} ${e.serverMessage ?? ''}` : e,
  )
}

function failure(e: unknown): CartFailure {
  if (e instanceof ApiError) {
    // a business refusal (an envelope with a reason) carries the server's own message in the
    // request's language; anything else gets the client's localized message, never a technical one
    const message = e.reason ? (e.serverMessage ?? e.message) : e.message
    return { ok: false, message, reason: e.reason, code: e.code }
  }
  return { ok: false, message: t('cart.error.generic'), reason: null, code: 'UNKNOWN' }
}

/** What each coupon message key of section 8 says (types/cart/coupons.ts keys → i18n). */
export function couponMessage(key: string): string {
  const k = `coupon.${key}` as MessageKey
  const text = t(k)
  return text === k ? t('coupon.COUPON_ERR_GENERIC' as MessageKey) : text
}

/** The localized message for a refused or informational coupon verdict, from its errorCode. */
export function couponErrorMessage(errorCode: string): string {
  const combo = ['PD_MIX', 'MRT_MIX', 'SAME_TYPE', 'UNKNOWN_TYPE']
  if (combo.includes(errorCode)) return t(`cart.coupon.${errorCode}` as MessageKey)
  return couponMessage(couponMessageKey(errorCode))
}

/** Why the coupon sheet refuses this user before any call (spec: lite and pending-address users cannot apply codes). */
export function couponBlockMessage(): string | null {
  const user = useSession.getState().userInfo
  const blocked = couponBlockedFor(
    user && {
      registrationStatus: user.userRoles.registrationStatus,
      // as the server counts it: an account whose ship-tos are all pending has no usable address
      hasPendingAddress: !user.allShipToBillToAddresses.some((e) => isActive(e.shipTo)),
    },
  )
  if (!blocked) return null
  return t(`cart.coupon.blocked.${blocked}` as MessageKey)
}

export const useCart = create<CartState>()((set, get) => {
  /** adopt the server's answer; a visitor's new gcId is kept; a visitor's cart with items is "new" */
  const adopt = (cart: Cart | null | undefined, gcId?: string | null) => {
    if (!cart) return
    if (!loggedIn()) {
      const id = gcId ?? cart.gcId
      if (id) storage.set(CART_STORAGE_KEYS.gcId, id)
      if (cart.cartItems.length > 0 && (id || gcIdStored())) storage.set(CART_STORAGE_KEYS.isNewCartId, '1')
    }
    storage.set(CART_STORAGE_KEYS.cartSp, cart.orderPreference)
    set({ cart, status: 'ready', error: null })
  }

  const lineCall = async (call: string, run: () => Promise<LineResults>): Promise<CartOutcome<LineResult[]>> => {
    try {
      const res = await run()
      adopt(res.cart, res.gcId)
      set({ lastResults: res.results })
      return { ok: true, value: res.results }
    } catch (e) {
      logFailure(call, e)
      return failure(e)
    }
  }

  const couponCall = async (code: string, remove: boolean): Promise<CouponVerdict> => {
    const blocked = couponBlockMessage()
    if (blocked) return { ok: false, message: blocked }
    const codes = [
      ...(get()
        .cart?.coupons.filter((c) => c.valid)
        .map((c) => c.code) ?? []),
    ]
    if (!remove && !codes.includes(code)) {
      // the combination rules of section 8, checked before the call (the server checks them again)
      const combo = checkCouponCombination([...codes, code])
      if (!combo.ok) return { ok: false, message: couponErrorMessage(combo.kind) }
    }
    try {
      if (remove) {
        // the remove call answers the Cart itself: the cart shown is the server's, coupon gone and prices re-priced
        adopt(await removeCartCoupon({ code }))
        return { ok: true, message: null }
      }
      const res = await applyCartCoupon({ code })
      adopt(res.cart)
      const c = res.coupon
      if (c.errorCode) return { ok: c.valid, message: couponErrorMessage(c.errorCode) }
      return {
        ok: c.valid,
        message: c.valid ? t('cart.coupon.applied', { code }) : couponMessage('COUPON_ERR_GENERIC'),
      }
    } catch (e) {
      // section 8: price-applying failures are logged and answer null; the sheet shows why
      logFailure(remove ? 'coupon/remove' : 'coupon/apply', e)
      if (e instanceof ApiError) {
        const reasonKey = e.reason ? (`cart.reason.${e.reason}` as MessageKey) : null
        const reasonText = reasonKey ? t(reasonKey) : null
        if (reasonText && reasonText !== reasonKey) return { ok: false, message: reasonText }
        if (e.reason && e.serverMessage) return { ok: false, message: e.serverMessage }
      }
      return { ok: false, message: couponMessage('COUPON_ERR_GENERIC') }
    }
  }
  /** couponCall, then the sheet's offers again when it shows them (an offer's `applied` follows the cart's codes) */
  const couponChange = async (code: string, remove: boolean) => {
    const out = await couponCall(code, remove)
    if (get().offersStatus === 'ready')
      get()
        .loadOffers()
        .catch(() => undefined)
    return out
  }

  return {
    ...emptyCart,
    recommended: [],

    load: async () => {
      const fresh = latest.start()
      const user = loggedIn()
      const gcId = gcIdStored()
      set({ status: get().cart ? get().status : 'loading' })
      // Spec section 4, cart query: "If the user is logged in, an unmerged anonymous cart exists and
      // merge has not been called: merge first, then query. If the merge fails, the cart is marked
      // unmerged again."
      if (
        shouldMergeBeforeQuery({
          loggedIn: user,
          isNewCartId: storage.get(CART_STORAGE_KEYS.isNewCartId) === '1',
          gcId,
          mergeCalled,
        }) &&
        gcId
      ) {
        mergeCalled = true
        try {
          await mergeCart({ ...localeQuery(), gcId })
          // after a merge the anonymous id is dead
          storage.remove(CART_STORAGE_KEYS.gcId)
          storage.remove(CART_STORAGE_KEYS.isNewCartId)
        } catch (e) {
          logFailure('merge', e)
          mergeCalled = false
          storage.set(CART_STORAGE_KEYS.isNewCartId, '1')
        }
      }
      if (!user && !gcId) {
        // a visitor without a cart: nothing to ask (the server mints the gcId on the first add)
        if (fresh()) set({ cart: null, status: 'ready', error: null })
        return null
      }
      try {
        const cart = await queryCart(user ? localeQuery() : { ...localeQuery(), gcId: gcId! })
        if (!fresh()) return get().cart
        adopt(cart)
        return cart
      } catch (e) {
        logFailure('query', e)
        if (!fresh()) return get().cart
        if (!user && e instanceof ApiError && (e.status === 404 || e.status === 403)) {
          // a dead or foreign anonymous id: start afresh on the next add
          storage.remove(CART_STORAGE_KEYS.gcId)
          storage.remove(CART_STORAGE_KEYS.isNewCartId)
          set({ cart: null, status: 'ready', error: null })
          return null
        }
        set({ status: 'failed', error: failure(e).message })
        return null
      }
    },

    add: (catalogNumber, quantity, source = 'product') =>
      lineCall('addItems', () => addCartItems({ gcId: anonGcId(), items: [{ catalogNumber, quantity, source }] })),

    setQuantity: async (id, quantity) => {
      const before = get().cart
      set({ pendingQty: { ...get().pendingQty, [id]: quantity } })
      const clear = () => {
        const p = { ...get().pendingQty }
        delete p[id]
        set({ pendingQty: p })
      }
      try {
        const cart = await setCartQuantity({ gcId: anonGcId(), id, quantity })
        clear()
        adopt(cart)
        return { ok: true, value: undefined }
      } catch (e) {
        // section 8: "add and quantity return the error"; the line goes back to what the server holds
        logFailure('quantity', e)
        clear()
        if (before) set({ cart: before })
        return failure(e)
      }
    },

    remove: async (ids) => {
      try {
        const res = await deleteCartItems({ gcId: anonGcId(), items: ids.map((id) => ({ id })) })
        adopt(res.cart)
        return res.cart
      } catch (e) {
        logFailure('deleteItems', e) // section 8: delete returns null
        return null
      }
    },

    quickAdd: (lines, source = 'quickAdd') => lineCall(source, () => quickAddCart({ gcId: anonGcId(), lines })),

    addByAssay: (assayId, quantity) => lineCall('assayId', () => addCartAssay({ gcId: anonGcId(), assayId, quantity })),

    reorder: (orderNumber) => lineCall('reorder', () => reorderCart({ orderNumber })),

    loadOffers: async () => {
      if (!loggedIn()) {
        set({ offers: [], offersStatus: 'ready' })
        return
      }
      set({ offersStatus: 'loading' })
      try {
        set({ offers: await listCartCoupons(), offersStatus: 'ready' })
      } catch (e) {
        logFailure('coupon/list', e)
        set({ offers: [], offersStatus: 'failed' })
      }
    },

    applyCoupon: (code) => couponChange(code.trim(), false),
    removeCoupon: (code) => couponChange(code, true),

    setPreference: async (orderPreference) => {
      storage.set(CART_STORAGE_KEYS.cartSp, orderPreference)
      try {
        const cart = await setCartPreference({ gcId: anonGcId(), orderPreference })
        adopt(cart)
        return cart
      } catch (e) {
        logFailure('preference', e)
        return null
      }
    },

    loadRecommended: async () => {
      try {
        const list = await getProductList({ page: 1, pageSize: 8 })
        const inCart = new Set(get().cart?.cartItems.map((i) => i.catalogNumber) ?? [])
        set({ recommended: list.items.filter((p) => !inCart.has(p.catalogNumber) && !p.leadTarget).slice(0, 6) })
      } catch (e) {
        logFailure('recommended', e)
        set({ recommended: [] })
      }
    },

    reset: () => {
      latest.drop()
      set(emptyCart)
    },
  }
})

/** The footer badge: spec section 2 "a badge with the item count" (cart.itemCount, the number of lines). */
export const cartBadgeCount = (s: Pick<CartState, 'cart'>) => s.cart?.itemCount ?? 0

/** The order preference kept on the device (cart_sp); smart distribution by default. */
export const storedPreference = (): OrderPreference =>
  storage.get(CART_STORAGE_KEYS.cartSp) === 'SC_PRIORITY' ? 'SC_PRIORITY' : 'SMART_DISTRIBUTION'

/** test hook: forget that merge was called (a new app launch) */
export const resetCartSession = () => {
  mergeCalled = false
  lastIdentity = null
}

// Who the cart belongs to follows the session: a login merges then queries; a logout clears the
// user's cart from memory (the anonymous cart id was dropped by the merge).
// This module may load after the session is settled (on H5 a visitor's session is settled at once, in the
// app's first effect, before the page chunk that brings this store): the session as it stands now counts too,
// or a visitor's badge stays empty after a reload until the Cart tab loads the cart itself (issue 22, item 2).
let lastIdentity: string | null = null
const followSession = (s: ReturnType<typeof useSession.getState>) => {
  if (s.status !== 'USER_FETCHED') return
  const identity = s.userInfo?.userProfile.userId ?? 'visitor'
  if (identity === lastIdentity) return
  const wasUser = lastIdentity !== null && lastIdentity !== 'visitor'
  lastIdentity = identity
  if (wasUser) {
    useCart.getState().reset()
    mergeCalled = false
  }
  useCart
    .getState()
    .load()
    .catch(() => undefined)
}
useSession.subscribe(followSession)
followSession(useSession.getState())
