import Taro from '@tarojs/taro'
import { storage } from '../platform/storage'
import { navigation } from '../platform/navigation'
import { useLocale, t } from '../store/locale'
import { languageCode } from '../i18n'
import { showToast } from '../components/toast'
import { KEYS, accountChanged, adoptAuthorizationHeader, currentToken } from './auth-token'

/** The one API client: no page calls Taro.request. Adds the spec section 7 headers and token rules. */

export class ApiError extends Error {
  constructor(readonly code: string, message: string, readonly status: number, readonly body?: unknown) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  timeoutMs?: number
}

export const apiBase = () => `${API_BASE_URL}/api`

/**
 * Spec section 7: "Authenticated calls send JSON with an Authorization bearer token, a Source
 * header, and the headers countrycode, languagecode, username and userid (user headers only when
 * logged in)."
 */
export function buildHeaders(token: string | null): Record<string, string> {
  const { country, language } = useLocale.getState()
  const h: Record<string, string> = {
    'content-type': 'application/json',
    Source: APP_SOURCE,
    countrycode: country,
    languagecode: languageCode(language)
  }
  if (token) {
    h.Authorization = `Bearer ${token}`
    const userId = storage.get(KEYS.userId)
    const userName = storage.get(KEYS.userName)
    if (userId) h.userid = userId
    if (userName) h.username = userName
  }
  return h
}

function queryString(q: RequestOptions['query']): string {
  if (!q) return ''
  const parts = Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

interface Envelope<T> { success: boolean; code: string; message?: string; data: T }

export async function apiRequest<T>(opts: RequestOptions): Promise<T> {
  const token = currentToken()
  if (token && accountChanged(token)) {
    // "A request whose user id header differs from the token's account id triggers the toast
    // 'Your account is changed, Will refresh the page' and a page reload."
    storage.remove(KEYS.userId)
    storage.remove(KEYS.userName)
    showToast(t('session.accountChanged'), 'session')
    setTimeout(() => navigation.reload(), 1000)
    throw new ApiError('ACCOUNT_CHANGED', t('session.accountChanged'), 0)
  }
  let res: Taro.request.SuccessCallbackResult<Envelope<T>>
  try {
    res = await Taro.request<Envelope<T>>({
      url: `${apiBase()}${opts.path}${queryString(opts.query)}`,
      method: opts.method ?? 'GET',
      data: opts.body as Taro.request.Option['data'],
      header: buildHeaders(token),
      timeout: opts.timeoutMs ?? 15000,
      dataType: 'json'
    })
  } catch (e) {
    const msg = String((e as { errMsg?: string })?.errMsg ?? (e as Error)?.message ?? e)
    if (/timeout/i.test(msg)) throw new ApiError('TIMEOUT', t('error.timeout'), 0)
    throw new ApiError('NETWORK', t('error.network'), 0)
  }
  adoptAuthorizationHeader(res.header as Record<string, string>)
  const body = res.data
  if (res.statusCode >= 200 && res.statusCode < 300 && body && body.success) return body.data
  const code = (body && typeof body === 'object' && body.code) || `HTTP_${res.statusCode}`
  const message = res.statusCode === 400 && body?.message
    ? t('error.badRequest', { detail: body.message })
    : t('error.generic')
  throw new ApiError(code, message, res.statusCode, body)
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => apiRequest<T>({ method: 'GET', path, query }),
  post: <T>(path: string, body?: unknown, query?: RequestOptions['query']) => apiRequest<T>({ method: 'POST', path, body, query })
}
