import { create } from 'zustand'
import type { ApplyPromotionsResult, Cart, PlaceOrderBody, PlaceOrderResult } from '../../../types'
import { checkOrderFields, orderSavings, orderTotal, ADDITIONAL_EMAILS_MAX } from '../../../types/order/totals'
import { toMajor, toMinor } from '../../../types/money'
import { applyPromotions, fetchCartForCheckout, placeOrder } from '../../api/order'
import { ApiError } from '../../api/client'
import { needsRegistration, takeIdempotencyKey } from './attempt'
import { navigation } from '../../platform/navigation'
import { orderShipTo } from '../../rules/account/ship-to'
import type { MessageKey } from '../../i18n'
import { storedAddressKey } from '../account/addresses'
import { useSession } from '../auth/session'
import { showToast } from '../toast'
import { t } from '../locale'
import type { LoadState } from '../load-state'

/**
 * The submit-order page's state (spec section 2 "Submit-order page: product lines, price details,
 * an info drawer"): the cart priced by /order/applyPromotions, the delivery address, the order
 * fields, and placement with one Idempotency-Key per checkout attempt.
 *
 * Idempotency: a key is minted (crypto-strong random) for an attempt and kept while the answer is
 * unknown (network failure, timeout, 5xx): a retry sends the same key, so an order that did reach
 * the server is not placed twice. A definite answer (success or a 4xx refusal) ends the attempt;
 * the next submit mints a new key.
 */

export type CheckoutField = 'poNumber' | 'remark' | 'emails' | 'terms' | 'address'
export type CheckoutErrors = Partial<Record<CheckoutField, MessageKey>>
export type CheckoutStatus = LoadState | 'submitting' | 'placed'

export interface CheckoutForm {
  poNumber: string
  remark: string
  /** up to ADDITIONAL_EMAILS_MAX; empty strings are ignored */
  emails: string[]
  terms: boolean
}

export const emptyCheckoutForm = (): CheckoutForm => ({ poNumber: '', remark: '', emails: [''], terms: false })

/** Spec: "savings = totalPriceAmount − totalAmount; taxes when tax is enabled; total = totalAmount + taxes" (in minor units, no float drift). */
export function priceDetails(s: ApplyPromotionsResult['summary']) {
  const m = {
    totalPriceAmount: toMinor(s.totalPriceAmount),
    totalAmount: toMinor(s.totalAmount),
    taxes: toMinor(s.taxes),
  }
  return {
    currency: s.currency,
    listTotal: s.totalPriceAmount,
    savings: toMajor(orderSavings(m)),
    taxes: s.taxEnabled ? s.taxes : null,
    total: toMajor(orderTotal(m, s.taxEnabled)),
  }
}

const FIELD_ERROR: Record<string, MessageKey> = {
  'poNumber:tooLong': 'order.error.poTooLong',
  'remark:tooLong': 'order.error.remarkTooLong',
  'emails:tooMany': 'order.error.emailsTooMany',
  'emails:invalidEmail': 'order.error.email',
}

export function validateCheckout(form: CheckoutForm, addressKey: string | null): CheckoutErrors {
  const errors: CheckoutErrors = {}
  const emails = form.emails.map((e) => e.trim()).filter(Boolean)
  for (const e of checkOrderFields({ poNumber: form.poNumber.trim(), remark: form.remark.trim(), emails })) {
    errors[e.field] = FIELD_ERROR[`${e.field}:${e.error}`]
  }
  if (!form.terms) errors.terms = 'order.error.terms'
  if (!addressKey) errors.address = 'order.error.address'
  return errors
}

interface CheckoutState {
  status: CheckoutStatus
  staticQuoteId: string | null
  cart: Cart | null
  priced: ApplyPromotionsResult | null
  loadError: string | null
  addressKey: string | null
  form: CheckoutForm
  errors: CheckoutErrors
  /** the key of the attempt whose answer is not known yet (reused by the next submit) */
  pendingKey: string | null
  /** set when the server or the profile says the registration is not complete */
  registrationIncomplete: boolean
  placed: PlaceOrderResult | null
  init: (opts: { staticQuoteId?: string | null; addressKey?: string | null }) => Promise<void>
  /** price again (after CART_CHANGED, or another address) */
  reprice: () => Promise<void>
  setField: (field: 'poNumber' | 'remark', value: string) => void
  setEmail: (index: number, value: string) => void
  addEmail: () => void
  removeEmail: (index: number) => void
  setTerms: (on: boolean) => void
  setAddress: (addressKey: string) => void
  submit: () => Promise<boolean>
}

const clear = (errors: CheckoutErrors, field: CheckoutField): CheckoutErrors => {
  if (!(field in errors)) return errors
  const next = { ...errors }
  delete next[field]
  return next
}

const messageOf = (e: unknown) =>
  e instanceof ApiError ? (e.serverMessage && !e.indefinite ? e.serverMessage : e.message) : t('error.generic')

