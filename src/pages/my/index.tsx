import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import PageShell from '../../components/page-shell'
import LoginButtons from '../../components/auth/login-buttons'
import { showToast } from '../../store/toast'
import { useT, useLocale } from '../../store/locale'
import { useSession } from '../../store/auth/session'
import { COUNTRIES } from '../../rules/constants'
import { displayName } from '../../rules/account/person-name'
import { navigation } from '../../platform/navigation'
import type { Language, MessageKey } from '../../i18n'
import { menuFor, menuAction, type MenuEntry } from './menu'
import { tapProps } from '../../components/tappable'
import { ariaProps, hiddenProps } from '../../platform/a11y'
import './index.scss'

const LANGUAGES: Language[] = ['en', 'zh']

/**
 * My (/more): who is logged in (name, account number, registration status), login / logout, the
 * account menu of section 2 and the language and country settings.
 */
export default function My() {
  const t = useT()
  const { language, country, setLanguage, setCountry } = useLocale()
  const userInfo = useSession((s) => s.userInfo)
  const [infoOpen, setInfoOpen] = useState(false)

  const tap = (e: MenuEntry) => {
    const a = menuAction(e, userInfo !== null)
    if (a.kind === 'login') showToast(t('session.pleaseLogin'))
    else navigation.go(a.route)
  }

  return (
    <PageShell header={{ title: t('screen.my') }} footer='my'>
      <View className='my__card my__user'>
        {userInfo ? (
          <>
            <Text className='my__name'>
              {t('my.greeting', { name: displayName(userInfo.userProfile.firstName, userInfo.userProfile.lastName) })}
            </Text>
            <Text className='my__line'>{t('acct.my.userName', { userName: userInfo.userProfile.userName })}</Text>
            {userInfo.accountNumber && (
              <Text className='my__line my__account'>{t('my.account', { accountNumber: userInfo.accountNumber })}</Text>
            )}
            <Text className='my__line my__status'>
              {userInfo.userRoles.registrationStatus === 'Siebel Approved'
                ? t('my.status.approved')
                : t('my.status.partial')}
            </Text>
            <View className='my__actions'>
              {userInfo.userRoles.registrationStatus === 'Partially Registered' && (
                <View
                  className='my__action my__action--primary my__complete'
                  {...tapProps(() => navigation.go('onboarding'))}
                >
                  {t('acct.my.completeRegistration')}
                </View>
              )}
              <View className='my__action my__logout' {...tapProps(() => useSession.getState().logout())}>
                {t('my.logout')}
              </View>
            </View>
          </>
        ) : (
          <>
            <Text className='my__name'>{t('my.anonymous')}</Text>
            <Text className='my__line'>{t('acct.my.loginPrompt')}</Text>
            <View className='my__login'>
              <LoginButtons />
            </View>
          </>
        )}
      </View>

      <View className='my__card my-menu'>
        <Text className='my__section'>{t('my.menu')}</Text>
        <View className='my-menu__grid'>
          {menuFor(userInfo?.userRoles.blackListed ?? false).map((e) => (
            // an entry with an info button is not itself a button (no control inside a control)
            <View
              key={e.key}
              className={`my-menu__item my-menu__item--${e.key}`}
              {...(e.info ? { onClick: () => tap(e) } : tapProps(() => tap(e)))}
            >
              <View {...hiddenProps()}>
                <AtIcon value={e.icon} size={22} color={e.route ? '#0b5fa5' : '#a0a8b5'} />
              </View>
              <View className='my-menu__label'>
                <Text>{t(e.label)}</Text>
                {e.info && (
                  <View
                    className='my-menu__info'
                    {...tapProps(
                      (ev) => {
                        ev.stopPropagation?.()
                        setInfoOpen(!infoOpen)
                      },
                      { label: t('acct.menu.infoLabel'), selected: infoOpen },
                    )}
                  >
                    <AtIcon value='help' size={14} color='#596579' />
                  </View>
                )}
              </View>
            </View>
          ))}
        </View>
        {infoOpen && (
          <View className='my-menu__tooltip' role='tooltip' onClick={() => setInfoOpen(false)}>
            <Text className='my-menu__tooltip-title'>{t('acct.menu.enquiries')}</Text>
            <Text>{t('acct.menu.enquiriesInfo')}</Text>
          </View>
        )}
      </View>

      <View className='my__card'>
        <Text className='my__section'>{t('my.settings')}</Text>
        <Setting label='my.language' options={LANGUAGES} on={language} set={setLanguage} name={(l) => t(`lang.${l}`)} />
        <Setting label='my.country' options={COUNTRIES} on={country} set={setCountry} name={(c) => t(`country.${c}`)} />
      </View>
    </PageShell>
  )
}

/** one setting: its label over the radio group of its options, the one it is `on` marked --on */
function Setting<C extends string>({
  label,
  options,
  on,
  set,
  name,
}: {
  label: MessageKey
  options: readonly C[]
  on: C
  set: (c: C) => void
  name: (c: C) => string
}) {
  const t = useT()
  return (
    <View className='my__setting'>
      <Text className='my__label'>{t(label)}</Text>
      <View className='my__choices' {...ariaProps('radiogroup', { label: t(label) })}>
        {options.map((c) => (
          <View
            key={c}
            {...tapProps(() => set(c), { role: 'radio', selected: on === c })}
            className={`my__choice${on === c ? ' my__choice--on' : ''}`}
          >
            {name(c)}
          </View>
        ))}
      </View>
    </View>
  )
}
