import { create } from 'zustand'
import type { CreditRecord, PhoneDictionaryEntry, ShipTo, ShipToBillTos } from '../../../types'
import {
  addAddress,
  changeDefaultAddress,
  getAddressDetail,
  getCreditList,
  getPhoneDictionary,
  updateAddress,
} from '../../api/account'
import { ApiError } from '../../api/client'
import { KEYS } from '../../api/auth-token'
import { storage } from '../../platform/storage'
import { useSession } from '../auth/session'
import { contactVault } from './contact-vault'
import { t } from '../locale'
import { attentionOf, canEdit, canSetDefault } from '../../rules/account/ship-to'
import {
  CONTACT_FIELDS,
  clearError,
  dialCodeFor,
  emptyAddressForm,
  formFromShipTo,
  hasErrors,
  toAddressInput,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type AddressFormValues,
  type Iso,
} from '../../rules/account/address-validation'

/**
 * Ship-to addresses: credit records of the bill-tos, the default change, the phone dictionary and
 * the delivery address chosen in the cart flow (useAddresses); the add/edit form (useAddressForm).
 */

interface AddressesState {
  /** POST /creditlimit/list answers, by bill-to account number */
  credit: Record<string, CreditRecord>
  /** the numbers last asked for (the list asks again only when they change) */
  creditKey: string | null
  /** the ship-to whose default change is being posted */
  savingDefault: string | null
  phoneDictionary: PhoneDictionaryEntry[] | null
  loadCredit: (billTos: string[]) => Promise<void>
  /** "Click 'Set as Default', confirm Yes or No, post the change, then revalidate the user." Resolves true when changed. */
  setDefault: (shipTo: ShipTo) => Promise<boolean>
  /** GET /address/getPhoneDictionary once per session (kept in session storage); null when the lookup failed (defaults apply) */
  loadPhoneDictionary: () => Promise<PhoneDictionaryEntry[] | null>
  reset: () => void
}

export const useAddresses = create<AddressesState>()((set, get) => ({
  credit: {},
  creditKey: null,
  savingDefault: null,
  phoneDictionary: null,

  loadCredit: async (billTos) => {
    const key = billTos.join(',')
    if (!billTos.length || get().creditKey === key) return
    set({ creditKey: key })
    try {
      const records = await getCreditList(billTos)
      set({ credit: Object.fromEntries(records.map((r) => [r.billTo, r])) })
    } catch {
      set({ creditKey: null }) // the tags fall back to the user info's records; asked again next time
    }
  },

  setDefault: async (shipTo) => {
    const profile = useSession.getState().userInfo?.userProfile
    if (!profile || !canSetDefault(shipTo) || get().savingDefault) return false
    set({ savingDefault: shipTo.addressKey })
    try {
      await changeDefaultAddress({ addresskey: shipTo.addressKey, userid: profile.userId, username: profile.userName })
      await useSession.getState().fetchUser()
      return true
    } catch {
      return false
    } finally {
      set({ savingDefault: null })
    }
  },

  loadPhoneDictionary: async () => {
    const cached = get().phoneDictionary ?? contactVault.readPhoneDictionary()
    if (cached) {
      set({ phoneDictionary: cached })
      return cached
    }
    try {
      const entries = await getPhoneDictionary()
      contactVault.savePhoneDictionary(entries)
      set({ phoneDictionary: entries })
      return entries
    } catch {
      return null
    }
  },

  reset: () => set({ credit: {}, creditKey: null, savingDefault: null, phoneDictionary: null }),
}))

// ---------------------------------------------------------------- delivery address (cart flow)

/** Spec section 3 locally stored keys: storedAddressKey; its contact is kept in the vault. */
export function chooseDeliveryAddress(e: ShipToBillTos) {
  storage.set(KEYS.storedAddressKey, e.shipTo.addressKey)
  const { name, phone } = attentionOf(e.shipTo)
  contactVault.saveContact('delivery', {
    name,
    phone: phone || e.shipTo.phoneNumber || '',
    mobile: e.shipTo.mobile ?? '',
    email: e.shipTo.email ?? '',
  })
}

export const storedAddressKey = () => storage.get(KEYS.storedAddressKey)

// ---------------------------------------------------------------- add / edit form

export type FormStatus = 'loading' | 'ready' | 'refused' | 'notFound' | 'submitting' | 'saved'

