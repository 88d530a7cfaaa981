import { create } from 'zustand'
import type { LeadCart, LeadSubmitResult } from '../../../types'
import { LEAD_CART_STORAGE_KEY } from '../../../types/cart/cart-id'
import { checkPhone, isValidEmail } from '../../../types/account/address-rules'
import { getLeadCart, saveLeadItem, submitLead } from '../../api/order'
import { ApiError } from '../../api/client'
import { storage } from '../../platform/storage'
import { navigation } from '../../platform/navigation'
import type { MessageKey } from '../../i18n'
import { CART_QTY_MAX, CART_QTY_MIN } from '../../../types/cart/quantity'
import { REMARK_MAX } from '../../../types/order/totals'
import type { UserInfo } from '../../../types'
import { displayName } from '../../rules/account/person-name'
import { usableDefault } from '../../rules/account/ship-to'
import { useSession } from '../auth/session'
import { useLocale, t } from '../locale'
import { showToast } from '../toast'
import type { LoadState } from '../load-state'

/**
 * Request a quote for a lead-only product: the bottom-sheet drawer (quantity, tip) saves a lead
 * item (POST /save/leadItem); the lead cart id is kept under 'leadCartId'; the lead form
 * (/lead-generation/ordersubmit) sends the contact details (POST /lead/submit).
 */

export interface LeadDrawerProduct {
  catalogNumber: string | null
  itemName: string
  size?: string
  image?: string | null
}

export const LEAD_FIELDS = ['contactName', 'phone', 'email', 'companyOrInstitution', 'city', 'remark'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]
export type LeadValues = Record<LeadField, string>
export type LeadErrors = Partial<Record<LeadField, MessageKey>>
export const LEAD_REQUIRED: readonly LeadField[] = ['contactName', 'phone', 'email', 'companyOrInstitution']
export const LEAD_MAX: Record<LeadField, number> = {
  contactName: 60,
  phone: 30,
  email: 254,
  companyOrInstitution: 120,
  city: 60,
  remark: REMARK_MAX,
}

export const emptyLead = (): LeadValues => ({
  contactName: '',
  phone: '',
  email: '',
  companyOrInstitution: '',
  city: '',
  remark: '',
})

/** Required fields, lengths; phone and email with the address form's checks (spec section 9). */
export function validateLead(v: LeadValues, iso: 'CN' | 'IN'): LeadErrors {
  const errors: LeadErrors = {}
  for (const f of LEAD_FIELDS) {
    const value = v[f].trim()
    if (!value) {
      if (LEAD_REQUIRED.includes(f)) errors[f] = 'lead.error.required'
      continue
    }
    if (Array.from(value).length > LEAD_MAX[f]) errors[f] = 'lead.error.tooLong'
    else if (f === 'phone' && !checkPhone(value, iso).ok) errors[f] = 'acct.error.phone'
    else if (f === 'email' && !isValidEmail(value)) errors[f] = 'acct.error.email'
  }
  return errors
}

export const storedLeadCartId = () => storage.get(LEAD_CART_STORAGE_KEY)

/**
 * What the lead form knows of a logged-in user before they type (issue 22: "the lead form is not prefilled
 * for a logged-in user"): their name (as names read), phone and email, and the company and city of the
 * ship-to they order with. A visitor gets nothing; the user may change any of it.
 */
export function leadPrefill(u: UserInfo | null | undefined): Partial<LeadValues> {
  if (!u) return {}
  const p = u.userProfile
  const shipTo = usableDefault(u)?.shipTo
  const out: Partial<LeadValues> = {
    contactName: displayName(p.firstName, p.lastName),
    phone: p.contactInfo.phone ?? '',
    email: p.contactInfo.primaryEmail,
    companyOrInstitution: shipTo?.companyOrInstitution ?? '',
    city: shipTo?.city ?? '',
  }
  return Object.fromEntries(
    Object.entries(out).filter(([f, v]) => v && Array.from(v).length <= LEAD_MAX[f as LeadField]),
  ) as Partial<LeadValues>
}

interface LeadState {
  drawer: {
    open: boolean
    product: LeadDrawerProduct | null
    quantity: number
    submitting: boolean
    error: MessageKey | null
  }
  cart: { status: LoadState | 'empty'; data: LeadCart | null }
  values: LeadValues
  errors: LeadErrors
  submitting: boolean
  result: LeadSubmitResult | null
  openDrawer: (product: LeadDrawerProduct) => void
  closeDrawer: () => void
  setQuantity: (n: number) => void
  /** POST /save/leadItem, keep the lead cart id, open the lead form */
  saveItem: () => Promise<boolean>
  loadCart: () => Promise<void>
  setField: (f: LeadField, value: string) => void
  /** fills the fields the user has left empty from what the session knows (leadPrefill) */
  prefill: (u: UserInfo | null | undefined) => void
  submit: () => Promise<boolean>
}

