import { View, Text } from '@tarojs/components'
import type { SQuoteSummary } from '../../../../types'
import { useT, useLocale } from '../../../store/locale'
import { thumbnailsOf } from '../../../store/order/quotes'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import Picture from '../../picture'
import Tappable, { tapProps } from '../../tappable'
import './index.scss'

/**
 * One S-quote in My quotes (spec section 2: "at most 4 product thumbnails plus a '+N' count,
 * discounted total price, and a 'View Product' link"), with its number, date, expiry and status.
 */
export default function QuoteSummaryCard({
  quote,
  onViewProducts,
}: {
  quote: SQuoteSummary
  onViewProducts: (staticQuoteId: string) => void
}) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const h = quote.orderHeader
  const { shown, more } = thumbnailsOf(quote.thumbnails, h.itemCount)
  return (
    <View className={`quote-card quote-card--${h.status}`} data-quote-id={h.staticQuoteId}>
      <View className='quote-card__head'>
        <Tappable
          className='quote-card__number'
          to={{ route: 'quoteDetail', params: { staticQuoteId: h.staticQuoteId } }}
        >
          {t('quotes.number', { number: h.quoteNumber })}
        </Tappable>
        <Text className={`quote-card__status quote-card__status--${h.status}`}>{t(`quotes.status.${h.status}`)}</Text>
      </View>
      <View className='quote-card__dates'>
        <Text>{t('quotes.date', { date: formatTimestamp(h.createdAt, country, 'YYYY-MM-DD') })}</Text>
        <Text>{t('quotes.expiry', { date: formatTimestamp(h.expiresAt, country, 'YYYY-MM-DD') })}</Text>
      </View>
      <View className='quote-card__thumbs'>
        {shown.map((p) => (
          <Picture
            key={p.catalogNumber}
            className='quote-card__thumb'
            src={productImageUrl(p.image, 150, API_BASE_URL)}
            alt={p.productTitle}
          />
        ))}
        {more > 0 && <Text className='quote-card__more'>+{more}</Text>}
      </View>
      <View className='quote-card__foot'>
        <View className='quote-card__total'>
          <Text className='quote-card__total-label'>{t('quotes.total')}</Text>
          <Text className='quote-card__total-value'>{formatMoney(h.totalPrice, h.currency)}</Text>
        </View>
        <View className='quote-card__view' {...tapProps(() => onViewProducts(h.staticQuoteId))}>
          {t('quotes.viewProduct')}
        </View>
      </View>
    </View>
  )
}
