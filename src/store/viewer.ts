import { useLocale } from './locale'
import { useSession } from './auth/session'

/**
 * Who a screen's data is fetched for: language, country and user. A screen reloads when the key
 * changes, and waits until the session is known (`ready`) so prices are asked for once, for the right user.
 * `locale` is the key's language|country part (what names are loaded in); `loggedIn`, whether a user is signed in.
 */
export function useViewerKey() {
  const { language, country } = useLocale()
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const ready = useSession((s) => s.status === 'USER_FETCHED')
  const locale = `${language}|${country}`
  return { key: `${locale}|${userId ?? 'anonymous'}`, locale, ready, loggedIn: userId !== null }
}
