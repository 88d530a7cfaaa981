import type {
  AddressMutationResult, ArStatement, ArStatementQuery, ChangeDefaultBody, CreditRecord, InvoiceListQuery,
  InvoiceListResult, PhoneDictionaryEntry, ShipTo, ShipToAddressInput
} from '../../types'
import { api } from './client'

/** Addresses, credit, invoices and the AR statement (spec section 7; contract in types/account.ts). */

/** POST /address/changeDefault "body addresskey, userid, username"; then the user is revalidated */
export const changeDefaultAddress = (body: ChangeDefaultBody) => api.post<null>('/address/changeDefault', body)

/** GET /address/getPhoneDictionary: "phone country codes; on failure defaults are used" (by the caller) */
export const getPhoneDictionary = () => api.get<PhoneDictionaryEntry[]>('/address/getPhoneDictionary')

export const getAddressDetail = (addressKey: string) => api.get<ShipTo>('/address/detail', { addressKey })

export const addAddress = (input: ShipToAddressInput) => api.post<AddressMutationResult>('/address/add', input)

export const updateAddress = (input: ShipToAddressInput) => api.post<AddressMutationResult>('/address/update', input)

/** POST /creditlimit/list: "flat list of bill-to account numbers" → billTo, overdue, updateTime */
export const getCreditList = (billTos: string[]) => api.post<CreditRecord[]>('/creditlimit/list', billTos)

export const getInvoiceList = (q: InvoiceListQuery) => api.get<InvoiceListResult>('/invoice/list', q)

export const getArStatement = (q: ArStatementQuery) => api.get<ArStatement>('/ar/statement', q)
