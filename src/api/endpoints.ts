import type { ErrorTrackingBody, ErrorTrackingResult, Persona, ProductList, SysConfig, UserInfo } from '../../types'
import { api } from './client'

/** Every server call the app makes, typed by the shared contract in types/. */

export const getSysConfig = (countryCode: string) =>
  api.get<SysConfig>('/sys/dict/config', { countryCode, dictionaryParentType: 'GLOBAL_SYS_INIT_CONFIG' })

export const getUserInfo = () => api.get<UserInfo>('/users/info')

export const postErrorTracking = (body: ErrorTrackingBody) => api.post<ErrorTrackingResult>('/users/errorTracking', body)

/** GET /persona, falling back to GET /persona/getDSPersona (spec section 7). */
export async function getPersona(): Promise<Persona> {
  try {
    return await api.get<Persona>('/persona')
  } catch {
    return api.get<Persona>('/persona/getDSPersona')
  }
}

export const getProductList = (q: { page: number; pageSize: number; categoryId?: string }) =>
  api.get<ProductList>('/product/list', q)
