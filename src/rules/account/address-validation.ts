import type { PhoneDictionaryEntry, ShipTo, ShipToAddressInput } from '../../../types'
import {
  DEFAULT_DIAL_CODE,
  DIAL_RULES,
  checkPhone,
  isValidCnMobile,
  isValidEmail,
  PHONE_PATTERN,
} from '../../../types/account/address-rules'
import type { MessageKey, Params } from '../../i18n'
import { splitAttentionTo } from '../../../types/account/address-rules'

/**
 * Spec section 5, "Contact and order fields", for the ship-to address form: which field is checked
 * how, and which message it raises. The pure checks live in types/account/address-rules.ts (shared with
 * the server); this module maps them to the form's fields and the catalogue's messages.
 */

export type Iso = 'CN' | 'IN'

export const ADDRESS_FIELDS = [
  'contactName',
  'contactPhone',
  'mobile',
  'email',
  'deptOrLab',
  'companyOrInstitution',
  'stateOrProvince',
  'city',
  'streetAddress',
  'buildingOrRoom',
  'zipCode',
] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]
export type AddressFormValues = Record<AddressField, string>

/** Contact person name is required ("Contact person name, for ship-to and bill-to, is required"); so are phone and the address itself. */
export const REQUIRED_FIELDS: readonly AddressField[] = [
  'contactName',
  'contactPhone',
  'companyOrInstitution',
  'stateOrProvince',
  'city',
  'streetAddress',
  'zipCode',
]

/** The contact data of an address (kept encrypted on the client: spec section 3). */
export const CONTACT_FIELDS = [
  'contactName',
  'contactPhone',
  'mobile',
  'email',
] as const satisfies readonly AddressField[]

export const FIELD_LABEL: Record<AddressField, MessageKey> = {
  contactName: 'acct.field.contactName',
  contactPhone: 'acct.field.contactPhone',
  mobile: 'acct.field.mobile',
  email: 'acct.field.email',
  deptOrLab: 'acct.field.deptOrLab',
  companyOrInstitution: 'acct.field.companyOrInstitution',
  stateOrProvince: 'acct.field.stateOrProvince',
  city: 'acct.field.city',
  streetAddress: 'acct.field.streetAddress',
  buildingOrRoom: 'acct.field.buildingOrRoom',
  zipCode: 'acct.field.zipCode',
}

/** Most characters a field takes (types/account/index.ts ShipToAddressInputSchema). */
export const FIELD_MAX: Record<AddressField, number> = {
  contactName: 60,
  contactPhone: 30,
  mobile: 20,
  email: 120,
  deptOrLab: 100,
  companyOrInstitution: 120,
  stateOrProvince: 60,
  city: 60,
  streetAddress: 200,
  buildingOrRoom: 100,
  zipCode: 12,
}

export const emptyAddressForm = (): AddressFormValues =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as AddressFormValues

/** A message of the catalogue with its parameters; {field} is filled with the field's label by the page. */
export interface FieldError {
  key: MessageKey
  params?: Params
  field?: AddressField
}
export type AddressErrors = Partial<Record<AddressField, FieldError>>

const required = (field: AddressField): FieldError => ({ key: 'acct.error.required', field })

/**
 * One field's check, or null when it is fine.
 * - "Contact person name ... is required: '{field} is a required field'" (and the other required fields).
 * - "Phone is digits, optionally with '-', '/' or space between digit groups. Otherwise: 'Please enter
 *   a valid mobile or phone number (" numbers "and "-" are allowed)'", and "China accepts +86, 086 or
 *   86 (13 digits in total); India accepts +91, 091 or 91 (12 digits in total)".
 * - "Mobile number: 11 digits in China."
 * - "Email must match a standard address pattern." ('Please enter valid email id')
 */
export function validateField(field: AddressField, values: AddressFormValues, iso: Iso): FieldError | null {
  const v = values[field].trim()
  if (!v) return REQUIRED_FIELDS.includes(field) ? required(field) : null
  if (v.length > FIELD_MAX[field]) return { key: 'acct.error.tooLong', field, params: { max: FIELD_MAX[field] } }
  switch (field) {
    case 'contactPhone': {
      const r = checkPhone(v, iso)
      if (r.ok) return null
      return r.reason === 'required' ? required(field) : { key: 'acct.error.phone' }
    }
    case 'mobile':
      if (iso === 'CN') return isValidCnMobile(v) ? null : { key: 'acct.error.mobile' }
      return PHONE_PATTERN.test(v) ? null : { key: 'acct.error.phone' }
    case 'email':
      return isValidEmail(v) ? null : { key: 'acct.error.email' }
    default:
      return null
  }
}

