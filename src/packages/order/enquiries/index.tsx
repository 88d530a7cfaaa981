import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import DetailPage from '../../../components/detail-page'
import Tappable from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useEnquiries } from '../../../store/order/enquiries'
import { formatTimestamp } from '../../../rules/format'
import EnquiriesTitle from '../../../components/order/enquiries-title'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * /my-requests: requests and enquiries (issue 12), the caller's leads and quote requests, newest
 * first. Spec section 2: "An info tooltip beside the title 'My request' explains online chat queries."
 */
export default titledScreen(DetailPage, 'screen.enquiries', Enquiries)

function Enquiries() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const userId = useSession((s) => s.userInfo?.userProfile.userId)
  const list = useEnquiries((s) => s.list)
  useEffect(() => {
    if (userId) useEnquiries.getState().loadList()
  }, [userId])

  let body
  if (list.status === 'failed') {
    body = (
      <StatePanel
        block='rq-state'
        text={list.error}
        action={{ label: t('order.retry'), onTap: () => useEnquiries.getState().loadList() }}
      />
    )
  } else if (!list.data) {
    body = <LoadingPanel className='rq-state' message={t('order.loading')} />
  } else if (list.data.length === 0) {
    body = (
      <View className='rq-state rq-empty'>
        <Text>{t('enquiries.empty')}</Text>
      </View>
    )
  } else {
    body = list.data.map((r) => (
      <Tappable
        key={r.requestId}
        className='rq-row'
        to={{ route: 'enquiryDetail', params: { requestId: r.requestId } }}
        data={{ 'request-id': r.requestId }}
      >
        <View className='rq-row__head'>
          <Text className='rq-row__number'>{t('enquiries.number', { id: r.requestId })}</Text>
          <Text className={`rq-status rq-status--${r.interactionStatus}`}>
            {t(`interaction.status.${r.interactionStatus}`)}
          </Text>
        </View>
        <Text className='rq-row__meta'>
          {t(`enquiries.kind.${r.kind}`)} · {t(`enquiries.status.${r.status}`)}
        </Text>
        {r.firstItemName && <Text className='rq-row__item'>{r.firstItemName}</Text>}
        <Text className='rq-row__meta'>
          {t('enquiries.itemCount', { count: r.itemCount })} ·{' '}
          {t('enquiries.date', { date: formatTimestamp(r.createdAt, country, 'YYYY-MM-DD') })}
        </Text>
      </Tappable>
    ))
  }
  return (
    <View className='rq'>
      <EnquiriesTitle />
      {body}
    </View>
  )
}
