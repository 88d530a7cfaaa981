import { useEffect, type ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import type { RouteName } from '../../../../types/routes'
import { useSession } from '../../../store/auth/session'
import { hasValidToken } from '../../../store/engagement/wishlist'
import { currentScreenPath } from '../../../store/auth/login'
import { useT, t as translate } from '../../../store/locale'
import { navigation } from '../../../platform/navigation'
import { showToast } from '../../../store/toast'
import LoginButtons from '../login-buttons'
import './index.scss'

/**
 * Wraps the body of a login-only screen (spec section 6). Renders children only for a logged-in
 * user; otherwise the prompt 'Please login for better experience' with the login buttons, or a
 * redirect (the ship-to list goes to /non-logged/MyAccount).
 */
export interface LoginGateProps {
  children: ReactNode
  /** redirect here (replace) instead of prompting when there is no token */
  redirectTo?: RouteName
}

export default function LoginGate({ children, redirectTo }: LoginGateProps) {
  const t = useT()
  const status = useSession((s) => s.status)
  const user = useSession((s) => s.userInfo)
  const anonymous = status === 'USER_FETCHED' && !user

  useEffect(() => {
    // "The ship-to list redirects to /non-logged/MyAccount without a token"; it carries the screen
    // to come back to after logging in there
    if (anonymous && redirectTo) navigation.replace(redirectTo, { returnTo: currentScreenPath() })
  }, [anonymous, redirectTo])

  // a user already shown stays shown while the session is fetched again (e.g. after Set as Default)
  if (user) return <>{children}</>
  if (!anonymous || redirectTo) {
    return (
      <View className='login-gate login-gate--waiting'>
        <AtActivityIndicator />
      </View>
    )
  }
  return (
    <View className='login-gate'>
      <Text className='login-gate__title'>{t('session.pleaseLogin')}</Text>
      <Text className='login-gate__body'>{t('auth.gate.body')}</Text>
      <View className='login-gate__buttons'>
        <LoginButtons />
      </View>
    </View>
  )
}

/**
 * For a button that needs a user (spec section 5: "Not logged in: 'Please login for better
 * experience'"): true for a logged-in user; otherwise the toast, and false.
 */
export function requireLogin(): boolean {
  if (useSession.getState().userInfo && hasValidToken()) return true
  showToast(translate('session.pleaseLogin'))
  return false
}
