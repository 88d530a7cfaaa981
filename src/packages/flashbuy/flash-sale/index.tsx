import '../../../store/flashbuy/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import { CATALOGUE_LABEL, SALE_LIST_LABEL, isOrderable } from '../../../../types/flashbuy/rules'
import type { FlashSaleSummary } from '../../../../types/flashbuy/schemas'
import { titledScreen, HeaderPage } from '../../../components/page-shell/titled-screen'
import Picture from '../../../components/picture'
import Tappable from '../../../components/tappable'
import { useLoadState } from '../../../components/state-panel/load-state'
import { useT, useLocale } from '../../../store/locale'
import { useFlashSales, groupSales, type FlashSaleGroup } from '../../../store/flashbuy/sales'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import { saleTimeLine } from '../../../rules/flashbuy/flash-sale-time'
import { CATALOGUE_KEY } from '../../../rules/flashbuy/catalogue-key'
import './index.scss'

/**
 * The flash-sale list (spec section 2 names the screen; section 4 "Sale-list labels: in progress,
 * on sale, soon, sold out, expired" and the catalogue labels "In progress, Purchase now, Coming soon,
 * Empty, Expired"). Anonymous visitors can browse it; a running sale opens /flashbuy/submit?id&qty.
 */
export default titledScreen(HeaderPage, 'screen.flashSale', FlashSales)

const GROUP_HEADING: Record<FlashSaleGroup, MessageKey> = {
  onSale: 'flashbuy.saleList.onSale',
  soon: 'flashbuy.saleList.soon',
  expired: 'flashbuy.saleList.expired',
}

function FlashSales() {
  const t = useT()
  const { status, sales } = useFlashSales()
  // back from a purchase, the page loads again: the stock left has changed. Once loaded the list
  // shows, with its sales or without (below).
  const state = useLoadState(useFlashSales, {
    block: 'fs-state',
    has: sales.length > 0 || status === 'ready',
    failed: (error) => ({ body: error ?? t('flashbuy.list.loadFailed') }),
    retry: t('flashbuy.list.retry'),
    loading: t('flashbuy.list.loading'),
  })
  if (state) return state
  const groups = groupSales(sales)
  if (!groups.length)
    return (
      <View className='fs-state fs-empty'>
        <Text className='fs-state__body'>{t('flashbuy.list.empty')}</Text>
      </View>
    )
  return (
    <View className='fs'>
      {groups.map((g) => (
        <View
          key={g.group}
          className={`fs-group fs-group--${g.group}`}
          {...ariaProps('region', { label: t(GROUP_HEADING[g.group]) })}
        >
          <Text className='fs-group__title' {...ariaProps('heading', { level: '2' })}>
            {t(GROUP_HEADING[g.group])}
          </Text>
          {g.sales.map((s) => (
            <SaleItem key={s.id} sale={s} />
          ))}
        </View>
      ))}
    </View>
  )
}

const SALE_LIST_KEY = {
  inProgress: 'flashbuy.saleList.inProgress',
  soon: 'flashbuy.saleList.soon',
  soldOut: 'flashbuy.saleList.soldOut',
  expired: 'flashbuy.saleList.expired',
} as const

function SaleItem({ sale }: { sale: FlashSaleSummary }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const running = isOrderable(sale.flashBuyStatus)
  const listLabel = SALE_LIST_LABEL[sale.flashBuyStatus]
  // the catalogue's action: Purchase now for a running sale, else Coming soon / Empty / Expired
  const action = running ? t('flashbuy.catalogue.purchaseNow') : t(CATALOGUE_KEY[CATALOGUE_LABEL[sale.flashBuyStatus]])
  // a coming sale's display text already says when it starts ("Starts 28 Nov 10:00"): the time only when it has none
  const line = saleTimeLine(sale)
  const when = line
    ? t(line.kind === 'starts' ? 'flashbuy.list.startsAt' : 'flashbuy.list.endsAt', {
        time: formatTimestamp(line.at, country),
      })
    : ''
  return (
    <View className={`fs-item fs-item--${listLabel}`} data-id={sale.id} data-status={sale.flashBuyStatus}>
      <Picture
        className='fs-item__image'
        src={productImageUrl(sale.image, 150, API_BASE_URL)}
        alt={sale.skuName}
        lazyLoad
      />
      <View className='fs-item__body'>
        <View className='fs-item__top'>
          <Text className={`fs-item__label fs-item__label--${listLabel}`}>{t(SALE_LIST_KEY[listLabel])}</Text>
          <Text className='fs-item__name'>{sale.skuName}</Text>
        </View>
        <Text className='fs-item__meta'>{t('flashbuy.product.catNo', { catalogNumber: sale.catalogNumber })}</Text>
        {sale.skuSize && <Text className='fs-item__meta'>{t('flashbuy.product.size', { size: sale.skuSize })}</Text>}
        <View className='fs-item__prices'>
          {sale.flashBuyStatus === 'COMING_SOON' || sale.flashPrice === null ? (
            <Text className='fs-item__display'>{sale.displayText || t('flashbuy.catalogue.comingSoon')}</Text>
          ) : (
            <Text className='fs-item__flash'>{formatMoney(sale.flashPrice, sale.currency)}</Text>
          )}
          {sale.flashBuyStatus !== 'COMING_SOON' && sale.originalPrice !== null && (
            <Text className='fs-item__list'>{formatMoney(sale.originalPrice, sale.currency)}</Text>
          )}
        </View>
        <View className='fs-item__foot'>
          <View className='fs-item__facts'>
            {/* stock only while the sale can sell: '12 left' under an expired sale reads as buyable */}
            {sale.flashBuyStatus !== 'COMING_SOON' && sale.flashBuyStatus !== 'OVER' && (
              <Text className='fs-item__stock'>{t('flashbuy.list.left', { count: Math.max(0, sale.remainQty) })}</Text>
            )}
            {when && <Text className='fs-item__when'>{when}</Text>}
          </View>
          {running ? (
            <Tappable
              className='fs-item__action fs-item__action--buy'
              to={{ route: 'flashbuySubmit', params: { id: sale.id, qty: 1 } }}
              label={t('flashbuy.list.buyLabel', { name: sale.skuName })}
            >
              {action}
            </Tappable>
          ) : (
            <Tappable className={`fs-item__action fs-item__action--${CATALOGUE_LABEL[sale.flashBuyStatus]}`} disabled>
              {action}
            </Tappable>
          )}
        </View>
      </View>
    </View>
  )
}
