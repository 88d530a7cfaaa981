import type { AccountEndpoints, Persona } from '../../types'
import { createFetch } from './client'

/** The account calls (spec section 7; contract in types/account): user, addresses, credit, invoices and AR. */

/** GET /users/info: the user profile */
export const getUserInfo = createFetch<AccountEndpoints['userInfo']>('GET', '/users/info')

/** POST /users/errorTracking: a failed /users/info is reported before the logout */
export const postErrorTracking = createFetch<AccountEndpoints['errorTracking']>('POST', '/users/errorTracking')

/** POST /address/changeDefault "body addresskey, userid, username"; then the user is revalidated */
export const changeDefaultAddress = createFetch<AccountEndpoints['changeDefaultAddress']>(
  'POST',
  '/address/changeDefault',
)

/** GET /address/getPhoneDictionary: "phone country codes; on failure defaults are used" (by the caller) */
export const getPhoneDictionary = createFetch<AccountEndpoints['phoneDictionary']>('GET', '/address/getPhoneDictionary')

const addressDetail = createFetch<AccountEndpoints['addressDetail']>('GET', '/address/detail')
export const getAddressDetail = (addressKey: string) => addressDetail({ addressKey })

export const addAddress = createFetch<AccountEndpoints['addAddress']>('POST', '/address/add')

export const updateAddress = createFetch<AccountEndpoints['updateAddress']>('POST', '/address/update')

/** POST /creditlimit/list: "flat list of bill-to account numbers" → billTo, overdue, updateTime */
export const getCreditList = createFetch<AccountEndpoints['creditList']>('POST', '/creditlimit/list')

export const getInvoiceList = createFetch<AccountEndpoints['invoiceList']>('GET', '/invoice/list')

export const getArStatement = createFetch<AccountEndpoints['arStatement']>('GET', '/ar/statement')

/** Notifications, supply centre and persona (spec section 7; contract in types/account). */

export const getNotifications = createFetch<AccountEndpoints['notifications']>('GET', '/notification/list')

/** "POST /notification/unread, body readNotification (list of locally read ids): presence of data drives the bell dot" */
const notificationUnread = createFetch<AccountEndpoints['notificationUnread']>('POST', '/notification/unread')
export const postNotificationUnread = (readNotification: string[]) => notificationUnread({ readNotification })

/** "GET /sc/getSupplyCenter, query stNumber, loginName: list with shipToNum and supplyCenterId" */
export const getSupplyCenter = createFetch<AccountEndpoints['supplyCenter']>('GET', '/sc/getSupplyCenter')

export const getSupplyCenterOptions = createFetch<AccountEndpoints['supplyCenterOptions']>('GET', '/sc/options')

export const applySupplyCenter = createFetch<AccountEndpoints['applySupplyCenter']>('POST', '/sc/apply')

export const getSupplyCenterRequests = createFetch<AccountEndpoints['supplyCenterRequests']>('GET', '/sc/requests')

const getPersona = createFetch<AccountEndpoints['persona']>('GET', '/persona')
const getDSPersona = createFetch<AccountEndpoints['dsPersona']>('GET', '/persona/getDSPersona')

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
  } catch {
    /* fall back below */
  }
  try {
    return { persona: await getDSPersona(), fallback: true }
  } catch (e) {
    if (first) return { persona: first, fallback: false } // empty is still an answer
    throw e
  }
}

export const getPersonaOptions = createFetch<AccountEndpoints['personaOptions']>('GET', '/persona/options')

export const savePersona = createFetch<AccountEndpoints['savePersona']>('POST', '/persona')

/** GET /chat/config: the chat widget's address (no login needed). */
