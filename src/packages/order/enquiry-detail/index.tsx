import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { View, Text, Textarea } from '@tarojs/components'
import type { EnquiryDetail } from '../../../../types/order/enquiries'
import DetailPage, { DetailStates } from '../../../components/detail-page'
import { useParamDetail } from '../../../components/order/param-detail'
import { tapProps } from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useEnquiries } from '../../../store/order/enquiries'
import { showToast } from '../../../store/toast'
import { formatTimestamp } from '../../../rules/format'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import { ENQUIRY_COMMENT_MAX_LENGTH } from '../../../../types/order/enquiry-rules'
import EnquiriesTitle from '../../../components/order/enquiries-title'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * /my-request-china/{requestId}: one request (spec section 2) — its status, items, and the
 * interaction history (section 3 "Interaction: status, comments, attachments"); the customer adds a
 * comment; section 8 "Interaction: limit reached, no permission, does not exist".
 */
export default titledScreen(DetailPage, 'screen.enquiryDetail', Detail)

function Detail() {
  const t = useT()
  const { detail, view, failed } = useParamDetail(useEnquiries, 'requestId')
  return (
    <DetailStates
      block='rq-state'
      view={view}
      loading={t('order.loading')}
      notFound={{
        className: 'rq-not-found',
        text: detail.error ?? t('enquiries.notFound'),
        action: { label: t('enquiries.all'), to: { route: 'enquiries' } },
      }}
      failed={failed}
    >
      {() => detail.data && <Enquiry d={detail.data} />}
    </DetailStates>
  )
}

/** the enquiry's head, its items, the interaction history and the comment box */
function Enquiry({ d }: { d: EnquiryDetail }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const draft = useEnquiries((s) => s.draft)
  const sending = useEnquiries((s) => s.sending)
  const commentError = useEnquiries((s) => s.commentError)
  const when = (s: string) => formatTimestamp(s, country, 'YYYY-MM-DD HH:mm')
  const send = async () => {
    if (await useEnquiries.getState().sendComment()) showToast(t('enquiries.comment.sent'))
  }
  return (
    <View className='rq rqd'>
      <EnquiriesTitle />
      <View className='rqd-head'>
        <View className='rq-row__head'>
          <Text className='rqd-head__number'>{t('enquiries.number', { id: d.requestId })}</Text>
          <Text className={`rq-status rq-status--${d.interactionStatus}`}>
            {t(`interaction.status.${d.interactionStatus}`)}
          </Text>
        </View>
        <Text className='rq-row__meta rqd-head__state'>
          {t(`enquiries.kind.${d.kind}`)} · {t(`enquiries.status.${d.status}`)}
        </Text>
        <Text className='rq-row__meta'>{t('enquiries.date', { date: when(d.createdAt) })}</Text>
        <Text className='rq-row__meta'>
          {d.contactName} · {d.companyOrInstitution}
          {d.city ? ` · ${d.city}` : ''}
        </Text>
        {d.remark && (
          <Text className='rq-row__meta rqd-head__remark'>
            {t('enquiries.remark')}: {d.remark}
          </Text>
        )}
      </View>

      <View className='rqd-section rqd-items'>
        <Text className='rqd-section__title' {...ariaProps('heading', { level: '2' })}>
          {t('enquiries.items')}
        </Text>
        {d.items.map((i) => (
          <View key={i.catalogNumber} className='rqd-item'>
            <Text className='rqd-item__name'>{i.itemName}</Text>
            <Text className='rq-row__meta'>
              {t('order.catNo', { catalogNumber: i.catalogNumber })} · {t('order.qty', { quantity: i.itemCount })}
            </Text>
          </View>
        ))}
      </View>

      <View className='rqd-section rqd-history'>
        <Text className='rqd-section__title' {...ariaProps('heading', { level: '2' })}>
          {t('enquiries.history')}
        </Text>
        {d.interactions.length === 0 && <Text className='rq-row__meta'>{t('enquiries.historyEmpty')}</Text>}
        {d.interactions.map((i) => (
          <View key={i.id} className={`rqd-entry rqd-entry--${i.author}`}>
            <View className='rq-row__head'>
              <Text className='rqd-entry__author'>{t(`enquiries.author.${i.author}`)}</Text>
              <Text className={`rq-status rq-status--${i.status}`}>{t(`interaction.status.${i.status}`)}</Text>
            </View>
            <Text className='rq-row__meta'>{when(i.createdAt)}</Text>
            {i.comment && <Text className='rqd-entry__comment'>{i.comment}</Text>}
            {i.attachments.length > 0 && (
              <View className='rqd-entry__files'>
                <Text className='rq-row__meta'>{t('enquiries.attachments')}</Text>
                {i.attachments.map((a) => (
                  <Text key={a.name} className='rqd-entry__file'>
                    {a.url ? a.name : t('enquiries.attachmentOffline', { name: a.name })}
                  </Text>
                ))}
              </View>
            )}
          </View>
        ))}
      </View>

      <View className='rqd-section rqd-comment'>
        <Text className='rqd-section__title' {...ariaProps('heading', { level: '2' })}>
          {t('enquiries.comment.label')}
        </Text>
        <Text className='rq-row__meta rqd-comment__count'>
          {t('enquiries.comment.count', { used: d.customerComments, limit: d.commentLimit })}
        </Text>
        {d.canComment && (
          <Textarea
            className='rqd-comment__input'
            value={draft}
            maxlength={ENQUIRY_COMMENT_MAX_LENGTH}
            placeholder={t('enquiries.comment.label')}
            {...fieldLabelProps(t('enquiries.comment.label'))}
            onInput={(e) => useEnquiries.getState().setDraft(e.detail.value)}
          />
        )}
        {!d.canComment && !commentError && (
          <Text className='rqd-comment__closed' {...ariaProps('status')}>
            {d.status === 'completed'
              ? t('enquiries.comment.noPermission')
              : t('enquiries.comment.limitReached', { limit: d.commentLimit })}
          </Text>
        )}
        {commentError && (
          <Text className='rqd-comment__error' {...ariaProps('alert')}>
            {commentError.message}
          </Text>
        )}
        {d.canComment && (
          <View
            className={`rqd-comment__send${sending ? ' rqd-comment__send--busy' : ''}`}
            {...tapProps(send, { disabled: sending })}
          >
            {t('enquiries.comment.send')}
          </View>
        )}
      </View>
    </View>
  )
}
