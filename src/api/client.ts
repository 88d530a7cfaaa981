import Taro from '@tarojs/taro'
import { storage } from '../platform/storage'
import { languageCode } from '../i18n/translate'
import { KEYS, accountChanged, adoptAuthorizationHeader, currentToken, reportAccountChanged } from './auth-token'
import { requestLocale, requestMessage as t } from './request-locale'
import type { AnswerOf, Endpoint, ParamsOf, PathParamNames, QueryOf, RequestOf } from '../../types/endpoint'

/**
 * The one API client: no page calls Taro.request. Adds the spec section 7 headers and token rules.
 * It reports events (expired session, changed account) and never shows UI: the session store does.
 */

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** the envelope's business `reason` (types/envelope.ts), e.g. CART_CHANGED, REGISTRATION_INCOMPLETE */
  get reason(): string | null {
    const r = (this.body as { reason?: unknown } | undefined)?.reason
    return typeof r === 'string' ? r : null
  }

  /** the envelope's message, already in the request's language (cart and order calls show it as is) */
  get serverMessage(): string | null {
    const m = (this.body as { message?: unknown } | undefined)?.message
    return typeof m === 'string' && m ? m : null
  }

  /** no definite answer: the request may or may not have reached the server (network, timeout, 5xx) */
  get indefinite(): boolean {
    return this.status === 0 || this.status >= 500
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  query?: Record<string, string | number | boolean | undefined | null>
  body?: object
  timeoutMs?: number
  /** extra headers of one call (e.g. Idempotency-Key) */
  headers?: Record<string, string>
}

export const apiBase = () => `${API_BASE_URL}/api`

/**
 * Spec section 7: "Authenticated calls send JSON with an Authorization bearer token, a Source
 * header, and the headers countrycode, languagecode, username and userid (user headers only when
 * logged in)."
 */
export function buildHeaders(token: string | null): Record<string, string> {
  const { country, language } = requestLocale()
  const h: Record<string, string> = {
    'content-type': 'application/json',
    Source: APP_SOURCE,
    countrycode: country,
    languagecode: languageCode(language),
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

interface Envelope<T> {
  success: boolean
  code: string
  message?: string
  data: T
}

export async function apiRequest<T>(opts: RequestOptions): Promise<T> {
  const token = currentToken()
  if (token && accountChanged(token)) {
    // "A request whose user id header differs from the token's account id triggers the toast
    // 'Your account is changed, Will refresh the page' and a page reload."
    storage.remove(KEYS.userId)
    storage.remove(KEYS.userName)
    reportAccountChanged()
    throw new ApiError('ACCOUNT_CHANGED', t('session.accountChanged'), 0)
  }
  let res: Taro.request.SuccessCallbackResult<Envelope<T>>
  try {
    res = await Taro.request<Envelope<T>>({
      url: `${apiBase()}${opts.path}${queryString(opts.query)}`,
      method: opts.method ?? 'GET',
      data: opts.body as Taro.request.Option['data'],
      header: { ...buildHeaders(token), ...opts.headers },
      timeout: opts.timeoutMs ?? 15000,
      dataType: 'json',
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
  const message =
    res.statusCode === 400 && body?.message ? t('error.badRequest', { detail: body.message }) : t('error.generic')
  throw new ApiError(code, message, res.statusCode, body)
}

type Query = NonNullable<RequestOptions['query']>

/** Per-call options besides what the endpoint takes: extra headers (e.g. Idempotency-Key), a longer timeout. */
export type CallOptions = Pick<RequestOptions, 'headers' | 'timeoutMs'>

/**
 * A call of one endpoint of the tables (types/endpoint.ts): its path parameters first when its path has some, then
 * what it takes (the query of a GET, else the JSON body; nothing when it takes neither), then per-call options.
 */
export type Call<E extends Endpoint> = E extends { params: object }
  ? (params: ParamsOf<E>, req: RequestOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>
  : (req: RequestOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>

/** `/membership/gifts/:id` with `{ id: 'G 1' }` -> `/membership/gifts/G%201`: each `:name` is its parameter, encoded. */
export function pathOf<P extends string>(path: P, params: Record<PathParamNames<P>, string | number>): string {
  const values: Record<string, string | number> = params
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
}

/**
 * A call of the contract, typed by its endpoint's entry in the tables: the method and the path must be the entry's
 * (another is a compile error), and the request and the answer are the entry's schemas' types.
 *   export const getInvoiceList = createFetch<AccountEndpoints['invoiceList']>('GET', '/invoice/list')
 */
export function createFetch<E extends Endpoint>(method: E['method'], path: E['path'], defaults?: CallOptions): Call<E> {
  const send = (url: string, req: unknown, options?: CallOptions) =>
    method === 'GET'
      ? apiRequest<AnswerOf<E>>({
          ...defaults,
          ...options,
          method,
          path: url,
          query: (req ?? undefined) as Query | undefined,
        })
      : apiRequest<AnswerOf<E>>({ ...defaults, ...options, method, path: url, body: (req ?? {}) as object })
  const call = path.includes(':')
    ? (params: Record<string, string | number>, req: unknown, options?: CallOptions) =>
        send(pathOf(path, params), req, options)
    : (req: unknown, options?: CallOptions) => send(path, req, options)
  return call as Call<E>
}

/** A POST whose parameters travel in the query and whose body is empty (e.g. /wishlist/deleteWishList). */
export function createQueryPost<E extends Endpoint<'POST'> & { query: object }>(
  path: E['path'],
): (req: QueryOf<E>) => Promise<AnswerOf<E>> {
  return (req: QueryOf<E>) => apiRequest<AnswerOf<E>>({ method: 'POST', path, body: {}, query: req as Query })
}
