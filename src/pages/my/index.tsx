import { View, Text } from '@tarojs/components'
import PageShell from '../../components/page-shell'
import { showToast } from '../../components/toast'
import { useT, useLocale } from '../../store/locale'
import { useSession } from '../../store/session'
import { COUNTRIES } from '../../rules/constants'
import type { Language } from '../../i18n'
import './index.scss'

const LANGUAGES: Language[] = ['en', 'zh']

/**
 * My: who is logged in, and the language and country settings. The account menu of section 2
 * arrives with the account issue; the login flows with the login issue.
 */
export default function My() {
  const t = useT()
  const { language, country, setLanguage, setCountry } = useLocale()
  const { userInfo, logout } = useSession()

  return (
    <PageShell header={{ title: t('screen.my') }} footer='my'>
      <View className='my__card my__user'>
        {userInfo ? (
          <>
            <Text className='my__name'>{t('my.greeting', { name: `${userInfo.userProfile.firstName} ${userInfo.userProfile.lastName}` })}</Text>
            {userInfo.accountNumber && <Text className='my__line'>{t('my.account', { accountNumber: userInfo.accountNumber })}</Text>}
            <Text className='my__line'>
              {userInfo.userRoles.registrationStatus === 'Siebel Approved' ? t('my.status.approved') : t('my.status.partial')}
            </Text>
            <View className='my__action' onClick={() => logout()}>{t('my.logout')}</View>
          </>
        ) : (
          <>
            <Text className='my__name'>{t('my.anonymous')}</Text>
            <View className='my__action my__action--primary' onClick={() => showToast(t('my.loginNotReady'))}>{t('my.login')}</View>
          </>
        )}
      </View>

      <View className='my__card'>
        <Text className='my__section'>{t('my.settings')}</Text>
        <View className='my__setting'>
          <Text className='my__label'>{t('my.language')}</Text>
          <View className='my__choices' role='radiogroup'>
            {LANGUAGES.map((l) => (
              <View key={l} role='radio' aria-checked={language === l}
                className={`my__choice${language === l ? ' my__choice--on' : ''}`} onClick={() => setLanguage(l)}>
                {t(`lang.${l}`)}
              </View>
            ))}
          </View>
        </View>
        <View className='my__setting'>
          <Text className='my__label'>{t('my.country')}</Text>
          <View className='my__choices' role='radiogroup'>
            {COUNTRIES.map((c) => (
              <View key={c} role='radio' aria-checked={country === c}
                className={`my__choice${country === c ? ' my__choice--on' : ''}`} onClick={() => setCountry(c)}>
                {t(`country.${c}`)}
              </View>
            ))}
          </View>
        </View>
      </View>
    </PageShell>
  )
}
