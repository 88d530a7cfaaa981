import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { FEEDBACK_CATEGORIES, FEEDBACK_TYPES } from '../../../../types/membership/gifts'
import type { Feedback } from '../../../../types/membership/gifts-schemas'
import FormField from '../../../components/form-field'
import { MemberPage, MemberBlocked } from '../../../components/membership/member-gate'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT, useLocale } from '../../../store/locale'
import { useGifts } from '../../../store/membership/gifts'
import { showToast } from '../../../store/toast'
import { formatTimestamp } from '../../../rules/format'
import { pageParam } from '../../../rules/page-params'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import './index.scss'

/**
 * Redemption feedback (issue 13: "redemption feedback (category, type, number, result; pending or
 * In-Progress, completed)"; login needed). The member picks a category, a type and one of their
 * redemption numbers and describes the problem; their feedback shows its status (pending,
 * In-Progress, completed) and, once handled, the result.
 */
export default titledScreen(MemberPage, 'feedback.title', FeedbackScreen)

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

  if (feedbackStatus === 'blocked' || recordsStatus === 'blocked')
    return <MemberBlocked message={error ?? t('member.blocked')} />
  if (feedbackStatus === 'failed' && !feedback.length) {
    return (
      <StatePanel
        block='fbk-state'
        error={error}
        action={{ label: t('gifts.retry'), onTap: () => useGifts.getState().loadFeedback() }}
      />
    )
  }
  if (feedbackStatus !== 'ready' || recordsStatus !== 'ready')
    return <LoadingPanel className='fbk-state' message={t('gifts.loading')} />

  const numbers = records.map((r) => r.redemptionNumber)
  if (number && !numbers.includes(number)) numbers.unshift(number)
  const submit = async () => {
    setMessage(null)
    if (!number) {
      setMessage(t('feedback.needNumber'))
      return
    }
    if (!description.trim()) {
      setMessage(t('feedback.needDescription'))
      return
    }
    setSending(true)
    const r = await useGifts.getState().submitFeedback({ category, type, number, description: description.trim() })
    setSending(false)
    if (r.ok) {
      setDescription('')
      showToast(t('feedback.sent'))
    } else setMessage(r.message)
  }
  const chips = <T extends string>(
    label: MessageKey,
    values: readonly T[],
    value: T,
    set: (v: T) => void,
    key: (v: T) => string,
  ) => (
    <View className='fbk-field' {...ariaProps('radiogroup', { label: t(label) })}>
      <Text className='fbk-field__label'>{t(label)}</Text>
      <View className='fbk-chips'>
        {values.map((v) => (
          <View
            key={v}
            className={`fbk-chip${v === value ? ' fbk-chip--on' : ''}`}
            {...tapProps(() => set(v), { role: 'radio', selected: v === value })}
          >
            {key(v)}
          </View>
        ))}
      </View>
    </View>
  )

  return (
    <View className='fbk'>
      <View className='fbk-form' {...ariaProps('region', { label: t('feedback.new') })}>
        <Text className='fbk-form__title' {...ariaProps('heading', { level: '2' })}>
          {t('feedback.new')}
        </Text>
        {numbers.length === 0 ? (
          <Text className='fbk-form__none'>{t('feedback.noRedemptions')}</Text>
        ) : (
          <>
            {chips('feedback.category', FEEDBACK_CATEGORIES, category, setCategory, (v) =>
              t(`feedback.category.${v}` as MessageKey),
            )}
            {chips('feedback.type', FEEDBACK_TYPES, type, setType, (v) => t(`feedback.type.${v}` as MessageKey))}
            {chips('feedback.number', numbers.slice(0, 12), number, setNumber, (v) => v)}
            <FormField
              block='fbk-field'
              name='description'
              label={t('feedback.description')}
              multiline
              inputClassName='fbk-input'
              value={description}
              maxlength={500}
              placeholder={t('feedback.descriptionPlaceholder')}
              onInput={setDescription}
            />
            {message && (
              <View className='fbk-message' {...ariaProps('alert')}>
                <Text>{message}</Text>
              </View>
            )}
            <View className='fbk-form__submit' {...tapProps(submit, { disabled: sending })}>
              {t('feedback.submit')}
            </View>
          </>
        )}
      </View>
      <View className='fbk-list' {...ariaProps('region', { label: t('feedback.mine') })}>
        <Text className='fbk-list__title' {...ariaProps('heading', { level: '2' })}>
          {t('feedback.mine')}
        </Text>
        {feedback.length === 0 && <Text className='fbk-list__empty'>{t('feedback.empty')}</Text>}
        {feedback.map((f) => (
          <FeedbackItem key={f.id} f={f} country={country} />
        ))}
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
        <Text className={`fbk-item__status fbk-item__status--${f.status}`}>
          {t(`feedback.status.${f.status}` as MessageKey)}
        </Text>
      </View>
      <Text className='fbk-item__meta'>
        {t(`feedback.category.${f.category}` as MessageKey)} · {t(`feedback.type.${f.type}` as MessageKey)} ·{' '}
        {t('feedback.submitted', { date: formatTimestamp(f.createdAt, country) })}
      </Text>
      <Text className='fbk-item__text'>{f.description}</Text>
      {f.result && <Text className='fbk-item__result'>{t('feedback.result', { result: f.result })}</Text>}
    </View>
  )
}
