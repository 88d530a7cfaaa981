import type {
  AddressMutationResult, ArStatement, ArStatementQuery, ChangeDefaultBody, CreditRecord, ErrorTrackingBody,
  ErrorTrackingResult, InvoiceListQuery, InvoiceListResult, NotificationListResult, NotificationUnreadResult, Persona,
  PersonaOptions, PersonaSaveBody, PhoneDictionaryEntry, ShipTo, ShipToAddressInput, SupplyCenter, SupplyCenterApplyBody,
  SupplyCenterOption, SupplyCenterRequest, UserInfo
} from '../../types'
import { createFetch } from './client'

/** The account calls (spec section 7; contract in types/account): user, addresses, credit, invoices and AR. */

/** GET /users/info: the user profile */
export const getUserInfo = createFetch<void, UserInfo>('GET', '/users/info')

/** POST /users/errorTracking: a failed /users/info is reported before the logout */
export const postErrorTracking = createFetch<ErrorTrackingBody, ErrorTrackingResult>('POST', '/users/errorTracking')

/** POST /address/changeDefault "body addresskey, userid, username"; then the user is revalidated */
export const changeDefaultAddress = createFetch<ChangeDefaultBody, null>('POST', '/address/changeDefault')

/** GET /address/getPhoneDictionary: "phone country codes; on failure defaults are used" (by the caller) */
export const getPhoneDictionary = createFetch<void, PhoneDictionaryEntry[]>('GET', '/address/getPhoneDictionary')

const addressDetail = createFetch<{ addressKey: string }, ShipTo>('GET', '/address/detail')
export const getAddressDetail = (addressKey: string) => addressDetail({ addressKey })

export const addAddress = createFetch<ShipToAddressInput, AddressMutationResult>('POST', '/address/add')

export const updateAddress = createFetch<ShipToAddressInput, AddressMutationResult>('POST', '/address/update')

/** POST /creditlimit/list: "flat list of bill-to account numbers" → billTo, overdue, updateTime */
export const getCreditList = createFetch<string[], CreditRecord[]>('POST', '/creditlimit/list')

export const getInvoiceList = createFetch<InvoiceListQuery, InvoiceListResult>('GET', '/invoice/list')

export const getArStatement = createFetch<ArStatementQuery, ArStatement>('GET', '/ar/statement')

/** Notifications, supply centre and persona (spec section 7; contract in types/account). */

export const getNotifications = createFetch<{ page: number; pageSize: number }, NotificationListResult>('GET', '/notification/list')

/** "POST /notification/unread, body readNotification (list of locally read ids): presence of data drives the bell dot" */
const notificationUnread = createFetch<{ readNotification: string[] }, NotificationUnreadResult>('POST', '/notification/unread')
export const postNotificationUnread = (readNotification: string[]) => notificationUnread({ readNotification })

/** "GET /sc/getSupplyCenter, query stNumber, loginName: list with shipToNum and supplyCenterId" */
export const getSupplyCenter = createFetch<{ stNumber: string; loginName: string }, SupplyCenter[]>('GET', '/sc/getSupplyCenter')

export const getSupplyCenterOptions = createFetch<void, SupplyCenterOption[]>('GET', '/sc/options')

export const applySupplyCenter = createFetch<SupplyCenterApplyBody, SupplyCenterRequest>('POST', '/sc/apply')

export const getSupplyCenterRequests = createFetch<void, SupplyCenterRequest[]>('GET', '/sc/requests')

const getPersona = createFetch<void, Persona>('GET', '/persona')
const getDSPersona = createFetch<void, Persona>('GET', '/persona/getDSPersona')

const isEmptyPersona = (p: Persona | null | undefined) =>
  !p || (p.roles.length === 0 && p.industries.length === 0 && p.interestAreas.length === 0)

/**
 * "GET /persona, header languagecode (cn or en): persona; fallback GET /persona/getDSPersona".
 * The fallback is used when the first call fails or holds nothing; `fallback` says which one answered.
 */
export async function getPersonaWithFallback(): Promise<{ persona: Persona; fallback: boolean }> {
  let first: Persona | null = null
  try {
    first = await getPersona()
    if (!isEmptyPersona(first)) return { persona: first, fallback: false }
  } catch { /* fall back below */ }
  try {
    return { persona: await getDSPersona(), fallback: true }
  } catch (e) {
    if (first) return { persona: first, fallback: false } // empty is still an answer
    throw e
  }
}

export const getPersonaOptions = createFetch<void, PersonaOptions>('GET', '/persona/options')

export const savePersona = createFetch<PersonaSaveBody, Persona>('POST', '/persona')

/** GET /chat/config: the chat widget's address (no login needed). */