const closedDrawer = { open: false, product: null, quantity: 1, submitting: false, error: null }

export const useLead = create<LeadState>()((set, get) => ({
  drawer: closedDrawer,
  cart: { status: 'idle', data: null },
  values: emptyLead(),
  errors: {},
  submitting: false,
  result: null,

  openDrawer: (product) => set({ drawer: { ...closedDrawer, open: true, product } }),
  closeDrawer: () => set((s) => (s.drawer.submitting ? s : { drawer: closedDrawer })),
  setQuantity: (n) =>
    set((s) => ({
      drawer: { ...s.drawer, quantity: Math.min(CART_QTY_MAX, Math.max(CART_QTY_MIN, Math.floor(n) || CART_QTY_MIN)) },
    })),

  saveItem: async () => {
    const { drawer } = get()
    if (!drawer.product || drawer.submitting) return false
    const catalogNumber = (drawer.product.catalogNumber ?? '').trim()
    // spec section 5: "A lead or quote request requires a catalogNumber, else the error 'Catalog number is not defined in product'."
    if (!catalogNumber) {
      set({ drawer: { ...drawer, error: 'lead.noCatalogNumber' } })
      showToast(t('lead.noCatalogNumber'))
      return false
    }
    set({ drawer: { ...drawer, submitting: true, error: null } })
    const user = useSession.getState().userInfo?.userProfile
    const existing = storedLeadCartId()
    try {
      const { leadCartId } = await saveLeadItem({
        catalogNumber,
        itemCount: drawer.quantity,
        itemName: drawer.product.itemName.slice(0, 300),
        ...(user ? { userId: user.userId } : {}),
        ...(existing ? { leadCartId: existing } : {}),
      })
      storage.set(LEAD_CART_STORAGE_KEY, leadCartId)
      set({ drawer: closedDrawer, result: null })
      navigation.go('leadSubmit')
      return true
    } catch (e) {
      // a stale lead cart (submitted, or someone else's) is forgotten: the next try starts a new one
      if (existing && e instanceof ApiError && (e.status === 404 || e.status === 403 || e.status === 409))
        storage.remove(LEAD_CART_STORAGE_KEY)
      set((s) => ({ drawer: { ...s.drawer, submitting: false } }))
      showToast(e instanceof ApiError ? (!e.indefinite && e.serverMessage) || e.message : t('error.generic'))
      return false
    }
  },

  loadCart: async () => {
    const id = storedLeadCartId()
    if (!id) return set({ cart: { status: 'empty', data: null } })
    set({ cart: { status: 'loading', data: null } })
    try {
      const data = await getLeadCart(id)
      set({ cart: { status: data.items.length && !data.submitted ? 'ready' : 'empty', data } })
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 403)) {
        storage.remove(LEAD_CART_STORAGE_KEY)
        return set({ cart: { status: 'empty', data: null } })
      }
      set({ cart: { status: 'failed', data: null } })
    }
  },

  prefill: (u) =>
    set((s) => {
      const known = leadPrefill(u)
      const values = { ...s.values }
      for (const f of LEAD_FIELDS) if (!values[f].trim() && known[f]) values[f] = known[f]!
      return { values }
    }),

  setField: (f, value) =>
    set((s) => {
      const errors = { ...s.errors }
      delete errors[f]
      return { values: { ...s.values, [f]: value }, errors }
    }),

  submit: async () => {
    const { values, submitting, cart } = get()
    const leadCartId = cart.data?.leadCartId ?? storedLeadCartId()
    if (submitting || !leadCartId) return false
    const errors = validateLead(values, useLocale.getState().country === 'in' ? 'IN' : 'CN')
    if (Object.keys(errors).length) {
      set({ errors })
      return false
    }
    set({ submitting: true })
    try {
      const v = Object.fromEntries(LEAD_FIELDS.map((f) => [f, values[f].trim()])) as LeadValues
      const result = await submitLead({
        leadCartId,
        contactName: v.contactName,
        phone: v.phone,
        email: v.email,
        companyOrInstitution: v.companyOrInstitution,
        ...(v.city ? { city: v.city } : {}),
        ...(v.remark ? { remark: v.remark } : {}),
      })
      storage.remove(LEAD_CART_STORAGE_KEY)
      set({ submitting: false, result, values: emptyLead() })
      return true
    } catch (e) {
      set({ submitting: false })
      showToast(e instanceof ApiError ? (!e.indefinite && e.serverMessage) || e.message : t('error.generic'))
      return false
    }
  },
}))
