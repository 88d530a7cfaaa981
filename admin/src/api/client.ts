import { HttpError } from 'react-admin'
import { adminEndpoints, type AdminEndpoints } from '../../../types/staff/admin-endpoints'
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '../../../types/endpoint'
import { currentToken } from './token'
import { currentLanguage } from '../i18n/language'

/**
 * The console's one API client: every call names an entry of the staff API's table (types/staff/admin-endpoints.ts),
 * so its path, method, parameters and answer are those the server registers; nothing is typed twice. It adds the
 * staff token and the console's language (the server's messages and field errors come back in it) and unwraps the
 * envelope. A refusal becomes react-admin's HttpError: the status, the server's message, and the field errors of a
 * VALIDATION_ERROR under `body.errors`, which react-admin's forms show next to their fields.
 */

export type AdminKey = keyof AdminEndpoints
export type AdminAnswer<K extends AdminKey> = AnswerOf<AdminEndpoints[K]>

type Part<V> = [V] extends [void] ? unknown : V
export type CallInput<E> = { params?: Part<ParamsOf<E>>; query?: Part<QueryOf<E>>; body?: Part<BodyOf<E>> }

export const API_BASE = '/api'

/** `/admin/orders/:orderNo` with { orderNo: 'SO1' } → `/admin/orders/SO1` (each value URL-encoded) */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name]
    if (v === undefined || v === null || v === '') throw new Error(`${path}: no value for :${name}`)
    return encodeURIComponent(String(v))
  })
}

/** a query string of the defined values (arrays as repeated keys) */
export function queryString(query: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)))
    else q.set(k, String(v))
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

export function staffHeaders(json: boolean): Record<string, string> {
  const token = currentToken()
  return {
    languagecode: currentLanguage(),
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }
}

interface Envelope {
  success?: boolean
  data?: unknown
  message?: string
  code?: string
  reason?: string
  fields?: Record<string, string>
}

/** Sends one request to /api; the envelope's data, or an HttpError with the server's message and field errors. */
export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  let res: Response
  try {
    res = await fetch(`${API_BASE}${url}`, {
      method,
      headers: staffHeaders(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new HttpError(currentLanguage() === 'zh' ? '无法连接服务器' : 'The server cannot be reached', 0, {})
  }
  const json = (await res.json().catch(() => ({}))) as Envelope
  if (res.ok && json.success) return json.data as T
  throw new HttpError(json.message || res.statusText || `HTTP ${res.status}`, res.status, {
    code: json.code,
    reason: json.reason,
    errors: json.fields ?? {},
  })
}

/** Calls the staff API entry `key` (GET takes a query, the others a JSON body). */
export function adminCall<K extends AdminKey>(
  key: K,
  input: CallInput<AdminEndpoints[K]> = {},
): Promise<AdminAnswer<K>> {
  const e = adminEndpoints[key] as Endpoint
  const url = pathOf(e.path, (input.params ?? {}) as Record<string, unknown>)
  if (e.method === 'GET') return request(e.method, url + queryString(input.query as Record<string, unknown>))
  return request(e.method, url + queryString(input.query as Record<string, unknown>), input.body ?? {})
}

/** The address of a file the staff API serves (an export, an uploaded file), to fetch with the token. */
export async function download(url: string, fileName: string): Promise<void> {
  const res = await fetch(`${API_BASE}${url}`, { headers: staffHeaders(false) })
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as Envelope
    throw new HttpError(json.message || res.statusText, res.status, {})
  }
  const blob = await res.blob()
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
}
