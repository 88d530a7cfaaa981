import { create } from 'zustand'
import type { BillTo, ShipToBillTos } from '../../../types'
import type { DeliveryChannel } from '../../../types/cart/channel'
import { isSupplyCentreOrderType } from '../../../types/cart/channel'
import {
  applyStatusRefusal,
  checkFlashQuantity,
  firstFailingCheck,
  flashQuantityCap,
  normalizeQuantityText,
  type FlashLimits,
  type FlashQuantityRefusal,
  type FlashQuantityTip,
  type FlashSubmitFailure,
} from '../../../types/flashbuy/rules'
import type {
  FlashBuyDetail,
  FlashPlaceOrderBody,
  FlashPlaceOrderResult,
  FlashQuote,
} from '../../../types/flashbuy/schemas'
import { splitAttentionTo } from '../../../types/account/address-rules'
import { PO_NUMBER_MAX, REMARK_MAX } from '../../../types/order/totals'
import { CART_QTY_MAX } from '../../../types/cart/quantity'
import {
  applyFlashPromo,
  getFlashBuyDetail,
  getFlashQuote,
  getSkuDeliveryChannel,
  placeFlashOrder,
} from '../../api/flashbuy'
import { ApiError } from '../../api/client'
import { navigation } from '../../platform/navigation'
import { addressLine, billToTitle, isPrepaid, orderShipTo } from '../../rules/account/ship-to'
import type { MessageKey, Params } from '../../i18n'
import { isActiveSupplyCenter } from '../account/supply-centre'
import { chooseDeliveryAddress, storedAddressKey } from '../account/addresses'
import { hasValidToken } from '../engagement/wishlist'
import { needsRegistration, takeIdempotencyKey } from '../order/attempt'
import { useSession } from '../auth/session'
import { showToast } from '../toast'
import { t } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

/**
 * The flash-buy submit screen's state (spec section 2 "Flash-buy submit screen", section 4
 * "Flash-buy submit flow", section 5 "Flash-buy submit checks, in order"). Every rule comes from
 * types/flashbuy/rules.ts; this store wires them to the calls:
 * 1. validate (firstFailingCheck, checks 1 to 8 in the spec's order);
 * 2. POST /flashbuy/promos/apply (check_* statuses → the three quantity messages, anything else
 *    'Something went wrong, please refresh');
 * 3. a price other than the flash price shown → the price-changed dialog (Cancel stops, Confirm goes on);
 * 4. POST /flashbuy/place/order with the price the buyer confirmed (expectedUnitPrice);
 * 5. success → /submit-order/success; failure → a 5 s toast, the form keeps its values.
 *
 * Idempotency (as the cart checkout): a key is kept while the answer is unknown (network, timeout,
 * 5xx) and a retry of the same order sends it again, so an order that did reach the server is not
 * placed twice; a definite answer ends the attempt. A key is bound to its body: an order changed
 * since (another quantity, another address) is another attempt with a new key (the server refuses a
 * key reused with another body).
 */

// ---------------------------------------------------------------- pure helpers (tested on their own)

/** a logged-in user (a session user with a valid token) */
export const flashLoggedIn = () => !!useSession.getState().userInfo && hasValidToken()

/**
 * The quantity the screen opens with: ?qty when it is a number, kept within what the rules allow
 * (not below the starting quantity of flashQuantityCap, not above the cap, nor above the stock when
 * the stock allows the start); flashQuantityCap's start when ?qty is absent or not a number.
 */
export function initialFlashQuantity(qtyParam: string | null | undefined, d: FlashLimits, loggedIn: boolean): number {
  const { cap, initial } = flashQuantityCap(d, loggedIn)
  const t0 = normalizeQuantityText(qtyParam ?? '')
  if (!/^\d+$/.test(t0)) return initial
  let n = Math.min(Math.max(Number(t0), initial), cap, CART_QTY_MAX)
  if (n > d.remainQty && d.remainQty >= initial) n = d.remainQty
  return Math.max(1, n)
}

/** the bill-to of a ship-to: the one chosen, else its first related bill-to, else its first */
export function flashBillTo(e: ShipToBillTos | null, chosen: string | null): BillTo | null {
  if (!e) return null
  const byNumber = (n: string | null | undefined) => (n ? e.billTos.find((b) => b.accountNumber === n) : undefined)
  return byNumber(chosen) ?? byNumber(e.shipTo.relatedBillTo?.[0]) ?? e.billTos[0] ?? null
}