export const useCheckout = create<CheckoutState>()((set, get) => ({
  status: 'idle',
  staticQuoteId: null,
  cart: null,
  priced: null,
  loadError: null,
  addressKey: null,
  form: emptyCheckoutForm(),
  errors: {},
  pendingKey: null,
  registrationIncomplete: false,
  placed: null,

  init: async ({ staticQuoteId, addressKey }) => {
    const user = useSession.getState().userInfo
    const chosen = orderShipTo(user, addressKey || storedAddressKey())
    const sameAttempt =
      get().status !== 'idle' && get().status !== 'placed' && get().staticQuoteId === (staticQuoteId || null)
    set({
      staticQuoteId: staticQuoteId || null,
      addressKey: chosen?.shipTo.addressKey ?? null,
      registrationIncomplete: needsRegistration(user),
      placed: null,
      // coming back from the address chooser keeps what was typed
      ...(sameAttempt ? {} : { form: emptyCheckoutForm(), errors: {}, pendingKey: null }),
    })
    // a partially registered user cannot order: the page offers to complete the registration instead
    if (get().registrationIncomplete) return set({ status: 'ready', priced: null, cart: null })
    await get().reprice()
  },

  reprice: async () => {
    const { staticQuoteId, addressKey } = get()
    set({ status: 'loading', loadError: null })
    try {
      const cart = staticQuoteId ? null : await fetchCartForCheckout({})
      const promoCodes = cart ? cart.coupons.filter((c) => c.valid).map((c) => c.code) : []
      const priced = await applyPromotions({
        ...(staticQuoteId ? { squoteDetail: { staticQuoteId } } : {}),
        ...(addressKey ? { addressKey } : {}),
        ...(cart ? { cartId: cart.id } : {}),
        promoCodes,
      })
      set({ cart, priced, status: 'ready' })
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'REGISTRATION_INCOMPLETE') set({ registrationIncomplete: true })
      set({ status: 'failed', loadError: messageOf(e) })
    }
  },

  setField: (field, value) => set((s) => ({ form: { ...s.form, [field]: value }, errors: clear(s.errors, field) })),
  setEmail: (index, value) =>
    set((s) => ({
      form: { ...s.form, emails: s.form.emails.map((e, i) => (i === index ? value : e)) },
      errors: clear(s.errors, 'emails'),
    })),
  addEmail: () =>
    set((s) =>
      s.form.emails.length >= ADDITIONAL_EMAILS_MAX ? s : { form: { ...s.form, emails: [...s.form.emails, ''] } },
    ),
  removeEmail: (index) =>
    set((s) => ({
      form: { ...s.form, emails: s.form.emails.length > 1 ? s.form.emails.filter((_, i) => i !== index) : [''] },
      errors: clear(s.errors, 'emails'),
    })),
  setTerms: (on) => set((s) => ({ form: { ...s.form, terms: on }, errors: clear(s.errors, 'terms') })),
  setAddress: (addressKey) => set((s) => ({ addressKey, errors: clear(s.errors, 'address') })),

  submit: async () => {
    const { status, form, addressKey, priced, cart, staticQuoteId, registrationIncomplete } = get()
    if (status !== 'ready' || !priced) return false
    if (registrationIncomplete) {
      showToast(t('order.completeRegistrationFirst'))
      return false
    }
    const errors = validateCheckout(form, addressKey)
    if (Object.keys(errors).length) {
      set({ errors })
      return false
    }
    if (priced.blockedLines.length) {
      showToast(t('order.blockedLines', { list: priced.blockedLines.map((b) => b.catalogNumber).join(', ') }))
      return false
    }
    // the key and the lock in one synchronous step, before the first await: a second tap in the same
    // instant finds 'submitting' and sends nothing (issue 22 item 7)
    const key = get().pendingKey ?? takeIdempotencyKey()
    set({ status: 'submitting', pendingKey: key })
    const emails = form.emails.map((e) => e.trim()).filter(Boolean)
    const body: PlaceOrderBody = {
      addressKey: addressKey as string,
      termsAccepted: true,
      ...(cart ? { cartId: cart.id, promoCodes: cart.coupons.filter((c) => c.valid).map((c) => c.code) } : {}),
      ...(staticQuoteId ? { squoteDetail: { staticQuoteId } } : {}),
      ...(form.poNumber.trim() ? { poNumber: form.poNumber.trim() } : {}),
      ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
      ...(emails.length ? { additionalEmails: emails } : {}),
      ...(!staticQuoteId
        ? {
            skuList: priced.itemList
              .filter((l) => l.cartItemId !== null)
              .map((l) => ({ cartItemId: l.cartItemId as number, quantity: l.quantity })),
          }
        : {}),
    }
    try {
      const result = await placeOrder(body, key)
      set({ status: 'placed', placed: result, pendingKey: null })
      navigation.replace('orderSuccess', {
        salesOrderNumber: result.salesOrderNumber,
        spSalesOrderNumber: result.spSalesOrderNumber,
        addressStatus: result.addressStatus,
        pendingLto: result.pendingLtoOrderNumber,
        // each order's own number, for its View order link (issue 22)
        orderNumber: result.orders.find((o) => o.salesOrderNumber === result.salesOrderNumber)?.orderNumber,
        spOrderNumber: result.orders.find((o) => o.salesOrderNumber === result.spSalesOrderNumber)?.orderNumber,
      })
      return true
    } catch (e) {
      const indefinite = !(e instanceof ApiError) || e.indefinite
      // the form keeps every value; the key is kept only while the answer is unknown
      set({ status: 'ready', pendingKey: indefinite ? key : null })
      // no answer: the order may be placed already, and Submit again is safe (the same key: never a second order)
      if (indefinite) showToast(t('order.error.maybePlaced'), 'unknownOutcome')
      else showToast(messageOf(e))
      if (e instanceof ApiError) {
        if (e.reason === 'REGISTRATION_INCOMPLETE') set({ registrationIncomplete: true })
        if (e.reason === 'CART_CHANGED') await get().reprice()
      }
      return false
    }
  },
}))

// a new session (logout, another user) starts a new checkout
useSession.subscribe((s, prev) => {
  if (prev.userInfo?.userProfile.userId !== s.userInfo?.userProfile.userId) {
    useCheckout.setState({
      status: 'idle',
      cart: null,
      priced: null,
      form: emptyCheckoutForm(),
      errors: {},
      pendingKey: null,
      placed: null,
    })
  }
})
