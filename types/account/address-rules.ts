/**
 * Spec section 5, "Contact and order fields": the one place for the address and contact rules.
 * Pure functions, used by the app's forms (src/rules/account/address-validation.ts wraps them with messages)
 * and by the server, which re-checks every address it stores.
 */

/** "Phone is digits, optionally with '-', '/' or space between digit groups." (a leading + is the dial prefix) */
export const PHONE_PATTERN = /^\+?\d+(?:[-/ ]\d+)*$/
/** "Email must match a standard address pattern." */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/
/** "Mobile number: 11 digits in China." */
export const CN_MOBILE_PATTERN = /^1\d{10}$/

export interface DialRule {
  isoCountryCode: 'CN' | 'IN'
  /** '+86' */
  dialCode: string
  /** "China accepts +86, 086 or 86 (13 digits in total); India accepts +91, 091 or 91 (12 digits in total)." */
  totalDigits: number
}

export const DIAL_RULES: Record<'CN' | 'IN', DialRule> = {
  CN: { isoCountryCode: 'CN', dialCode: '+86', totalDigits: 13 },
  IN: { isoCountryCode: 'IN', dialCode: '+91', totalDigits: 12 },
}
/** "The phone is stored with the country dial prefix (default +86 when the lookup fails)." */
export const DEFAULT_DIAL_CODE = '+86'

const digitsOf = (s: string) => s.replace(/\D/g, '')

export type PhoneCheck =
  | { ok: true; /** stored form: '+86-13800138000' */ normalized: string }
  | { ok: false; reason: 'required' | 'pattern' | 'prefix' }

/**
 * Checks a phone typed by the user and returns the stored form.
 * - Must match PHONE_PATTERN.
 * - Written with its country's prefix (+86 / 086 / 86, +91 / 091 / 91), the digits without the
 *   leading 0 must total 13 (China) or 12 (India). A bare number starting with 86/91 counts as
 *   prefixed only when it has exactly that many digits.
 * - The stored form is `{dialCode}-{national number as typed}`; dialCode comes from the phone
 *   dictionary lookup, DEFAULT_DIAL_CODE (+86) when that failed.
 */
export function checkPhone(
  input: string,
  iso: 'CN' | 'IN',
  dialCode: string = DIAL_RULES[iso]?.dialCode ?? DEFAULT_DIAL_CODE,
): PhoneCheck {
  const raw = input.trim()
  if (!raw) return { ok: false, reason: 'required' }
  if (!PHONE_PATTERN.test(raw)) return { ok: false, reason: 'pattern' }
  const rule = DIAL_RULES[iso]
  const cc = digitsOf(rule.dialCode) // '86'
  const explicit = raw.startsWith('+') ? '+' : raw.startsWith('0' + cc) ? '0' : ''
  let national = raw
  if (explicit) {
    if (!digitsOf(raw).replace(/^0/, '').startsWith(cc)) return { ok: false, reason: 'prefix' }
    if (digitsOf(raw).replace(/^0/, '').length !== rule.totalDigits) return { ok: false, reason: 'prefix' }
    national = raw.replace(new RegExp(`^(\\+|0)${cc}[-/ ]?`), '')
  } else if (raw.startsWith(cc) && digitsOf(raw).length === rule.totalDigits) {
    national = raw.replace(new RegExp(`^${cc}[-/ ]?`), '')
  }
  if (!national) return { ok: false, reason: 'pattern' }
  return { ok: true, normalized: `${dialCode}-${national}` }
}

export const isValidEmail = (s: string) => EMAIL_PATTERN.test(s.trim())
export const isValidCnMobile = (s: string) => CN_MOBILE_PATTERN.test(s.trim())

/** attentionTo is "name,phone" (spec section 3). */
export const joinAttentionTo = (name: string, phone: string) => `${name.trim()},${phone.trim()}`
export function splitAttentionTo(v: string | null | undefined): { name: string; phone: string } {
  if (!v) return { name: '', phone: '' }
  const i = v.lastIndexOf(',')
  return i < 0 ? { name: v, phone: '' } : { name: v.slice(0, i), phone: v.slice(i + 1) }
}

/** Spec section 9 / 5 limits that the account screens use. */
export const SUPPLY_CENTER_REASON_MAX = 200

/** At most this many ship-tos per account (server-enforced; the add footer hides at the limit). */
export const MAX_SHIP_TOS_PER_ACCOUNT = 20
/** At most this many new ship-tos waiting for review (about 2 business days each) at a time. */
export const MAX_PENDING_SHIP_TOS = 3

/**
 * What an address is called where a list or a label names it: its nickname, else its company or institution
 * (bill-tos on Ship-To Info, ship-tos in the pickers, the prize order's label).
 */
export const addressTitle = (a: { nickName?: string | null; companyOrInstitution?: string | null }): string =>
  (a.nickName || a.companyOrInstitution || '').trim()

/** The parts of an address that its one-line form shows (the ship-to and bill-to shapes of the contract have them). */
export interface AddressParts {
  stateOrProvince?: string | null
  state?: string | null
  city?: string | null
  streetAddress?: string | null
  buildingOrRoom?: string | null
  zipCode?: string | null
  isoCountryCode?: string | null
}

/**
 * The address line, joined per country: China writes from the largest unit down
 * (province, city, street, building, then zip); India from the building up (building, street,
 * city, state - zip). The app shows it on every address; the server writes it into the labels it keeps
 * (a prize order's ship-to), so both read alike.
 */
export function addressLine(a: AddressParts): string {
  const province = a.stateOrProvince || a.state || ''
  const parts = (xs: (string | null | undefined)[]) => xs.map((x) => (x ?? '').trim()).filter(Boolean)
  if (a.isoCountryCode === 'IN') {
    const head = parts([a.buildingOrRoom, a.streetAddress, a.city, province]).join(', ')
    return parts([head, a.zipCode]).join(' - ')
  }
  // a city that is a municipality repeats the province (上海市 上海市): shown once
  const city = a.city && a.city === province ? '' : a.city
  return parts([parts([province, city, a.streetAddress, a.buildingOrRoom]).join(' '), a.zipCode]).join(', ')
}