/** Receiver and invoice receiver, prefilled from the ship-to's and the bill-to's attention-to ("name,phone"). */
export function contactsOf(e: ShipToBillTos | null, b: BillTo | null) {
  const r = splitAttentionTo(e?.shipTo.attentionTo)
  const i = splitAttentionTo(b?.attentionTo)
  return { receiverName: r.name, receiverPhone: r.phone, invoiceName: i.name, invoicePhone: i.phone }
}

/**
 * Spec section 7: /sc/getSkuDeliveryChannel is used "in flash buy only when the supply centre is
 * present with operationStatus Normal". Without such a centre the line goes to the warehouse (TFS);
 * with one, the lookup's answer (the sale's own channel when the lookup gave none).
 */
export function flashChannel(
  scActive: boolean,
  lookedUp: DeliveryChannel | null,
  saleChannel: DeliveryChannel,
): DeliveryChannel {
  if (!scActive) return 'TFS'
  return lookedUp ?? saleChannel
}

/** The message of each failing check (spec section 5) and of each apply-promo refusal (section 8). */
const FAILURE_KEY: Record<FlashSubmitFailure['reason'], MessageKey> = {
  login: 'flashbuy.msg.login',
  registration: 'flashbuy.msg.registration',
  comingSoon: 'flashbuy.msg.comingSoon',
  over: 'flashbuy.msg.expired',
  soldOut: 'flashbuy.msg.soldOut',
  numeric: 'flashbuy.msg.numeric',
  min: 'flashbuy.msg.min',
  stock: 'flashbuy.msg.stock',
  limit: 'flashbuy.msg.limit',
  terms: 'flashbuy.msg.terms',
  contact: 'flashbuy.msg.contact',
  email: 'flashbuy.msg.email',
}
export const failureMessageKey = (f: FlashSubmitFailure): MessageKey => FAILURE_KEY[f.reason]
export const refusalMessageKey = (r: FlashQuantityRefusal | 'generic'): MessageKey =>
  r === 'generic' ? 'flashbuy.msg.generic' : FAILURE_KEY[r]

/** The tooltip of a quantity tip key, with its figure (spec section 5 "Flash-buy quantity"). */
export function tipMessage(
  tip: FlashQuantityTip,
  d: FlashLimits,
  loggedIn: boolean,
): { key: MessageKey; params: Params } {
  const { cap } = flashQuantityCap(d, loggedIn)
  return { key: `flashbuy.${tip}` as MessageKey, params: { max: cap, remain: d.remainQty, min: d.minOrderQty } }
}

/** The success page's parameters from the placed orders: an SC order's number is spSalesOrderNumber (D1, D2, CR), the warehouse's salesOrderNumber. */
export function successParams(orders: FlashPlaceOrderResult) {
  const sc = orders.find((o) => isSupplyCentreOrderType(o.orderType))
  const tfs = orders.find((o) => !isSupplyCentreOrderType(o.orderType))
  return {
    salesOrderNumber: tfs?.salesOrderNumber ?? null,
    spSalesOrderNumber: sc?.salesOrderNumber ?? null,
    addressStatus: orders.some((o) => o.addressStatus === 'PENDING') ? 'PENDING' : 'ACTIVE',
    // each order's own number, for its View order link (issue 22)
    orderNumber: tfs?.orderNumber ?? null,
    spOrderNumber: sc?.orderNumber ?? null,
  }
}

/** the quantity typed as a number (full-width digits read as digits), NaN when it is not one */
export const quantityOf = (text: string) => {
  const q = normalizeQuantityText(text)
  return /^\d+$/.test(q) ? Number(q) : NaN
}

// ---------------------------------------------------------------- store

export type FlashStatus = LoadState | 'applying' | 'confirmPrice' | 'placing' | 'placed'

export interface FlashForm {
  quantityText: string
  receiverName: string
  receiverPhone: string
  invoiceName: string
  invoicePhone: string
  additionalEmail: string
  poNumber: string
  remark: string
  terms: boolean
}
export type FlashTextField = Exclude<keyof FlashForm, 'terms' | 'quantityText'>

