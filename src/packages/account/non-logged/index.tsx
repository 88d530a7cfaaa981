import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import LoginButtons from '../../../components/auth/login-buttons'
import { pageParam } from '../../../rules/page-params'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { openAppPath, safeReturnPath } from '../../../store/auth/login'
import './index.scss'

/** Where a logged-in visitor of the account area lands from here when no screen was named: My. */
const MY_PATH = '/more'

/**
 * /non-logged/MyAccount: spec section 6, "The ship-to list redirects to /non-logged/MyAccount when
 * there is no token". Explains that the account area needs login, with the login buttons; the
 * login comes back to the screen that sent the visitor here (?returnTo).
 */
export default function NonLogged() {
  const t = useT()
  const { params } = useRouter()
  const returnTo = safeReturnPath(pageParam(params, 'returnTo')) ?? MY_PATH
  const status = useSession((s) => s.status)
  const signedIn = useSession((s) => s.userInfo !== null)

  // someone who is logged in (e.g. Back after logging in) goes on to the screen instead
  useEffect(() => {
    if (signedIn) openAppPath(returnTo)
  }, [signedIn, returnTo])

  return (
    <PageShell header={{ title: t('screen.nonLogged') }}>
      <View className='non-logged'>
        {status !== 'USER_FETCHED' || signedIn ? (
          <AtActivityIndicator />
        ) : (
          <>
            <Text className='non-logged__title'>{t('auth.nonLogged.title')}</Text>
            <Text className='non-logged__prompt'>{t('session.pleaseLogin')}</Text>
            <Text className='non-logged__body'>{t('auth.nonLogged.body')}</Text>
            <View className='non-logged__buttons'>
              <LoginButtons returnTo={returnTo} />
            </View>
          </>
        )}
      </View>
    </PageShell>
  )
}
