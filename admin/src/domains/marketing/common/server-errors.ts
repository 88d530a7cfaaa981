import type { HttpError } from 'react-admin'

/**
 * The staff API names the fields of a refusal in its message (400 VALIDATION_ERROR: "body/flashPrice must be below
 * the list price (120.00); body/title/en must not be blank", joined by "; " in English and "；" in Chinese). These
 * become react-admin's submission errors ({ flashPrice: '…', title: { en: '…' } }), shown next to the fields; what
 * names no field of the form stays in the notice.
 */
export function fieldErrorsOf(message: string): { errors: Record<string, unknown>; rest: string[] } {
  const errors: Record<string, unknown> = {}
  const rest: string[] = []
  for (const part of message.split(/;\s+|；/)) {
    const m = /^body\/([A-Za-z0-9_/]+)\s+(.*)$/s.exec(part.trim())
    if (!m) {
      if (part.trim()) rest.push(part.trim())
      continue
    }
    const path = m[1].split('/')
    let at = errors
    for (const p of path.slice(0, -1)) {
      if (typeof at[p] !== 'object' || at[p] === null) at[p] = {}
      at = at[p] as Record<string, unknown>
    }
    const last = path[path.length - 1]
    at[last] = at[last] && typeof at[last] === 'string' ? `${at[last] as string}; ${m[2]}` : m[2]
  }
  return { errors, rest }
}

/** the server's field errors of `e` (an HttpError of client.ts), if it has any */
export function submissionErrorsOf(e: unknown): { errors: Record<string, unknown> | null; message: string } {
  const err = e as HttpError
  const given = (err.body as { errors?: Record<string, unknown> } | undefined)?.errors
  if (given && Object.keys(given).length) return { errors: given, message: err.message }
  if (err.status === 400 && err.message) {
    const { errors, rest } = fieldErrorsOf(err.message)
    if (Object.keys(errors).length) return { errors, message: rest.join('; ') }
  }
  return { errors: null, message: err.message }
}
