import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import {
  categoriesOf,
  RETURN_FILES_MAX,
  CONTACT_NAME_MAX,
  PHONE_MAX,
  EMAIL_MAX,
  REMARK_MAX,
  type OrderRequestKind,
} from '../../../../types/order/return-rules'
import FullScreenLoader from '../../full-screen-loader'
import FormField from '../../form-field'
import Tappable, { tapProps } from '../../tappable'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useOrderRequestForm, type FormFields } from '../../../store/order/requests'
import type { MessageKey } from '../../../i18n'
import { displayName } from '../../../rules/account/person-name'
import { formatTimestamp } from '../../../rules/format'
import { hiddenProps, ariaProps } from '../../../platform/a11y'
import './index.scss'

type TextField = 'contactName' | 'phone' | 'email' | 'remark'
const TEXT_FIELDS: { f: TextField; label: MessageKey; max: number; type: 'text' | 'number' }[] = [
  { f: 'contactName', label: 'orderRequest.contactName', max: CONTACT_NAME_MAX, type: 'text' },
  { f: 'phone', label: 'orderRequest.phone', max: PHONE_MAX, type: 'text' },
  { f: 'email', label: 'orderRequest.email', max: EMAIL_MAX, type: 'text' },
  { f: 'remark', label: 'orderRequest.remark', max: REMARK_MAX, type: 'text' },
]

/**
 * The cancel-order request (kind 'cancel') and the return or after-sales form (kind 'return'):
 * category and sub-category as groups of radio buttons, contact name, phone and email prefilled
 * from the user, remark, and (return) up to 2 files; then the confirmation with the request number
 * and the 48 h follow-up (spec §3, §5, §9).
 */
