import { View, Text, Button } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../page-shell'
import { useT } from '../../../store/locale'
import { useLogin } from '../../../store/auth/login'
import { navigation } from '../../../platform/navigation'
import type { MessageKey } from '../../../i18n'
import { tapProps } from '../../tappable'
import './index.scss'

/**
 * What a login return page shows (/login-callback and /wechat-login): a loading state while the
 * token is fetched, or the error in the user's language with a retry and a way home.
 */
export default function LoginReturn({
  screen,
  retry,
}: {
  screen: 'loginCallback' | 'wechatLogin'
  retry?: () => void
}) {
  const t = useT()
  const { phase, error } = useLogin()

  return (
    <PageShell header={{ title: t(`screen.${screen}`) }}>
      <View className='login-return'>
        {phase === 'failed' && error ? (
          <>
            <Text className='login-return__title'>{t('auth.errorTitle')}</Text>
            <Text className='login-return__error' data-error={error}>
              {t(`auth.error.${error}` as MessageKey)}
            </Text>
            {retry && (
              <Button className='login-return__retry' {...tapProps(retry)}>
                {t('auth.retry')}
              </Button>
            )}
            <Button className='login-return__home' {...tapProps(() => navigation.go('home'))}>
              {t('auth.home')}
            </Button>
          </>
        ) : (
          <AtActivityIndicator className='login-return__loading' content={t('auth.working')} />
        )}
      </View>
    </PageShell>
  )
}
