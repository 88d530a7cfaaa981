/**
 * A page parameter as text. H5's router hands pages decoded values; a mini-program's onLoad query
 * may still be percent-encoded. Decoded once, only when it still looks encoded.
 */
export function pageParam(params: Record<string, string | undefined> | undefined, name: string): string {
  const raw = params?.[name]
  if (raw === undefined || raw === null) return ''
  const v = String(raw)
  if (!/%[0-9a-fA-F]{2}/.test(v)) return v.trim()
  try {
    return decodeURIComponent(v).trim()
  } catch {
    return v.trim()
  }
}
