import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, Textarea } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import Tappable, { tapProps } from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useRequests } from '../../../store/order/enquiries'
import { showToast } from '../../../store/toast'
import { pageParam } from '../../../rules/page-params'
import { formatTimestamp } from '../../../rules/format'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import { REQUEST_COMMENT_MAX_LENGTH } from '../../../../types/order/enquiry-rules'
import RequestsTitle from '../../../components/order/enquiries-title'
import './index.scss'

/**
 * /my-request-china/{requestId}: one request (spec section 2) — its status, items, and the
 * interaction history (section 3 "Interaction: status, comments, attachments"); the customer adds a
 * comment; section 8 "Interaction: limit reached, no permission, does not exist".
 */
export default function RequestDetailPage() {
  const t = useT()
  return (
    <PageShell header={{ title: t('screen.requestDetail') }}>
      <LoginGate>
        <Detail />
      </LoginGate>
    </PageShell>
  )
}

function Detail() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const id = pageParam(params, 'requestId')
  const userId = useSession((s) => s.userInfo?.userProfile.userId)
  const detail = useRequests((s) => s.detail)
  const draft = useRequests((s) => s.draft)
  const sending = useRequests((s) => s.sending)
  const commentError = useRequests((s) => s.commentError)
  useEffect(() => { if (userId && id) useRequests.getState().loadDetail(id) }, [userId, id])

  if (!id || detail.status === 'notFound') {
    return (
      <View className='rq-state rq-not-found'>
        <Text>{detail.error ?? t('requests.notFound')}</Text>
        <Tappable className='rq-state__button' to={{ route: 'requests' }}>{t('requests.all')}</Tappable>
      </View>
    )
  }
  if (detail.status === 'failed') {
    return (
      <View className='rq-state'>
        <Text>{detail.error}</Text>
        <View className='rq-state__button' {...tapProps(() => useRequests.getState().loadDetail(id))}>{t('order.retry')}</View>
      </View>
    )
  }
  if (detail.id !== id || !detail.data) return <View className='rq-state'><AtActivityIndicator content={t('order.loading')} /></View>
  const d = detail.data
  const when = (s: string) => formatTimestamp(s, country, 'YYYY-MM-DD HH:mm')
  const send = async () => {
    if (await useRequests.getState().sendComment()) showToast(t('requests.comment.sent'))
  }
  return (
    <View className='rq rqd'>
      <RequestsTitle />
      <View className='rqd-head'>
        <View className='rq-row__head'>
          <Text className='rqd-head__number'>{t('requests.number', { id: d.requestId })}</Text>
          <Text className={`rq-status rq-status--${d.interactionStatus}`}>{t(`interaction.status.${d.interactionStatus}`)}</Text>
        </View>
        <Text className='rq-row__meta rqd-head__state'>{t(`requests.kind.${d.kind}`)} · {t(`requests.status.${d.status}`)}</Text>
        <Text className='rq-row__meta'>{t('requests.date', { date: when(d.createdAt) })}</Text>
        <Text className='rq-row__meta'>{d.contactName} · {d.companyOrInstitution}{d.city ? ` · ${d.city}` : ''}</Text>
        {d.remark && <Text className='rq-row__meta rqd-head__remark'>{t('requests.remark')}: {d.remark}</Text>}
      </View>

      <View className='rqd-section rqd-items'>
        <Text className='rqd-section__title' {...ariaProps('heading', { level: '2' })}>{t('requests.items')}</Text>
        {d.items.map((i) => (
          <View key={i.catalogNumber} className='rqd-item'>
            <Text className='rqd-item__name'>{i.itemName}</Text>
            <Text className='rq-row__meta'>{t('order.catNo', { catalogNumber: i.catalogNumber })} · {t('order.qty', { quantity: i.itemCount })}</Text>
          </View>
        ))}
      </View>

      <View className='rqd-section rqd-history'>
        <Text className='rqd-section__title' {...ariaProps('heading', { level: '2' })}>{t('requests.history')}</Text>
        {d.interactions.length === 0 && <Text className='rq-row__meta'>{t('requests.historyEmpty')}</Text>}
        {d.interactions.map((i) => (
          <View key={i.id} className={`rqd-entry rqd-entry--${i.author}`}>
            <View className='rq-row__head'>
              <Text className='rqd-entry__author'>{t(`requests.author.${i.author}`)}</Text>
              <Text className={`rq-status rq-status--${i.status}`}>{t(`interaction.status.${i.status}`)}</Text>
            </View>
            <Text className='rq-row__meta'>{when(i.createdAt)}</Text>
            {i.comment && <Text className='rqd-entry__comment'>{i.comment}</Text>}
            {i.attachments.length > 0 && (
              <View className='rqd-entry__files'>
                <Text className='rq-row__meta'>{t('requests.attachments')}</Text>
                {i.attachments.map((a) => (
                  <Text key={a.name} className='rqd-entry__file'>{a.url ? a.name : t('requests.attachmentOffline', { name: a.name })}</Text>
                ))}
              </View>
            )}
          </View>
        ))}
      </View>

      <View className='rqd-section rqd-comment'>
        <Text className='rqd-section__title' {...ariaProps('heading', { level: '2' })}>{t('requests.comment.label')}</Text>
        <Text className='rq-row__meta rqd-comment__count'>{t('requests.comment.count', { used: d.customerComments, limit: d.commentLimit })}</Text>
        {d.canComment && (
          <Textarea className='rqd-comment__input' value={draft} maxlength={REQUEST_COMMENT_MAX_LENGTH} placeholder={t('requests.comment.label')}
            {...fieldLabelProps(t('requests.comment.label'))} onInput={(e) => useRequests.getState().setDraft(e.detail.value)} />
        )}
        {!d.canComment && !commentError && (
          <Text className='rqd-comment__closed' {...ariaProps('status')}>
            {d.status === 'completed' ? t('requests.comment.noPermission') : t('requests.comment.limitReached', { limit: d.commentLimit })}
          </Text>
        )}
        {commentError && <Text className='rqd-comment__error' {...ariaProps('alert')}>{commentError.message}</Text>}
        {d.canComment && (
          <View className={`rqd-comment__send${sending ? ' rqd-comment__send--busy' : ''}`} {...tapProps(send, { disabled: sending })}>{t('requests.comment.send')}</View>
        )}
      </View>
    </View>
  )
}
