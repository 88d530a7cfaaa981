import { useEffect } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Button } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import type { Notification } from '../../../../types'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useNotifications } from '../../../store/account/notifications'
import { formatTimestamp } from '../../../rules/format'
import { ROUTES, type RouteName } from '../../../../types/routes'
import { navigation } from '../../../platform/navigation'
import { tapProps } from '../../../components/tappable'
import { LoadingPanel } from '../../../components/state-panel'
import './index.scss'

type Category = Notification['category']
const CATEGORY: Record<
  Category,
  {
    icon: string
    label: 'acct.notif.cat.order' | 'acct.notif.cat.promotion' | 'acct.notif.cat.account' | 'acct.notif.cat.system'
  }
> = {
  order: { icon: 'shopping-bag', label: 'acct.notif.cat.order' },
  promotion: { icon: 'tags', label: 'acct.notif.cat.promotion' },
  account: { icon: 'user', label: 'acct.notif.cat.account' },
  system: { icon: 'bell', label: 'acct.notif.cat.system' },
}

/**
 * /notification (spec sections 2, 3, 7, 8): the user's notifications, newest first, with load more;
 * tapping one marks it read on this device and follows its link; "mark all read"; an empty state.
 */
export default function NotificationPage() {
  const t = useT()
  const { country, language } = useLocale()
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const { items, total, status, readIds } = useNotifications()

  useEffect(() => {
    if (userId) useNotifications.getState().load(true)
  }, [userId, language])
  useReachBottom(() => {
    void useNotifications.getState().load()
  })

  const read = new Set(readIds)
  const open = (n: Notification) => {
    void useNotifications.getState().markRead(n.id)
    if (n.link && ROUTES.some((r) => r.name === n.link!.route)) navigation.go(n.link.route as RouteName, n.link.params)
  }
  const anyUnread = items.some((n) => !read.has(n.id))

  return (
    <PageShell header={{ title: t('screen.notification') }}>
      <LoginGate>
        {items.length > 0 && (
          <View className='notification__bar'>
            <Text
              className={`notification__mark-all${anyUnread ? '' : ' notification__mark-all--off'}`}
              {...tapProps(() => {
                void useNotifications.getState().markAllRead()
              })}
            >
              {t('acct.notif.markAllRead')}
            </Text>
          </View>
        )}
        <View className='notification__list'>
          {items.map((n) => {
            const c = CATEGORY[n.category] ?? CATEGORY.system
            const unread = !read.has(n.id)
            return (
              <View
                key={n.id}
                className={`notification__item${unread ? ' notification__item--unread' : ''}`}
                data-id={n.id}
                {...tapProps(() => open(n))}
              >
                <View className={`notification__icon notification__icon--${n.category}`} aria-label={t(c.label)}>
                  <AtIcon value={c.icon} size='18' color='#fff' />
                </View>
                <View className='notification__body'>
                  <View className='notification__head'>
                    <Text className='notification__title'>{n.title}</Text>
                    {unread && <Text className='notification__dot' aria-label={t('acct.notif.unread')} />}
                  </View>
                  <Text className='notification__text'>{n.body}</Text>
                  <Text className='notification__time'>
                    {t(c.label)} · {formatTimestamp(n.createdAt, country)}
                  </Text>
                </View>
                {n.link && <AtIcon value='chevron-right' size='16' color='#b0b8c5' />}
              </View>
            )
          })}
        </View>
        {status === 'loading' && <LoadingPanel className='notification__state' message={t('acct.notif.loading')} />}
        {status === 'failed' && (
          <View className='notification__state'>
            <Text className='notification__error'>{t('acct.notif.loadError')}</Text>
            <Button
              className='notification__button'
              {...tapProps(() => useNotifications.getState().load(items.length === 0))}
            >
              {t('home.retry')}
            </Button>
          </View>
        )}
        {status === 'ready' && items.length === 0 && (
          <View className='notification__state notification__empty'>
            <AtIcon value='bell' size='40' color='#b0b8c5' />
            <Text className='notification__state-title'>{t('acct.notif.empty')}</Text>
            <Text className='notification__state-body'>{t('acct.notif.emptyHint')}</Text>
          </View>
        )}
        {status === 'ready' && items.length > 0 && items.length < total && (
          <View className='notification__state'>
            <Button
              className='notification__button notification__more'
              {...tapProps(() => useNotifications.getState().load())}
            >
              {t('acct.notif.loadMore')}
            </Button>
          </View>
        )}
        {status === 'ready' && items.length > 0 && items.length >= total && (
          <View className='notification__state'>
            <Text className='notification__state-body'>{t('acct.notif.allShown', { total })}</Text>
          </View>
        )}
      </LoginGate>
    </PageShell>
  )
}
