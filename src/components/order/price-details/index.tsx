import { View, Text } from '@tarojs/components'
import type { OrderSummary } from '../../../../types'
import { useT } from '../../../store/locale'
import { priceDetails } from '../../../store/order/checkout'
import { formatMoney } from '../../../rules/format'
import { tapProps } from '../../tappable'
import './index.scss'

/**
 * Price details of a checkout: total list price, savings (list − discounted), taxes when tax is
 * enabled, and the total (discounted + taxes). An info button opens the explanation drawer.
 */
export default function PriceDetails({ summary, onInfo }: { summary: OrderSummary; onInfo?: () => void }) {
  const t = useT()
  const d = priceDetails(summary)
  const money = (n: number) => formatMoney(n, d.currency)
  return (
    <View className='price-details'>
      <View className='price-details__head'>
        <Text className='price-details__title'>{t('order.price.title')}</Text>
        {onInfo && (
          <View className='price-details__info' {...tapProps(onInfo, { label: t('order.price.infoLabel') })}>
            ?
          </View>
        )}
      </View>
      <View className='price-details__row price-details__row--list'>
        <Text>{t('order.price.list')}</Text>
        <Text>{money(d.listTotal)}</Text>
      </View>
      {/* a saving is highlighted; no saving (¥0.00) is a plain row, not a red one (issue 22) */}
      <View
        className={`price-details__row price-details__row--savings${d.savings > 0 ? ' price-details__row--saved' : ''}`}
      >
        <Text>{t('order.price.savings')}</Text>
        <Text>{d.savings > 0 ? `-${money(d.savings)}` : money(0)}</Text>
      </View>
      {d.taxes !== null && (
        <View className='price-details__row price-details__row--taxes'>
          <Text>{t('order.price.taxes')}</Text>
          <Text>{money(d.taxes)}</Text>
        </View>
      )}
      <View className='price-details__row price-details__row--total'>
        <Text>{t('order.price.total')}</Text>
        <Text className='price-details__total'>{money(d.total)}</Text>
      </View>
    </View>
  )
}
