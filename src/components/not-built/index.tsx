import { View, Text, Button } from '@tarojs/components'
import { useT } from '../../store/locale'
import { navigation } from '../../platform/navigation'
import PageShell from '../page-shell'
import { routeByName, type RouteName } from '../../../types/routes'
import LoginGate from '../login-gate'
import type { FooterItem } from '../../rules/footer'
import type { MessageKey } from '../../i18n'
import { tapProps } from '../tappable'
import './index.scss'

/**
 * A registered route whose screen is not built yet says so to the user; it never fakes data.
 */
export default function NotBuilt({ route, footer }: { route: RouteName; footer?: FooterItem['key'] }) {
  const t = useT()
  const screen = t(`screen.${route}` as MessageKey)
  const body = (
    <View className='not-built'>
      <Text className='not-built__title'>{t('notBuilt.title')}</Text>
      <Text className='not-built__body'>{t('notBuilt.body', { screen })}</Text>
      {!footer && (
        <Button className='not-built__button' {...tapProps(() => navigation.go('home'))}>{t('notBuilt.backHome')}</Button>
      )}
    </View>
  )
  // a login-only screen (spec section 6, e.g. point detail) asks a visitor to log in even before it is built
  return (
    <PageShell header={{ title: screen }} footer={footer}>
      {routeByName(route).login ? <LoginGate>{body}</LoginGate> : body}
    </PageShell>
  )
}