export function validateAddress(values: AddressFormValues, iso: Iso): AddressErrors {
  const errors: AddressErrors = {}
  for (const f of ADDRESS_FIELDS) {
    const e = validateField(f, values, iso)
    if (e) errors[f] = e
  }
  return errors
}

/** "Invalid fields raise an error flag that blocks submission." */
export const hasErrors = (errors: AddressErrors) => Object.keys(errors).length > 0

/** "Editing a field clears its error." */
export function clearError(errors: AddressErrors, field: AddressField): AddressErrors {
  if (!(field in errors)) return errors
  const next = { ...errors }
  delete next[field]
  return next
}

/**
 * The dial prefix of a country from GET /address/getPhoneDictionary. "On failure defaults are used"
 * (spec section 7): the built-in prefixes, and "+86 when the lookup fails" for anything else.
 */
export function dialCodeFor(iso: Iso, dictionary: PhoneDictionaryEntry[] | null): string {
  const hit = dictionary?.find((e) => e.isoCountryCode === iso)?.dialCode
  return hit || DIAL_RULES[iso]?.dialCode || DEFAULT_DIAL_CODE
}

/** The request of POST /address/add and /address/update; the phone goes with its dial prefix (checkPhone's stored form). */
export function toAddressInput(
  values: AddressFormValues,
  iso: Iso,
  dialCode: string,
  opts: { addressKey?: string; isDefault?: boolean; nickName?: string | null } = {},
): ShipToAddressInput {
  const v = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[f].trim()])) as AddressFormValues
  const phone = checkPhone(v.contactPhone, iso, dialCode)
  const optional = (s: string) => (s ? s : undefined)
  const input: ShipToAddressInput = {
    isoCountryCode: iso,
    contactName: v.contactName,
    contactPhone: phone.ok ? phone.normalized : v.contactPhone,
    mobile: optional(v.mobile),
    email: optional(v.email),
    deptOrLab: optional(v.deptOrLab),
    companyOrInstitution: v.companyOrInstitution,
    stateOrProvince: v.stateOrProvince,
    city: v.city,
    streetAddress: v.streetAddress,
    buildingOrRoom: optional(v.buildingOrRoom),
    zipCode: v.zipCode,
  }
  if (opts.addressKey) input.addressKey = opts.addressKey
  if (opts.nickName) input.nickName = opts.nickName
  if (opts.isDefault !== undefined) input.isDefault = opts.isDefault
  return Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined)) as ShipToAddressInput
}

/** The phone as the user types it: without the stored dial prefix ('+86-13800138000' → '13800138000'). */
export function nationalPhone(stored: string, dialCode: string): string {
  const s = stored.trim()
  const cc = dialCode.replace(/\D/g, '')
  const m = s.match(new RegExp(`^(?:\\+|0)?${cc}[-/ ]?(.*)$`))
  // a bare number that merely starts with the country digits is left alone unless written with + or 0
  if (m && (s.startsWith('+') || s.startsWith('0'))) return m[1]
  return s
}

/** The form of an existing ship-to (edit): its contact from attentionTo "name,phone" (spec section 3). */
export function formFromShipTo(s: ShipTo, dialCode: string): AddressFormValues {
  const { name, phone } = splitAttentionTo(s.attentionTo)
  return {
    contactName: name,
    contactPhone: nationalPhone(phone || s.phoneNumber || '', dialCode),
    mobile: s.mobile ?? '',
    email: s.email ?? '',
    deptOrLab: s.deptOrLab ?? '',
    companyOrInstitution: s.companyOrInstitution ?? '',
    stateOrProvince: s.stateOrProvince || s.state || '',
    city: s.city ?? '',
    streetAddress: s.streetAddress ?? '',
    buildingOrRoom: s.buildingOrRoom ?? '',
    zipCode: s.zipCode ?? '',
  }
}
