import type { LinkAccountBody } from '../../../../types'
import type { MessageKey, Params } from '../../../i18n'

/**
 * The link-an-organisation-account form of /onboarding: the limits of the contract
 * (types/account/index.ts LinkAccountBodySchema), which the server checks again.
 */
export type LinkField = keyof LinkAccountBody
export const LINK_FIELDS: LinkField[] = ['accountNumber', 'companyOrInstitution', 'zipCode']

/** "accountNumber: digits, 5 to 20" */
export const ACCOUNT_NUMBER_PATTERN = /^\d{5,20}$/
/** zip codes of China and India are digits; letters, spaces and '-' are let through for others */
export const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/
export const LINK_MAX: Record<LinkField, number> = { accountNumber: 20, companyOrInstitution: 120, zipCode: 12 }

export interface FieldError {
  key: MessageKey
  params?: Params
}

const LABEL: Record<LinkField, MessageKey> = {
  accountNumber: 'auth.onboarding.field.accountNumber',
  companyOrInstitution: 'auth.onboarding.field.companyOrInstitution',
  zipCode: 'auth.onboarding.field.zipCode',
}
export const fieldLabel = (f: LinkField) => LABEL[f]

/** The error of one field (the label is translated by the caller: params.field holds its key). */
export function checkLinkField(field: LinkField, raw: string): FieldError | null {
  const v = raw.trim()
  // the wording of spec section 5: '{field} is a required field'
  if (!v) return { key: 'auth.onboarding.required', params: { field: LABEL[field] } }
  if (field === 'accountNumber' && !ACCOUNT_NUMBER_PATTERN.test(v))
    return { key: 'auth.onboarding.accountNumberInvalid' }
  if (v.length > LINK_MAX[field])
    return { key: 'auth.onboarding.tooLong', params: { field: LABEL[field], max: LINK_MAX[field] } }
  if (field === 'zipCode' && !ZIP_PATTERN.test(v)) return { key: 'auth.onboarding.zipInvalid' }
  return null
}

export function checkLinkAccount(values: LinkAccountBody): Partial<Record<LinkField, FieldError>> {
  const errors: Partial<Record<LinkField, FieldError>> = {}
  for (const f of LINK_FIELDS) {
    const e = checkLinkField(f, values[f])
    if (e) errors[f] = e
  }
  return errors
}
