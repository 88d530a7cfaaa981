import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import { useT } from '../../../store/locale'
import { useQuotes } from '../../../store/order/quotes'
import { formatMoney } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import BottomSheet from '../../bottom-sheet'
import Picture from '../../picture'
import './index.scss'

/** The products of one S-quote in a bottom sheet with a close button (opened by a quote card's 'View Product'). */
export default function SQuoteProductDrawer({
  staticQuoteId,
  onClose,
}: {
  staticQuoteId: string
  onClose: () => void
}) {
  const t = useT()
  const detail = useQuotes((s) => s.detail)
  useEffect(() => {
    useQuotes.getState().loadDetail(staticQuoteId)
  }, [staticQuoteId])
  const ready = detail.id === staticQuoteId && detail.status === 'ready' && detail.data
  return (
    <BottomSheet className='squote-drawer' title={t('quotes.products')} onClose={onClose}>
      {!ready && detail.status !== 'failed' && detail.status !== 'notFound' && (
        <AtActivityIndicator content={t('order.loading')} />
      )}
      {(detail.status === 'failed' || detail.status === 'notFound') && (
        <Text className='squote-drawer__error'>{detail.error}</Text>
      )}
      {ready &&
        detail.data!.orderLineList.map((l) => (
          <View key={l.lineNumber} className='squote-drawer__line'>
            <Picture
              className='squote-drawer__thumb'
              src={productImageUrl(l.image, 150, API_BASE_URL)}
              alt={l.productTitle}
            />
            <View className='squote-drawer__text'>
              <Text className='squote-drawer__title'>{l.productTitle}</Text>
              <Text className='squote-drawer__meta'>
                {t('order.catNo', { catalogNumber: l.catalogNumber })} · {l.size}
              </Text>
              <Text className='squote-drawer__meta'>
                {t('order.qty', { quantity: l.quantity })} ·{' '}
                {formatMoney(l.finalPrice, detail.data!.orderHeader.currency)}
              </Text>
            </View>
          </View>
        ))}
    </BottomSheet>
  )
}