interface AddressFormState {
  mode: 'new' | 'edit'
  addressKey: string | null
  iso: Iso
  dialCode: string
  values: AddressFormValues
  errors: AddressErrors
  /** a server refusal, shown at the top; every typed value stays */
  topError: string | null
  status: FormStatus
  isDefault: boolean
  /** the address as the server stored it (after add: PENDING with its web reference) */
  saved: ShipTo | null
  init: (opts: { addressKey?: string | null; iso: Iso }) => Promise<void>
  setField: (field: AddressField, value: string) => void
  setIsDefault: (on: boolean) => void
  submit: () => Promise<boolean>
}

const draftOf = (v: AddressFormValues) => ({
  name: v.contactName,
  phone: v.contactPhone,
  mobile: v.mobile,
  email: v.email,
})

/** the form as it opens, before the phone dictionary (and, to edit, the address) has loaded */
const openingForm = (
  mode: AddressFormState['mode'],
  addressKey: string | null,
  iso: AddressFormState['iso'],
): Pick<
  AddressFormState,
  'mode' | 'addressKey' | 'iso' | 'dialCode' | 'values' | 'errors' | 'topError' | 'status' | 'isDefault' | 'saved'
> => ({
  mode,
  addressKey,
  iso,
  dialCode: dialCodeFor(iso, null),
  values: emptyAddressForm(),
  errors: {},
  topError: null,
  status: 'loading',
  isDefault: false,
  saved: null,
})

export const useAddressForm = create<AddressFormState>()((set, get) => ({
  ...openingForm('new', null, 'CN'),

  init: async ({ addressKey, iso }) => {
    const mode = addressKey ? 'edit' : 'new'
    set(openingForm(mode, addressKey ?? null, iso))
    const dictionary = await useAddresses.getState().loadPhoneDictionary()
    if (mode === 'new') {
      const dialCode = dialCodeFor(iso, dictionary)
      // an unsaved draft's contact comes back (it was kept sealed in session storage)
      const draft = contactVault.readContact('draft')
      const values = emptyAddressForm()
      if (draft)
        Object.assign(values, {
          contactName: draft.name,
          contactPhone: draft.phone,
          mobile: draft.mobile ?? '',
          email: draft.email ?? '',
        })
      set({ dialCode, values, status: 'ready' })
      return
    }
    try {
      const shipTo = await getAddressDetail(addressKey as string)
      const shipIso: Iso = shipTo.isoCountryCode === 'IN' ? 'IN' : 'CN'
      const dialCode = dialCodeFor(shipIso, dictionary)
      // "Only ACTIVE addresses can be edited or set as default."
      if (!canEdit(shipTo)) return set({ status: 'refused', iso: shipIso, dialCode, saved: shipTo })
      set({
        iso: shipIso,
        dialCode,
        values: formFromShipTo(shipTo, dialCode),
        isDefault: shipTo.isDefault,
        status: 'ready',
      })
    } catch (e) {
      set({ status: 'notFound', topError: e instanceof ApiError ? e.message : t('error.generic') })
    }
  },

  setField: (field, value) => {
    const { values, errors, mode } = get()
    const next = { ...values, [field]: value }
    // "Editing a field clears its error."
    set({ values: next, errors: clearError(errors, field) })
    if (mode === 'new' && (CONTACT_FIELDS as readonly string[]).includes(field))
      contactVault.saveContact('draft', draftOf(next))
  },

  setIsDefault: (on) => set({ isDefault: on }),

  submit: async () => {
    const { values, iso, dialCode, mode, addressKey, isDefault, status } = get()
    if (status !== 'ready') return false
    const errors = validateAddress(values, iso)
    // "Invalid fields raise an error flag that blocks submission."
    if (hasErrors(errors)) {
      set({ errors, topError: null })
      return false
    }
    set({ status: 'submitting', topError: null })
    try {
      const input = toAddressInput(
        values,
        iso,
        dialCode,
        mode === 'edit' ? { addressKey: addressKey as string } : { isDefault },
      )
      const { shipTo } = mode === 'edit' ? await updateAddress(input) : await addAddress(input)
      if (mode === 'new') contactVault.clearContact('draft')
      set({ status: 'saved', saved: shipTo })
      useSession.getState().fetchUser()
      return true
    } catch (e) {
      set({ status: 'ready', topError: e instanceof ApiError ? e.message : t('error.generic') })
      return false
    }
  },
}))

// Logout (or an expired session) forgets the address state too. Subscribed here rather than called
// from My, so the tab page does not pull this store (and its cipher) into the main package.
useSession.subscribe((s, prev) => {
  if (prev.userInfo && !s.userInfo) useAddresses.getState().reset()
})
