import { useLocale } from './locale'
import { useSession } from './auth/session'

/**
 * Who a screen's data is fetched for: language, country and user. A screen reloads when the key
 * changes, and waits until the session is known (`ready`) so prices are asked for once, for the right user.
 */
export function useViewerKey() {
  const { language, country } = useLocale()
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const ready = useSession((s) => s.status === 'USER_FETCHED')
  return { key: `${language}|${country}|${userId ?? 'anonymous'}`, ready }
}
