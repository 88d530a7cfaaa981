import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import Tappable, { tapProps } from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useRequests } from '../../../store/order/enquiries'
import { formatTimestamp } from '../../../rules/format'
import RequestsTitle from '../../../components/order/enquiries-title'
import './index.scss'

/**
 * /my-requests: requests and enquiries (issue 12), the caller's leads and quote requests, newest
 * first. Spec section 2: "An info tooltip beside the title 'My request' explains online chat queries."
 */
export default function RequestsPage() {
  const t = useT()
  return (
    <PageShell header={{ title: t('screen.requests') }}>
      <LoginGate>
        <Requests />
      </LoginGate>
    </PageShell>
  )
}

function Requests() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const userId = useSession((s) => s.userInfo?.userProfile.userId)
  const list = useRequests((s) => s.list)
  useEffect(() => { if (userId) useRequests.getState().loadList() }, [userId])

  let body
  if (list.status === 'failed') {
    body = (
      <View className='rq-state'>
        <Text>{list.error}</Text>
        <View className='rq-state__button' {...tapProps(() => useRequests.getState().loadList())}>{t('order.retry')}</View>
      </View>
    )
  } else if (!list.data) {
    body = <View className='rq-state'><AtActivityIndicator content={t('order.loading')} /></View>
  } else if (list.data.length === 0) {
    body = <View className='rq-state rq-empty'><Text>{t('requests.empty')}</Text></View>
  } else {
    body = list.data.map((r) => (
      <Tappable key={r.requestId} className='rq-row' to={{ route: 'requestDetail', params: { requestId: r.requestId } }} data={{ 'request-id': r.requestId }}>
        <View className='rq-row__head'>
          <Text className='rq-row__number'>{t('requests.number', { id: r.requestId })}</Text>
          <Text className={`rq-status rq-status--${r.interactionStatus}`}>{t(`interaction.status.${r.interactionStatus}`)}</Text>
        </View>
        <Text className='rq-row__meta'>{t(`requests.kind.${r.kind}`)} · {t(`requests.status.${r.status}`)}</Text>
        {r.firstItemName && <Text className='rq-row__item'>{r.firstItemName}</Text>}
        <Text className='rq-row__meta'>
          {t('requests.itemCount', { count: r.itemCount })} · {t('requests.date', { date: formatTimestamp(r.createdAt, country, 'YYYY-MM-DD') })}
        </Text>
      </Tappable>
    ))
  }
  return (
    <View className='rq'>
      <RequestsTitle />
      {body}
    </View>
  )
}
