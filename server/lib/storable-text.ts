import type { FastifyRequest } from 'fastify'
import { ApiError } from '../errors'

/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb) and a UTF-16 surrogate without its
 * partner (refused in jsonb; turned into U+FFFD in text). JSON and URLs can carry both, so every string
 * of a request is checked at the edge, before validation and before any handler: one rule for all /api
 * routes, including what a schema lets through untyped (e.g. `response` of /users/errorTracking).
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const isStorableText = (s: string) => !UNSTORABLE.test(s)

/** A key as it can be shown in a message: the bad characters written as JSON escapes. */
const showKey = (k: string) => JSON.stringify(k).slice(1, -1)

/**
 * The path (`body/items/0/catalogNumber`) of the first string or property name in `value` that cannot be
 * stored, or null. Iterative: a deeply nested body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]]
  while (stack.length) {
    const [v, at] = stack.pop()!
    if (typeof v === 'string') {
      if (!isStorableText(v)) return at
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]
        if (!isStorableText(k)) return `${at}/${showKey(k)}`
        stack.push([child, `${at}/${k}`])
      }
    }
  }
  return null
}

const PARTS = [
  ['params', (req: FastifyRequest) => req.params],
  ['querystring', (req: FastifyRequest) => req.query],
  ['body', (req: FastifyRequest) => req.body],
  ['headers', (req: FastifyRequest) => req.headers],
] as const

/**
 * preValidation hook of the whole app: 400 VALIDATION_ERROR naming the field, in the request's language
 * (languagecode on /api, server/locale.ts; Chinese, the default, elsewhere), when any string of the request cannot be stored.
 */
export async function rejectUnstorableText(req: FastifyRequest): Promise<void> {
  for (const [part, get] of PARTS) {
    const field = findUnstorableText(get(req), part)
    if (field !== null) throw unstorableTextError(field, req.locale?.language)
  }
}

/** The 400 for a field that holds text that cannot be stored ('en' → English, otherwise Chinese). */
export function unstorableTextError(field: string, language: string | undefined): ApiError {
  const message =
    language === 'en'
      ? `${field} contains a character that is not allowed (a NUL character or an unpaired surrogate)`
      : `${field} 含有不允许的字符（NUL 字符或不成对的代理项字符）`
  return new ApiError(400, 'VALIDATION_ERROR', message)
}

/** `s` cut to at most `max` UTF-16 units without splitting a surrogate pair (a cut pair cannot be stored). */
export function truncateText(s: string, max: number): string {
  if (s.length <= max) return s
  const end = /[\ud800-\udbff]/.test(s[max - 1] ?? '') ? max - 1 : max
  return s.slice(0, end)
}
