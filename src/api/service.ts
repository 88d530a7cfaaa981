import type {
  ChatConfig, NotificationListResult, NotificationUnreadResult, Persona, PersonaOptions, PersonaSaveBody,
  SupplyCenter, SupplyCenterApplyBody, SupplyCenterOption, SupplyCenterRequest
} from '../../types'
import { api } from './client'

/** Notifications, supply centre, persona and chat calls (spec section 7; contract in types/account.ts). */

export const getNotifications = (q: { page: number; pageSize: number }) =>
  api.get<NotificationListResult>('/notification/list', q)

/** "POST /notification/unread, body readNotification (list of locally read ids): presence of data drives the bell dot" */
export const postNotificationUnread = (readNotification: string[]) =>
  api.post<NotificationUnreadResult>('/notification/unread', { readNotification })

/** "GET /sc/getSupplyCenter, query stNumber, loginName: list with shipToNum and supplyCenterId" */
export const getSupplyCenter = (q: { stNumber: string; loginName: string }) =>
  api.get<SupplyCenter[]>('/sc/getSupplyCenter', q)

export const getSupplyCenterOptions = () => api.get<SupplyCenterOption[]>('/sc/options')

export const applySupplyCenter = (body: SupplyCenterApplyBody) => api.post<SupplyCenterRequest>('/sc/apply', body)

export const getSupplyCenterRequests = () => api.get<SupplyCenterRequest[]>('/sc/requests')

const isEmptyPersona = (p: Persona | null | undefined) =>
  !p || (p.roles.length === 0 && p.industries.length === 0 && p.interestAreas.length === 0)

/**
 * "GET /persona, header languagecode (cn or en): persona; fallback GET /persona/getDSPersona".
 * The fallback is used when the first call fails or holds nothing; `fallback` says which one answered.
 */
export async function getPersonaWithFallback(): Promise<{ persona: Persona; fallback: boolean }> {
  let first: Persona | null = null
  try {
    first = await api.get<Persona>('/persona')
    if (!isEmptyPersona(first)) return { persona: first, fallback: false }
  } catch { /* fall back below */ }
  try {
    return { persona: await api.get<Persona>('/persona/getDSPersona'), fallback: true }
  } catch (e) {
    if (first) return { persona: first, fallback: false } // empty is still an answer
    throw e
  }
}

export const getPersonaOptions = () => api.get<PersonaOptions>('/persona/options')

export const savePersona = (body: PersonaSaveBody) => api.post<Persona>('/persona', body)

/** GET /chat/config: the chat widget's address (no login needed). */
export const getChatConfig = () => api.get<ChatConfig>('/chat/config')
