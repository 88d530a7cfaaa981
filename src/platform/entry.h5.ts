type Query = Record<string, string>

function searchParams(search: string): Query {
  const out: Query = {}
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue
    const i = part.indexOf('=')
    const k = i < 0 ? part : part.slice(0, i)
    const v = i < 0 ? '' : part.slice(i + 1)
    try {
      out[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
    } catch {
      /* a malformed pair is ignored */
    }
  }
  return out
}

/** H5: the query of the address the visitor arrived by (see entry.ts). */
export function watchEntryQuery(onQuery: (query: Query) => void) {
  if (typeof window !== 'undefined') onQuery(searchParams(window.location.search))
}

/** The browser's address. */
export const currentAddress = (): string | null => (typeof window === 'undefined' ? null : window.location.href)