export const emptyFlashForm = (): FlashForm => ({
  quantityText: '1',
  receiverName: '',
  receiverPhone: '',
  invoiceName: '',
  invoicePhone: '',
  additionalEmail: '',
  poNumber: '',
  remark: '',
  terms: false,
})

export interface PriceChange {
  catalogNumber: string
  flashPrice: number | null
  realtimePrice: number
  currency: string
}

export type SubmitOutcome =
  'busy' | 'refused' | 'login' | 'registration' | 'confirmPrice' | 'cancelled' | 'placed' | 'failed'

interface FlashBuyState {
  id: string | null
  status: FlashStatus
  detail: FlashBuyDetail | null
  loadError: string | null
  addressKey: string | null
  billToNumber: string | null
  channel: DeliveryChannel
  form: FlashForm
  priceChange: PriceChange | null
  /** check 1 failed: the page offers login */
  loginPrompt: boolean
  /** the check that failed at the last submit (the page opens the contact section for checks 7 and 8) */
  lastFailure: FlashSubmitFailure | null
  /** the attempt whose answer is not known yet: its key and the body it was sent with */
  pending: { key: string; body: string } | null
  placed: FlashPlaceOrderResult | null
  /**
   * The server's figures for the quantity on screen (GET /flashbuy/quote: line, taxes, total), asked again
   * whenever the quantity, the sale or its price changes; null while unknown (the screen shows '—').
   * Issue 22 item 4: the Total is the order's, tax included, never quantity × a price held on the device.
   */
  quote: FlashQuote | null
  /** addressKey: the ship-to chosen on the delivery-address page (?addressKey), else the stored choice, else the default */
  init: (opts: { id: string; qty?: string | null; addressKey?: string | null }) => Promise<void>
  /** GET /flashbuy/detail again (after a refusal); keeps what was typed */
  reload: () => Promise<void>
  setQuantityText: (text: string) => void
  /** minus / plus: one step within 1..cap (and the stock) */
  stepQuantity: (dir: 1 | -1) => void
  /** the tip of the quantity typed, or null when it is valid (the page shows it for 4 s) */
  quantityTip: () => { key: MessageKey; params: Params } | null
  setField: (field: FlashTextField, value: string) => void
  setTerms: (on: boolean) => void
  chooseAddress: (addressKey: string) => void
  chooseBillTo: (billToNumber: string) => void
  dismissLogin: () => void
  submit: () => Promise<SubmitOutcome>
  confirmPrice: () => Promise<SubmitOutcome>
  cancelPrice: () => SubmitOutcome
}

const latest = latestOnly()
let quoteSeq = 0

const limitsOf = (d: FlashBuyDetail): FlashLimits => ({
  minOrderQty: d.minOrderQty,
  maxOrderQty: d.maxOrderQty,
  accountPurchaseLimitQty: d.accountPurchaseLimitQty,
  remainQty: d.remainQty,
  purchasedQty: d.purchasedQty,
})

const toast = (key: MessageKey, params?: Params) => showToast(t(key, params), 'flashbuy')

/** "failure: the server's message when it has a reason, else 'Something went wrong, please refresh'" */
const failureMessage = (e: unknown) =>
  e instanceof ApiError && e.reason && e.serverMessage && !e.indefinite ? e.serverMessage : t('flashbuy.msg.generic')

const cut = (s: string, max: number) => Array.from(s.trim()).slice(0, max).join('')

/** a new attempt's state before its sale loads: nothing typed, chosen or placed yet (a fresh form each time) */
const freshAttempt = (): Pick<
  FlashBuyState,
  | 'detail'
  | 'loadError'
  | 'addressKey'
  | 'billToNumber'
  | 'channel'
  | 'form'
  | 'priceChange'
  | 'loginPrompt'
  | 'lastFailure'
  | 'pending'
  | 'placed'
  | 'quote'
> => ({
  detail: null,
  loadError: null,
  addressKey: null,
  billToNumber: null,
  channel: 'TFS',
  form: emptyFlashForm(),
  priceChange: null,
  loginPrompt: false,
  lastFailure: null,
  pending: null,
  placed: null,
  quote: null,
})

