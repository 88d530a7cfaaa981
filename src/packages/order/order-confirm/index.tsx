import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import Tappable, { tapProps } from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useOrderConfirm } from '../../../store/order/confirm'
import { pageParam } from '../../../rules/page-params'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { ariaProps } from '../../../platform/a11y'
import './index.scss'

/**
 * /order-confirmation/{token}: an order's confirmation link (issue 12; spec section 2 "pre-order
 * confirmation"; section 8 "Order confirmation link expired; order confirmed, cancelled or not found;
 * confirmation failed"; section 9 "Pre-order: 24 hours"). No login: the link's token is the key.
 */
const MESSAGE = {
  expired: 'confirm.expired',
  confirmed: 'confirm.confirmed',
  cancelled: 'confirm.cancelled',
  notFound: 'confirm.cancelled',
  failed: 'confirm.failed',
} as const

export default function OrderConfirmPage() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const token = pageParam(params, 'token')
  const { view, data, error, busy } = useOrderConfirm()
  useEffect(() => {
    if (token) useOrderConfirm.getState().load(token)
  }, [token])

  let body
  if (!token) {
    body = (
      <Text className='oc-message oc-message--notFound' {...ariaProps('status')}>
        {t('confirm.cancelled')}
      </Text>
    )
  } else if (view === 'loading') {
    body = <AtActivityIndicator content={t('order.loading')} />
  } else if (view === 'error') {
    body = (
      <>
        <Text className='oc-message oc-message--error' {...ariaProps('alert')}>
          {error}
        </Text>
        <View className='oc-button oc-button--secondary' {...tapProps(() => useOrderConfirm.getState().load(token))}>
          {t('order.retry')}
        </View>
      </>
    )
  } else if (view === 'pending' && data?.order) {
    const o = data.order
    body = (
      <View className='oc-pending'>
        <Text className='oc-title' {...ariaProps('heading', { level: '1' })}>
          {t('confirm.title')}
        </Text>
        <Text className='oc-window'>
          {t(data.kind === 'preorder' ? 'confirm.window.preorder' : 'confirm.window.order', {
            date: formatTimestamp(data.expiresAt, country, 'YYYY-MM-DD HH:mm'),
          })}
        </Text>
        <View className='oc-order'>
          <Text className='oc-order__number'>{t('orderHistory.order', { number: o.orderNumber })}</Text>
          <Text className='oc-order__meta'>{formatTimestamp(o.createdAt, country, 'YYYY-MM-DD HH:mm')}</Text>
          {o.lines.map((l) => (
            <View key={l.catalogNumber} className='oc-line'>
              <Text className='oc-line__title'>{l.productTitle}</Text>
              <Text className='oc-order__meta'>
                {t('order.catNo', { catalogNumber: l.catalogNumber })} · {t('order.qty', { quantity: l.quantity })}
              </Text>
            </View>
          ))}
          <View className='oc-total'>
            <Text>{t('confirm.total')}</Text>
            <Text className='oc-total__value'>{formatMoney(o.total, o.currency)}</Text>
          </View>
        </View>
        <View className='oc-actions'>
          <View
            className='oc-button oc-button--secondary oc-cancel'
            {...tapProps(() => useOrderConfirm.getState().answer('cancel'), { disabled: busy })}
          >
            {t('confirm.cancel')}
          </View>
          <View
            className='oc-button oc-confirm'
            {...tapProps(() => useOrderConfirm.getState().answer('confirm'), { disabled: busy })}
          >
            {t('confirm.confirm')}
          </View>
        </View>
      </View>
    )
  } else {
    const key = view === 'pending' ? 'failed' : view
    body = (
      <>
        <Text className={`oc-message oc-message--${key}`} {...ariaProps('status')}>
          {t(MESSAGE[key])}
        </Text>
        <Tappable className='oc-button oc-button--secondary' to={{ route: 'home' }}>
          {t('confirm.home')}
        </Tappable>
      </>
    )
  }
  return (
    <PageShell header={{ title: t('screen.orderConfirm') }}>
      <View className='oc'>{body}</View>
    </PageShell>
  )
}