export default function OrderRequestForm({ kind, orderNumber }: { kind: OrderRequestKind; orderNumber: string }) {
  const t = useT()
  const language = useLocale((s) => s.language)
  const country = useLocale((s) => s.country)
  const user = useSession((s) => s.userInfo)
  const s = useOrderRequestForm()
  const lang = language === 'en' ? 'en' : 'zh'

  useEffect(() => {
    const p = user?.userProfile
    useOrderRequestForm.getState().open(kind, orderNumber, {
      contactName: p ? displayName(p.firstName, p.lastName) : '',
      phone: p?.contactInfo.phone ?? '',
      email: p?.contactInfo.primaryEmail ?? '',
    })
  }, [kind, orderNumber, user])

  if (s.kind !== kind || s.orderNumber !== orderNumber) return null

  if (s.status === 'done' && s.result) {
    return (
      <View className='orq-state orq-done' {...ariaProps('status')}>
        <View {...hiddenProps()}>
          <AtIcon value='check-circle' size={56} color='#137a3a' />
        </View>
        <Text className='orq-state__title'>{t('orderRequest.done.title')}</Text>
        <Text className='orq-done__number' data-request-number={s.result.requestNumber}>
          {t('orderRequest.done.number', { number: s.result.requestNumber })}
        </Text>
        <Text className='orq-done__follow-up'>{t('orderRequest.done.followUp')}</Text>
        <Text className='orq-done__by'>
          {t('orderRequest.followUpBy', { date: formatTimestamp(s.result.followUpBy, country) })}
        </Text>
        <Tappable className='orq-state__button' to={{ route: 'orderDetail', params: { orderNumber } }}>
          {t('orderRequest.backToOrder')}
        </Tappable>
      </View>
    )
  }

  if (s.blocked) {
    // said at once, before anything is filled in: this order cannot be cancelled online (issue 22 item 13)
    return (
      <View className='orq-state orq-blocked' data-order-number={orderNumber}>
        <Text className='orq-section__order'>{t('orderRequest.order', { number: orderNumber })}</Text>
        <Text className='orq-state__title orq-blocked__message' {...ariaProps('alert')}>
          {s.blocked}
        </Text>
        <Tappable className='orq-state__button' to={{ route: 'orderDetail', params: { orderNumber } }}>
          {t('orderRequest.backToOrder')}
        </Tappable>
      </View>
    )
  }

  const cats = categoriesOf(kind)
  const cat = cats.find((c) => c.code === s.fields.category)
  const catLabel = t(kind === 'cancel' ? 'orderRequest.cancelReason' : 'orderRequest.category')
  const subLabel = t(kind === 'cancel' ? 'orderRequest.cancelDetail' : 'orderRequest.subCategory')
  const errorText = (f: keyof FormFields, label: string, max = 0) => {
    const e = s.errors[f]
    if (!e) return null
    return e === 'required'
      ? t(f === 'category' || f === 'subCategory' ? 'orderRequest.error.choose' : 'orderRequest.error.required', {
          field: label,
        })
      : e === 'tooLong'
        ? t('orderRequest.error.tooLong', { field: label, max })
        : t(f === 'phone' ? 'orderRequest.error.phone' : 'orderRequest.error.email')
  }
  const fieldError = (f: keyof FormFields, label: string) => {
    const text = errorText(f, label)
    return (
      text && (
        <Text className='orq-field__error' {...ariaProps('alert')}>
          {text}
        </Text>
      )
    )
  }

  return (
    <View className={`orq orq--${kind}`} data-order-number={orderNumber}>
      <View className='orq-section'>
        <Text className='orq-section__order'>{t('orderRequest.order', { number: orderNumber })}</Text>
        {kind === 'cancel' && <Text className='orq-section__note'>{t('orderRequest.cancelNote')}</Text>}
      </View>

      <View className='orq-section orq-categories'>
        <Text className='orq-field__label' id={`orq-cat-${kind}`}>
          {catLabel}
        </Text>
        <View className='orq-chips orq-chips--category' {...ariaProps('radiogroup', { label: catLabel })}>
          {cats.map((c) => (
            <View
              key={c.code}
              className={`orq-chip${c.code === s.fields.category ? ' orq-chip--on' : ''}`}
              data-code={c.code}
              {...tapProps(() => s.setCategory(c.code), {
                role: 'radio',
                selected: c.code === s.fields.category,
                label: c[lang],
              })}
            >
              {c[lang]}
            </View>
          ))}
        </View>
        {fieldError('category', catLabel)}
        <Text className='orq-field__label'>{subLabel}</Text>
        {cat ? (
          <View className='orq-chips orq-chips--sub' {...ariaProps('radiogroup', { label: subLabel })}>
            {cat.subs.map((x) => (
              <View
                key={x.code}
                className={`orq-chip${x.code === s.fields.subCategory ? ' orq-chip--on' : ''}`}
                data-code={x.code}
                {...tapProps(() => s.setField('subCategory', x.code), {
                  role: 'radio',
                  selected: x.code === s.fields.subCategory,
                  label: x[lang],
                })}
              >
                {x[lang]}
              </View>
            ))}
          </View>
        ) : (
          <Text className='orq-field__hint'>{t('orderRequest.chooseCategory')}</Text>
        )}
        {fieldError('subCategory', subLabel)}
      </View>

      <View className='orq-section orq-contact'>
        <Text className='orq-section__title'>{t('orderRequest.contact')}</Text>
        {TEXT_FIELDS.map(({ f, label: key, max }) => (
          <FormField
            key={f}
            block='orq-field'
            name={f}
            label={t(key)}
            optional={f === 'remark' ? t('orderRequest.optional') : undefined}
            multiline={f === 'remark'}
            value={s.fields[f]}
            maxlength={max}
            error={errorText(f, t(key), max)}
            onInput={(v) => s.setField(f, v)}
          />
        ))}
      </View>

      {kind === 'return' && (
        <View className='orq-section orq-files'>
          <Text className='orq-section__title'>{t('orderRequest.files')}</Text>
          <Text className='orq-field__hint'>{t('orderRequest.filesHint', { max: RETURN_FILES_MAX })}</Text>
          {s.files.map((f, i) => (
            <View key={`${f.name}-${i}`} className='orq-file' data-file-name={f.name}>
              <Text className='orq-file__name'>{f.name}</Text>
              <Text className='orq-file__size'>
                {t('orderRequest.fileSize', { size: Math.max(1, Math.round(f.size / 1024)) })}
              </Text>
              <View
                className='orq-file__remove'
                {...tapProps(() => s.removeFile(i), { label: t('orderRequest.removeFile', { file: f.name }) })}
              >
                <View {...hiddenProps()}>
                  <AtIcon value='close' size={16} />
                </View>
              </View>
            </View>
          ))}
          {s.files.length < RETURN_FILES_MAX && (
            <View
              className='orq-files__add'
              {...tapProps(() => {
                void s.pick()
              })}
            >
              {t('orderRequest.addFile')}
            </View>
          )}
          {s.fileError && (
            <Text className='orq-files__error' {...ariaProps('alert')}>
              {s.fileError}
            </Text>
          )}
        </View>
      )}

      {s.submitError && (
        <Text className='orq-submit-error' {...ariaProps('alert')}>
          {s.submitError}
        </Text>
      )}
      <View className='orq-bar'>
        <View
          className='orq-bar__submit'
          {...tapProps(
            () => {
              void s.submit()
            },
            { disabled: s.status === 'submitting' },
          )}
        >
          {t(kind === 'cancel' ? 'orderRequest.submitCancel' : 'orderRequest.submitReturn')}
        </View>
      </View>
      {s.status === 'submitting' && <FullScreenLoader message={t('orderRequest.submitting')} />}
    </View>
  )
}