export const useFlashBuy = create<FlashBuyState>()((set, get) => {
  const currentEntry = () => orderShipTo(useSession.getState().userInfo, get().addressKey)

  /** the channel for the current address and quantity (spec section 7) */
  const resolveChannel = async (quantity: number): Promise<DeliveryChannel> => {
    const d = get().detail
    const entry = currentEntry()
    if (!d) return 'TFS'
    const scActive =
      flashLoggedIn() && isActiveSupplyCenter(useSession.getState().defaultSC) && !!entry?.shipTo.accountNumber
    if (!scActive) return flashChannel(false, null, d.deliveryChannel)
    try {
      const r = await getSkuDeliveryChannel({
        items: [{ catalogNumber: d.catalogNumber, quantity: Math.max(1, Math.min(CART_QTY_MAX, quantity)) }],
        shipToNum: entry!.shipTo.accountNumber as string,
        sourcePage: 'FLASH_BUY',
      })
      return flashChannel(true, r.productDeliveryItems[d.catalogNumber]?.deliveryChannel ?? null, d.deliveryChannel)
    } catch {
      return flashChannel(true, null, d.deliveryChannel)
    }
  }

  const prefill = (addressKey: string | null, billToNumber: string | null) => {
    const entry = orderShipTo(useSession.getState().userInfo, addressKey)
    const bill = flashBillTo(entry, billToNumber)
    set((s) => ({
      addressKey: entry?.shipTo.addressKey ?? null,
      billToNumber: bill?.accountNumber ?? null,
      form: { ...s.form, ...contactsOf(entry, bill) },
    }))
  }

  /** the server's figures for the quantity typed; only the last question's answer is kept */
  const refreshQuote = async () => {
    const seq = ++quoteSeq
    const { detail, form } = get()
    const quantity = quantityOf(form.quantityText)
    if (
      !detail ||
      detail.flashBuyStatus !== 'IN_PROGRESS' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > CART_QTY_MAX
    ) {
      set({ quote: null })
      return
    }
    if (get().quote?.quantity !== quantity) set({ quote: null })
    try {
      const quote = await getFlashQuote(detail.id, quantity)
      if (seq === quoteSeq) set({ quote })
    } catch {
      if (seq === quoteSeq) set({ quote: null })
    }
  }

  const place = async (expectedUnitPrice: number): Promise<SubmitOutcome> => {
    const { detail, form, channel } = get()
    const entry = currentEntry()
    const bill = flashBillTo(entry, get().billToNumber)
    if (!detail || !entry) return 'busy'
    const quantity = quantityOf(form.quantityText)
    const body: FlashPlaceOrderBody = {
      flashBuyId: detail.id,
      quantity,
      addressKey: entry.shipTo.addressKey,
      ...(bill?.accountNumber ? { billToNumber: bill.accountNumber } : {}),
      receiver: { name: cut(form.receiverName, 60), phone: cut(form.receiverPhone, 30) },
      invoiceReceiver: { name: cut(form.invoiceName, 60), phone: cut(form.invoicePhone, 30) },
      ...(bill ? { invoiceAddress: cut(addressLine(bill), 200), invoiceTitle: cut(billToTitle(bill), 100) } : {}),
      ...(form.poNumber.trim() ? { poNumber: cut(form.poNumber, PO_NUMBER_MAX) } : {}),
      ...(form.remark.trim() ? { remark: cut(form.remark, REMARK_MAX) } : {}),
      ...(form.additionalEmail.trim() ? { additionalEmail: form.additionalEmail.trim() } : {}),
      termsAccepted: true,
      expectedUnitPrice,
      deliveryChannel: channel,
      ...(detail.coupon ? { promoCodes: [detail.coupon] } : {}),
      paymentType: 'PURCHASE_ORDER',
      line: {
        sku: detail.sku,
        catalogNumber: detail.catalogNumber,
        quantity,
        unitPrice: expectedUnitPrice,
        listPrice: detail.originalPrice,
      },
    }
    const fingerprint = JSON.stringify(body)
    const pending = get().pending
    // the key and the lock in one synchronous step, before the first await (issue 22 item 7)
    const key = pending && pending.body === fingerprint ? pending.key : takeIdempotencyKey()
    set({ status: 'placing', pending: { key, body: fingerprint } })
    try {
      const orders = await placeFlashOrder(body, key)
      set({ status: 'placed', placed: orders, pending: null })
      navigation.replace('orderSuccess', successParams(orders))
      return 'placed'
    } catch (e) {
      const indefinite = !(e instanceof ApiError) || e.indefinite
      // the form keeps every value; the key is kept only while the answer is unknown
      set({ status: 'ready', pending: indefinite ? { key, body: fingerprint } : null })
      // no answer: the order may be placed already, and Submit again is safe (the same key: never a second order)
      showToast(indefinite ? t('order.error.maybePlaced') : failureMessage(e), 'flashbuy')
      // a definite refusal (price, stock, window, limit): show the sale as it is now
      if (!indefinite)
        get()
          .reload()
          .catch(() => undefined)
      return 'failed'
    }
  }

  return {
    ...freshAttempt(),
    id: null,
    status: 'idle',

    init: async ({ id, qty, addressKey }) => {
      const fresh = latest.start()
      const s = get()
      const chosen = addressKey || storedAddressKey()
      const sameAttempt =
        s.id === id && s.status !== 'idle' && s.status !== 'placed' && s.status !== 'failed' && !!s.detail
      if (sameAttempt) {
        // back from the address pages or after login: keep what was typed; another address brings its contacts
        set({ loginPrompt: false })
        const other = orderShipTo(useSession.getState().userInfo, chosen)
        const switched = !!other && other.shipTo.addressKey === chosen && chosen !== s.addressKey
        if (!s.addressKey || !currentEntry() || switched)
          prefill(switched ? chosen : (s.addressKey ?? chosen), switched ? null : s.billToNumber)
        await get().reload()
        return
      }
      set({ ...freshAttempt(), id, status: 'loading' })
      try {
        const detail = await getFlashBuyDetail(id)
        if (!fresh()) return
        const quantity = initialFlashQuantity(qty, limitsOf(detail), flashLoggedIn())
        set((st) => ({ detail, status: 'ready', form: { ...st.form, quantityText: String(quantity) } }))
        void refreshQuote()
        prefill(chosen, null)
        const channel = await resolveChannel(quantity)
        if (fresh()) set({ channel })
      } catch (e) {
        if (fresh())
          set({
            status: 'failed',
            loadError:
              e instanceof ApiError && e.status === 404 && e.serverMessage ? e.serverMessage : t('flashbuy.loadFailed'),
          })
      }
    },

    reload: async () => {
      const id = get().id
      if (!id) return
      try {
        const detail = await getFlashBuyDetail(id)
        if (get().id !== id) return
        set({ detail })
        void refreshQuote()
        const q = checkFlashQuantity(get().form.quantityText, limitsOf(detail), flashLoggedIn())
        const channel = await resolveChannel(q.ok ? q.value : 1)
        if (get().id === id) set({ channel })
      } catch {
        // the sale as last loaded stays on screen
      }
    },

    setQuantityText: (text) => {
      set((s) => ({ form: { ...s.form, quantityText: text } }))
      void refreshQuote()
    },

    stepQuantity: (dir) => {
      const d = get().detail
      if (!d) return
      const { cap } = flashQuantityCap(limitsOf(d), flashLoggedIn())
      const top = Math.max(1, Math.min(cap, d.remainQty, CART_QTY_MAX))
      const cur = quantityOf(get().form.quantityText)
      const base = Number.isFinite(cur) ? cur : 1
      const next = Math.min(top, Math.max(1, base + dir))
      set((s) => ({ form: { ...s.form, quantityText: String(next) } }))
      void refreshQuote()
    },

    quantityTip: () => {
      const d = get().detail
      if (!d) return null
      const loggedIn = flashLoggedIn()
      const r = checkFlashQuantity(get().form.quantityText, limitsOf(d), loggedIn)
      return r.ok ? null : tipMessage(r.tip, limitsOf(d), loggedIn)
    },

    setField: (field, value) => set((s) => ({ form: { ...s.form, [field]: value } })),
    setTerms: (on) => set((s) => ({ form: { ...s.form, terms: on } })),
    chooseAddress: (addressKey) => {
      prefill(addressKey, null)
      // the choice is kept as storedAddressKey, as the delivery-address page keeps it (spec section 3)
      const entry = currentEntry()
      if (entry) chooseDeliveryAddress(entry)
      const q = quantityOf(get().form.quantityText)
      resolveChannel(Number.isFinite(q) && q > 0 ? q : 1)
        .then((channel) => set({ channel }))
        .catch(() => undefined)
    },
    chooseBillTo: (billToNumber) => {
      const entry = currentEntry()
      const bill = flashBillTo(entry, billToNumber)
      const i = splitAttentionTo(bill?.attentionTo)
      set((s) => ({
        billToNumber: bill?.accountNumber ?? null,
        form: { ...s.form, invoiceName: i.name, invoicePhone: i.phone },
      }))
    },
    dismissLogin: () => set({ loginPrompt: false }),

    submit: async () => {
      const { status, detail, form } = get()
      if (status !== 'ready' || !detail) return 'busy'
      const user = useSession.getState().userInfo
      const loggedIn = flashLoggedIn()
      const entry = currentEntry()
      const failure = firstFailingCheck({
        loggedIn,
        registrationComplete: !!user && !needsRegistration(user),
        hasAddress: !!entry,
        status: detail.flashBuyStatus,
        quantityText: form.quantityText,
        limits: limitsOf(detail),
        terms: form.terms,
        receiver: { name: form.receiverName, phone: form.receiverPhone },
        invoiceReceiver: { name: form.invoiceName, phone: form.invoicePhone },
        additionalEmail: form.additionalEmail,
      })
      set({ lastFailure: failure })
      if (failure) {
        if (failure.check === 1) {
          set({ loginPrompt: true })
          toast(failureMessageKey(failure))
          return 'login'
        }
        if (failure.check === 2) {
          // "redirect to the ship-to address add page", and back here afterwards
          navigation.go('shipToAddress', { new: '1', back: 'flashbuySubmit' })
          return 'registration'
        }
        toast(failureMessageKey(failure))
        return 'refused'
      }
      const quantity = quantityOf(form.quantityText)
      set({ status: 'applying' })
      try {
        const channel = await resolveChannel(quantity)
        set({ channel })
        const result = await applyFlashPromo({
          flashBuyId: detail.id,
          // the server finds the ship-to by its address key (as placement's addressKey), only in the caller's account
          ...(entry ? { shipTo: entry.shipTo.addressKey } : {}),
          ...(user?.userProfile.siebelRowId ? { siebelRowId: user.userProfile.siebelRowId } : {}),
          prePaymentAccount: entry ? isPrepaid(entry) : false,
          promotionCodes: detail.coupon ? [detail.coupon] : [],
          item: {
            skuId: detail.id,
            deliveryChannel: channel,
            quantity,
            sku: detail.sku,
            ...(detail.flashPrice !== null ? { flashPrice: detail.flashPrice } : {}),
            listPrice: detail.originalPrice,
            wopFlag: false,
          },
        })
        const refusal = applyStatusRefusal(result.status)
        const price = result.items[0]?.unitPrice
        if (refusal || price === undefined) {
          set({ status: 'ready' })
          toast(refusalMessageKey(refusal ?? 'generic'))
          get()
            .reload()
            .catch(() => undefined)
          return 'refused'
        }
        if (price !== detail.flashPrice) {
          set({
            status: 'confirmPrice',
            priceChange: {
              catalogNumber: detail.catalogNumber,
              flashPrice: detail.flashPrice,
              realtimePrice: price,
              currency: result.currency,
            },
          })
          return 'confirmPrice'
        }
        return await place(price)
      } catch {
        set({ status: 'ready' })
        toast('flashbuy.msg.generic')
        return 'failed'
      }
    },

    confirmPrice: async () => {
      const pc = get().priceChange
      if (get().status !== 'confirmPrice' || !pc) return 'busy'
      // the price the buyer confirmed is the one on screen from now on, with the server's figures for it
      // (issue 22 item 4: after Confirm the screen kept the old price); Cancel keeps the screen as it was
      const d = get().detail
      set({ priceChange: null, ...(d ? { detail: { ...d, flashPrice: pc.realtimePrice } } : {}) })
      void refreshQuote()
      return place(pc.realtimePrice)
    },

    cancelPrice: () => {
      // "Cancel stops the flow"
      set({ priceChange: null, status: 'ready' })
      return 'cancelled'
    },
  }
})

// a new session (login, logout, another user) prefills the contacts of that user's address
useSession.subscribe((s, prev) => {
  if (prev.userInfo?.userProfile.userId !== s.userInfo?.userProfile.userId) {
    useFlashBuy.setState((st) => ({
      pending: null,
      loginPrompt: false,
      addressKey: null,
      billToNumber: null,
      form: { ...st.form, receiverName: '', receiverPhone: '', invoiceName: '', invoicePhone: '' },
    }))
  }
})
