/**
 * Spec section 3: "Notification read-state is kept locally, as a list of read ids". The list is
 * sent with POST /notification/unread, whose answer drives the bell dot (section 7).
 *
 * The list is bounded so that storage and the request body stay small: the last READ_IDS_MAX ids
 * marked read are kept, oldest dropped first (the server accepts at most 1000).
 */
export const READ_IDS_MAX = 500

/** The storage key of one user's read ids (a shared device keeps each user's list apart). */
export const readIdsKey = (userId: string) => `notificationRead:${userId}`

/** Parses the stored list; anything unreadable counts as nothing read. */
export function parseReadIds(raw: string | null): string[] {
  if (!raw) return []
  try {
    const v = JSON.parse(raw)
    return Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string' && x.length > 0).slice(-READ_IDS_MAX)
      : []
  } catch {
    return []
  }
}

/**
 * Adds ids to the read list, in the order given (pass oldest first): an id already there moves to
 * the newest end; when the list is longer than `max`, the oldest entries are dropped.
 */
export function addReadIds(list: readonly string[], ids: readonly string[], max = READ_IDS_MAX): string[] {
  const adding = new Set(ids.filter(Boolean))
  if (adding.size === 0) return list.slice(-max)
  const kept = list.filter((id) => !adding.has(id))
  const next = [...kept, ...Array.from(adding)]
  return next.length > max ? next.slice(next.length - max) : next
}
