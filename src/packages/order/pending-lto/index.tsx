import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { PendingLto } from '../../../../types'
import DetailPage from '../../../components/detail-page'
import Picture from '../../../components/picture'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT, useLocale } from '../../../store/locale'
import { getPendingLto } from '../../../api/order'
import { ApiError } from '../../../api/client'
import { pageParam } from '../../../rules/page-params'
import { formatTimestamp } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { navigation } from '../../../platform/navigation'
import './index.scss'

/** /my-orders/PendingLTO/{orderNumber}: the lines waiting for stock, with the quantity backordered and the estimated ship date. */
export default titledScreen(DetailPage, 'screen.pendingLto', Lto)

type State =
  | { status: 'loading' }
  | { status: 'ready'; data: PendingLto }
  | { status: 'notFound' }
  | { status: 'failed'; error: string }

function Lto() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const orderNumber = pageParam(params, 'orderNumber')
  const [state, setState] = useState<State>({ status: 'loading' })
  const load = () => {
    if (!orderNumber) return setState({ status: 'notFound' })
    setState({ status: 'loading' })
    getPendingLto(orderNumber)
      .then((data) => setState({ status: 'ready', data }))
      .catch((e) =>
        setState(
          e instanceof ApiError && (e.status === 404 || e.status === 403)
            ? { status: 'notFound' }
            : { status: 'failed', error: e instanceof ApiError ? e.message : t('error.generic') },
        ),
      )
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loads again for another order, not when the language's t changes
  useEffect(load, [orderNumber])

  if (state.status === 'loading') return <LoadingPanel className='lto-state' message={t('order.loading')} />
  if (state.status === 'notFound') {
    return (
      <StatePanel
        block='lto-state'
        className='lto-not-found'
        text={t('order.lto.notFound')}
        action={{ label: t('order.continueShopping'), onTap: () => navigation.go('home') }}
      />
    )
  }
  if (state.status === 'failed') {
    return <StatePanel block='lto-state' text={state.error} action={{ label: t('order.retry'), onTap: load }} />
  }
  const d = state.data
  return (
    <View className='lto'>
      <View className='lto-head'>
        {/* titled by the order the buyer opened it from (its /my-orders/PendingLTO/{orderNumber}); the sales order below */}
        <Text className='lto-head__number'>{t('order.lto.order', { number: d.orderNumber })}</Text>
        <Text className='lto-head__sales'>{t('orderHistory.salesOrder', { number: d.salesOrderNumber })}</Text>
        <Text className='lto-head__date'>{formatTimestamp(d.createdAt, country)}</Text>
      </View>
      {d.items.length === 0 && (
        <View className='lto-state'>
          <Text>{t('order.lto.none')}</Text>
        </View>
      )}
      {d.items.map((i) => (
        <View key={i.sku} className='lto-line'>
          <Picture className='lto-line__thumb' src={productImageUrl(i.image, 150, API_BASE_URL)} alt={i.productTitle} />
          <View className='lto-line__text'>
            <Text className='lto-line__title'>{i.productTitle}</Text>
            <Text className='lto-line__meta'>{t('order.catNo', { catalogNumber: i.catalogNumber })}</Text>
            <Text className='lto-line__meta'>
              {t('order.lto.quantities', { quantity: i.quantity, backordered: i.backorderedQuantity })}
            </Text>
            <Text className='lto-line__ship'>
              {i.estimatedShipDate
                ? t('order.lto.shipDate', { date: formatTimestamp(i.estimatedShipDate, country, 'YYYY-MM-DD') })
                : t('order.lto.shipDateUnknown')}
            </Text>
          </View>
        </View>
      ))}
    </View>
  )
}
