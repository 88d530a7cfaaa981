import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import type { SQuoteDetail } from '../../../../types'
import DetailPage, { DetailStates } from '../../../components/detail-page'
import { useParamDetail } from '../../../components/order/param-detail'
import Picture from '../../../components/picture'
import { tapProps } from '../../../components/tappable'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT, useLocale } from '../../../store/locale'
import { useQuotes } from '../../../store/order/quotes'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { navigation } from '../../../platform/navigation'
import './index.scss'

/** /my-quotes/detail/:staticQuoteId: the quote's number, dates, total and lines; an active quote can be ordered. */
export default titledScreen(DetailPage, 'screen.quoteDetail', Detail)

function Detail() {
  const t = useT()
  const { detail, view, failed } = useParamDetail(useQuotes, 'staticQuoteId')
  return (
    <DetailStates
      block='qd-state'
      view={view}
      loading={t('order.loading')}
      notFound={{ className: 'qd-not-found', text: t('quotes.notFound') }}
      failed={failed}
    >
      {() => detail.data && <Quote quote={detail.data} />}
    </DetailStates>
  )
}

/** the quote's head (number, status, dates, total), its lines, and Order for an active quote */
function Quote({ quote }: { quote: SQuoteDetail }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { orderHeader: h, orderLineList: lines } = quote
  const money = (n: number) => formatMoney(n, h.currency)
  return (
    <View className='qd'>
      <View className='qd-head'>
        <View className='qd-head__row'>
          <Text className='qd-head__number'>{t('quotes.number', { number: h.quoteNumber })}</Text>
          <Text className={`qd-head__status qd-head__status--${h.status}`}>{t(`quotes.status.${h.status}`)}</Text>
        </View>
        <Text className='qd-head__meta'>
          {t('quotes.date', { date: formatTimestamp(h.createdAt, country, 'YYYY-MM-DD') })}
        </Text>
        <Text className='qd-head__meta'>
          {t('quotes.expiry', { date: formatTimestamp(h.expiresAt, country, 'YYYY-MM-DD') })}
        </Text>
        <View className='qd-head__total'>
          <Text className='qd-head__meta'>{t('quotes.total')}</Text>
          <Text className='qd-head__value'>{money(h.totalPrice)}</Text>
          {h.totalListPrice > h.totalPrice && <Text className='qd-head__list'>{money(h.totalListPrice)}</Text>}
        </View>
      </View>
      {lines.map((l) => (
        <View key={l.lineNumber} className='qd-line'>
          <Picture className='qd-line__thumb' src={productImageUrl(l.image, 150, API_BASE_URL)} alt={l.productTitle} />
          <View className='qd-line__text'>
            <Text className='qd-line__title'>{l.productTitle}</Text>
            <Text className='qd-line__meta'>
              {t('order.catNo', { catalogNumber: l.catalogNumber })}
              {l.size ? ` · ${l.size}` : ''}
            </Text>
            <View className='qd-line__prices'>
              <Text className='qd-line__meta'>{t('order.qty', { quantity: l.quantity })}</Text>
              {l.listPrice > l.finalPrice && <Text className='qd-line__list'>{money(l.listPrice)}</Text>}
              <Text className='qd-line__final'>{money(l.finalPrice)}</Text>
            </View>
          </View>
        </View>
      ))}
      {h.status === 'active' && (
        <View className='qd-bar'>
          <View
            className='qd-bar__order'
            {...tapProps(() => navigation.go('submitOrder', { staticQuoteId: h.staticQuoteId }))}
          >
            {t('quotes.order')}
          </View>
        </View>
      )}
    </View>
  )
}
