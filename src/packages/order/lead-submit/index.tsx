import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { titledScreen, HeaderPage } from '../../../components/page-shell/titled-screen'
import Picture from '../../../components/picture'
import FullScreenLoader from '../../../components/full-screen-loader'
import FormField from '../../../components/form-field'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { useT } from '../../../store/locale'
import { useLead, LEAD_FIELDS, LEAD_MAX, LEAD_REQUIRED, type LeadField } from '../../../store/order/lead'
import { useSession } from '../../../store/auth/session'
import type { MessageKey } from '../../../i18n'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { navigation } from '../../../platform/navigation'
import { hiddenProps } from '../../../platform/a11y'
import './index.scss'

const LABEL: Record<LeadField, MessageKey> = {
  contactName: 'lead.field.contactName',
  phone: 'lead.field.phone',
  email: 'lead.field.email',
  companyOrInstitution: 'lead.field.company',
  city: 'lead.field.city',
  remark: 'lead.field.remark',
}

/**
 * /lead-generation/ordersubmit: the lead cart (the products asked about) and the lead form
 * (contact, phone, email, company or institution, city, remark) → POST /lead/submit → the
 * confirmation with the request id.
 */
export default titledScreen(HeaderPage, 'screen.leadSubmit', LeadForm)

function LeadForm() {
  const t = useT()
  const s = useLead()
  useEffect(() => {
    if (!useLead.getState().result) useLead.getState().loadCart()
  }, [])
  // a logged-in user finds their name, phone, email, company and city filled in (issue 22)
  const user = useSession((x) => x.userInfo)
  useEffect(() => {
    if (user) useLead.getState().prefill(user)
  }, [user])

  if (s.result) {
    return (
      <View className='lead-state lead-done'>
        <View {...hiddenProps()}>
          <AtIcon value='check-circle' size={56} color='#137a3a' />
        </View>
        <Text className='lead-state__title'>{t('lead.done.title')}</Text>
        <Text className='lead-state__body'>{t('lead.done.body')}</Text>
        <Text className='lead-done__id'>{t('lead.done.requestId', { id: s.result.requestId })}</Text>
        <View className='lead-state__button' {...tapProps(() => navigation.go('home'))}>
          {t('order.continueShopping')}
        </View>
      </View>
    )
  }
  if (s.cart.status === 'idle' || s.cart.status === 'loading')
    return <LoadingPanel className='lead-state' message={t('order.loading')} />
  if (s.cart.status === 'failed') {
    return (
      <StatePanel
        block='lead-state'
        body={t('error.generic')}
        action={{ label: t('order.retry'), onTap: () => useLead.getState().loadCart() }}
      />
    )
  }
  if (s.cart.status === 'empty' || !s.cart.data) {
    return (
      <StatePanel
        block='lead-state'
        className='lead-empty'
        body={t('lead.empty')}
        action={{ label: t('order.continueShopping'), onTap: () => navigation.go('home') }}
      />
    )
  }
  return (
    <View className='lead'>
      <View className='lead-section'>
        <Text className='lead-section__title'>{t('lead.items')}</Text>
        {s.cart.data.items.map((i) => (
          <View key={i.catalogNumber} className='lead-item'>
            <Picture className='lead-item__thumb' src={productImageUrl(i.image, 150, API_BASE_URL)} alt={i.itemName} />
            <View className='lead-item__text'>
              <Text className='lead-item__title'>{i.itemName}</Text>
              <Text className='lead-item__meta'>
                {t('order.catNo', { catalogNumber: i.catalogNumber })}
                {i.size ? ` · ${i.size}` : ''}
              </Text>
              <Text className='lead-item__meta'>{t('order.qty', { quantity: i.itemCount })}</Text>
            </View>
          </View>
        ))}
      </View>
      <View className='lead-section lead-form'>
        <Text className='lead-section__title'>{t('lead.form')}</Text>
        {LEAD_FIELDS.map((f) => {
          const err = s.errors[f]
          const label = t(LABEL[f])
          return (
            <FormField
              key={f}
              block='lead-field'
              name={f}
              label={label}
              optional={LEAD_REQUIRED.includes(f) ? undefined : t('acct.form.optional')}
              multiline={f === 'remark'}
              value={s.values[f]}
              maxlength={LEAD_MAX[f]}
              placeholder={label}
              error={err && t(err, { field: label, max: LEAD_MAX[f] })}
              onInput={(v) => s.setField(f, v)}
            />
          )
        })}
      </View>
      <View className='lead-bar'>
        <View
          className='lead-bar__submit'
          {...tapProps(
            () => {
              s.submit()
            },
            { disabled: s.submitting },
          )}
        >
          {t('lead.submit')}
        </View>
      </View>
      {s.submitting && <FullScreenLoader message={t('lead.submitting')} />}
    </View>
  )
}
