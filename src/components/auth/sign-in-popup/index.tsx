import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useDidHide, useRouter } from '@tarojs/taro'
import { useT } from '../../../store/locale'
import { useConfig, isFlagOn } from '../../../store/platform/config'
import { useSession } from '../../../store/auth/session'
import { hasValidToken } from '../../../store/engagement/wishlist'
import { routeOfRouterPath } from '../../../../types/routes'
import { SIGN_IN_POPUP_DELAY_MS } from '../../../rules/constants'
import { SIGN_IN_POPUP_COUNT_KEY, parseShownCount, shouldShowSignInPopup } from '../../../rules/auth/sign-in-popup'
import { sessionStore } from '../../../platform/session-storage'
import LoginButtons from '../login-buttons'
import { tapProps } from '../../tappable'
import Dialog from '../../dialog'
import './index.scss'

/**
 * The sign-in popup of spec section 2, rendered by PageShell on every page: 5 seconds after the
 * page loads it asks src/rules/auth/sign-in-popup.ts whether to show (flag, token, page, count) and
 * counts each showing in session storage. Closes on its close button, a tap outside or Escape (the
 * one modal Dialog: focus moves into it and goes back when it closes).
 */
/** one popup at a time, whatever number of pages is mounted */
let anyOpen = false

export default function SignInPopup() {
  const t = useT()
  const { path } = useRouter()
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const signedIn = useSession((s) => s.userInfo !== null)

  useEffect(() => {
    timer.current = setTimeout(() => {
      timer.current = null
      if (anyOpen) return
      const shownCount = parseShownCount(sessionStore.get(SIGN_IN_POPUP_COUNT_KEY))
      const show = shouldShowSignInPopup({
        flagOn: isFlagOn(useConfig.getState().flags, 'ENABLE_SIGN_IN_POPUP'),
        hasToken: hasValidToken(),
        // H5 reports the address (/categories), the mini-program the page path
        route: routeOfRouterPath(path)?.name ?? null,
        shownCount,
      })
      if (!show) return
      sessionStore.set(SIGN_IN_POPUP_COUNT_KEY, String(shownCount + 1))
      anyOpen = true
      setOpen(true)
    }, SIGN_IN_POPUP_DELAY_MS)
    return () => {
      if (timer.current) clearTimeout(timer.current)
    }
  }, [path])

  const shown = open && !signedIn
  useEffect(() => {
    if (!shown) return
    return () => {
      anyOpen = false
    }
  }, [shown])

  // a page left within the 5 seconds does not pop up behind the next one
  useDidHide(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  })

  if (!shown) return null
  return (
    <Dialog
      className='sign-in-popup'
      maskClassName='sign-in-popup__mask'
      label={t('auth.popup.title')}
      catchMove
      onClose={() => setOpen(false)}
    >
      <View className='sign-in-popup__panel'>
        <View
          className='sign-in-popup__close'
          {...tapProps(
            (e) => {
              e.stopPropagation?.()
              setOpen(false)
            },
            { label: t('auth.popup.close') },
          )}
        >
          ×
        </View>
        <Text className='sign-in-popup__title'>{t('auth.popup.title')}</Text>
        <Text className='sign-in-popup__body'>{t('auth.popup.body')}</Text>
        <LoginButtons compact />
      </View>
    </Dialog>
  )
}
