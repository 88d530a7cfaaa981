import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, Textarea } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import { FEEDBACK_CATEGORIES, FEEDBACK_TYPES } from '../../../../types/membership/gifts'
import type { Feedback } from '../../../../types/membership/gifts-schemas'
import PageShell from '../../../components/page-shell'
import MemberGate, { MemberBlocked } from '../../../components/membership/member-gate'
import { tapProps } from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useGifts } from '../../../store/membership/gifts'
import { showToast } from '../../../store/toast'
import { formatTimestamp } from '../../../rules/format'
import { pageParam } from '../../../rules/page-params'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import './index.scss'

/**
 * Redemption feedback (issue 13: "redemption feedback (category, type, number, result; pending or
 * In-Progress, completed)"; login needed). The member picks a category, a type and one of their
 * redemption numbers and describes the problem; their feedback shows its status (pending,
 * In-Progress, completed) and, once handled, the result.
 */
export default function RedemptionFeedback() {
  const t = useT()
  return (
    <PageShell header={{ title: t('feedback.title') }} title={t('feedback.title')}>
      <MemberGate><FeedbackScreen /></MemberGate>
    </PageShell>
  )
}

type Category = (typeof FEEDBACK_CATEGORIES)[number]
type Kind = (typeof FEEDBACK_TYPES)[number]

function FeedbackScreen() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const { feedback, feedbackStatus, records, recordsStatus, error } = useGifts()
  const [category, setCategory] = useState<Category>('logistics')
  const [type, setType] = useState<Kind>('enquiry')
  const [number, setNumber] = useState(pageParam(params, 'number'))
  const [description, setDescription] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    useGifts.getState().loadFeedback()
    useGifts.getState().loadRecords()
  }, [])

  if (feedbackStatus === 'blocked' || recordsStatus === 'blocked') return <MemberBlocked message={error ?? t('member.blocked')} />
  if (feedbackStatus === 'error' && !feedback.length) {
    return (
      <View className='fbk-state'>
        <Text className='fbk-state__error'>{error}</Text>
        <View className='fbk-state__button' {...tapProps(() => useGifts.getState().loadFeedback())}>{t('gifts.retry')}</View>
      </View>
    )
  }
  if (feedbackStatus !== 'ready' || recordsStatus !== 'ready') return <View className='fbk-state'><AtActivityIndicator content={t('gifts.loading')} /></View>

  const numbers = records.map((r) => r.redemptionNumber)
  if (number && !numbers.includes(number)) numbers.unshift(number)
  const submit = async () => {
    setMessage(null)
    if (!number) { setMessage(t('feedback.needNumber')); return }
    if (!description.trim()) { setMessage(t('feedback.needDescription')); return }
    setSending(true)
    const r = await useGifts.getState().submitFeedback({ category, type, number, description: description.trim() })
    setSending(false)
    if (r.ok) { setDescription(''); showToast(t('feedback.sent')) } else setMessage(r.message)
  }
  const chips = <T extends string>(label: MessageKey, values: readonly T[], value: T, set: (v: T) => void, key: (v: T) => string) => (
    <View className='fbk-field' {...ariaProps('radiogroup', { label: t(label) })}>
      <Text className='fbk-field__label'>{t(label)}</Text>
      <View className='fbk-chips'>
        {values.map((v) => (
          <View key={v} className={`fbk-chip${v === value ? ' fbk-chip--on' : ''}`} {...tapProps(() => set(v), { role: 'radio', selected: v === value })}>{key(v)}</View>
        ))}
      </View>
    </View>
  )

  return (
    <View className='fbk'>
      <View className='fbk-form' {...ariaProps('region', { label: t('feedback.new') })}>
        <Text className='fbk-form__title' {...ariaProps('heading', { level: '2' })}>{t('feedback.new')}</Text>
        {numbers.length === 0 ? <Text className='fbk-form__none'>{t('feedback.noRedemptions')}</Text> : (
          <>
            {chips('feedback.category', FEEDBACK_CATEGORIES, category, setCategory, (v) => t(`feedback.category.${v}` as MessageKey))}
            {chips('feedback.type', FEEDBACK_TYPES, type, setType, (v) => t(`feedback.type.${v}` as MessageKey))}
            {chips('feedback.number', numbers.slice(0, 12), number, setNumber, (v) => v)}
            <View className='fbk-field'>
              <Text className='fbk-field__label'>{t('feedback.description')}</Text>
              <Textarea className='fbk-input' value={description} maxlength={500} placeholder={t('feedback.descriptionPlaceholder')}
                {...fieldLabelProps(t('feedback.description'))} onInput={(e) => setDescription(e.detail.value)} />
            </View>
            {message && <View className='fbk-message' {...ariaProps('alert')}><Text>{message}</Text></View>}
            <View className='fbk-form__submit' {...tapProps(submit, { disabled: sending })}>{t('feedback.submit')}</View>
          </>
        )}
      </View>
      <View className='fbk-list' {...ariaProps('region', { label: t('feedback.mine') })}>
        <Text className='fbk-list__title' {...ariaProps('heading', { level: '2' })}>{t('feedback.mine')}</Text>
        {feedback.length === 0 && <Text className='fbk-list__empty'>{t('feedback.empty')}</Text>}
        {feedback.map((f) => <FeedbackItem key={f.id} f={f} country={country} />)}
      </View>
    </View>
  )
}

function FeedbackItem({ f, country }: { f: Feedback; country: 'cn' | 'in' }) {
  const t = useT()
  return (
    <View className={`fbk-item fbk-item--${f.status}`} data-id={f.id} data-status={f.status}>
      <View className='fbk-item__head'>
        <Text className='fbk-item__number'>{f.number}</Text>
        <Text className={`fbk-item__status fbk-item__status--${f.status}`}>{t(`feedback.status.${f.status}` as MessageKey)}</Text>
      </View>
      <Text className='fbk-item__meta'>{t(`feedback.category.${f.category}` as MessageKey)} · {t(`feedback.type.${f.type}` as MessageKey)} · {t('feedback.submitted', { date: formatTimestamp(f.createdAt, country) })}</Text>
      <Text className='fbk-item__text'>{f.description}</Text>
      {f.result && <Text className='fbk-item__result'>{t('feedback.result', { result: f.result })}</Text>}
    </View>
  )
}
