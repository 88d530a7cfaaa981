import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { useRouter, useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { OrderDetail } from '../../../../types'
import { orderStatusOf } from '../../../../types/order/statuses'
import DetailPage, { DetailStates } from '../../../components/detail-page'
import Picture from '../../../components/picture'
import Tappable from '../../../components/tappable'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useOrderDetail } from '../../../store/order/history'
import { useOrderRequests } from '../../../store/order/requests'
import { isCancellable } from '../../../../types/order/return-rules'
import { pageParam } from '../../../rules/page-params'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { attentionOf } from '../../../rules/account/ship-to'
import './index.scss'

/** carrier package states the server reports, in words; another state is shown as the carrier wrote it */
const PACKAGE: Record<
  string,
  'orderDetail.package.signed' | 'orderDetail.package.outForDelivery' | 'orderDetail.package.inTransit'
> = {
  SIGNED: 'orderDetail.package.signed',
  OUT_FOR_DELIVERY: 'orderDetail.package.outForDelivery',
  IN_TRANSIT: 'orderDetail.package.inTransit',
}

/**
 * /my-orders/{orderNumber} (spec §2 "Order detail"; §3 "Order: id, date, status, PO number, order
 * source, total, invoice; shipments (carrier, express number, shipped date, sign date, package
 * status)"): one order of the caller's account, with its lines, prices and shipments.
 */
export default titledScreen(DetailPage, 'screen.orderDetail', Detail)

function Detail() {
  const t = useT()
  const language = useLocale((s) => s.language)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const { params } = useRouter()
  const orderNumber = pageParam(params, 'orderNumber')
  const s = useOrderDetail()

  useEffect(() => {
    if (userId && orderNumber) void useOrderDetail.getState().load(orderNumber)
  }, [userId, orderNumber, language])

  const mine = s.orderNumber === orderNumber
  const data = mine && s.status === 'ready' ? s.data : null
  const view =
    !orderNumber || (mine && s.status === 'notFound')
      ? 'notFound'
      : mine && s.status === 'failed'
        ? 'failed'
        : data
          ? 'ready'
          : 'loading'
  return (
    <DetailStates
      block='od-state'
      view={view}
      loading={t('order.loading')}
      notFound={{
        className: 'od-not-found',
        title: t('orderDetail.notFound'),
        action: { label: t('orderDetail.allOrders'), to: { route: 'orderHistory' } },
      }}
      failed={{
        className: 'od-error',
        title: s.error,
        button: true,
        action: { label: t('order.retry'), onTap: () => useOrderDetail.getState().load(orderNumber) },
      }}
    >
      {() => data && <OrderView order={data} />}
    </DetailStates>
  )
}

function OrderView({ order: o }: { order: OrderDetail }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { label, tone } = orderStatusOf(o.status)
  const contact = attentionOf(o.shipTo)
  const money = (v: number) => formatMoney(v, o.currency)
  const handling = o.charges.filter((c) => c.kind === 'HandlingCharge').reduce((sum, c) => sum + c.amount, 0)
  const backordered = o.lines.some((l) => l.backorderedQuantity > 0)
  const info: [string, string, string][] = [
    ['date', t('orderDetail.date'), formatTimestamp(o.createdAt, country)],
    ['po', t('orderDetail.poNumber'), o.poNumber ?? t('orderDetail.noPo')],
    ['source', t('orderDetail.source'), t(`orderDetail.source.${o.source}`)],
    ['channel', t('orderDetail.channel'), t(`orderDetail.channel.${o.deliveryChannel}`)],
    ['billTo', t('orderDetail.billTo'), o.billToNumber ?? ''],
    ['invoices', t('orderDetail.invoices'), o.invoices ? '' : o.invoiceNumbers.join(', ')],
    ['promo', t('orderDetail.promoCodes'), o.promoCodes.join(', ')],
    ['remark', t('orderDetail.remark'), o.remark ?? ''],
  ]
  return (
    <View className='od' data-order-number={o.orderNumber}>
      <View className='od-card od-head'>
        <View className='od-head__top'>
          <Text className='od-head__number'>{t('orderHistory.order', { number: o.orderNumber })}</Text>
          <Text className={`od-head__status od-head__status--${tone}`} data-status={o.status}>
            {t(`order.status.${label}`)}
          </Text>
        </View>
        <Text className='od-head__sales'>{t('orderHistory.salesOrder', { number: o.salesOrderNumber })}</Text>
        {o.source === 'flashbuy' && <Text className='od-head__source'>{t('orderHistory.source.flashbuy')}</Text>}
        {o.relatedOrderNumbers.map((n) => (
          <Tappable key={n} className='od-head__related' to={{ route: 'orderDetail', params: { orderNumber: n } }}>
            {t('orderDetail.related', { number: n })}
          </Tappable>
        ))}
      </View>

      <View className='od-card od-info'>
        <Text className='od-card__title'>{t('orderDetail.info')}</Text>
        {info
          .filter(([, , v]) => v)
          .map(([k, name, v]) => (
            <View key={k} className={`od-row od-row--${k}`}>
              <Text className='od-row__label'>{name}</Text>
              <Text className='od-row__value'>{v}</Text>
            </View>
          ))}
      </View>

      {o.invoices?.length || o.remark || o.surcharge ? (
        <View className='od-card od-notes'>
          {o.invoices && o.invoices.length > 0 && (
            <View className='od-row od-row--invoices'>
              <Text className='od-row__label'>{t('orderDetail.invoices')}</Text>
              <View className='od-invoices'>
                {o.invoices.map((i) => (
                  <Tappable
                    key={i.invoiceNumber}
                    className='od-invoices__link'
                    to={{ route: 'invoiceList', params: { billToAccountNumber: i.billToNumber } }}
                  >
                    {t('orderDetail.invoiceLink', { number: i.invoiceNumber })}
                  </Tappable>
                ))}
              </View>
            </View>
          )}
          {/* spec §9: "Orders with special remarks are held up to 48 hours; if approval exceeds 48 hours, contact customer service." */}
          {o.remark && <Text className='od-note od-note--remark'>{t('orderDetail.remarkHeld')}</Text>}
          {/* spec §9: "Surcharge orders: check the final price within 4 hours of submission." */}
          {o.surcharge && <Text className='od-note od-note--surcharge'>{t('orderDetail.surchargeCheck')}</Text>}
        </View>
      ) : null}

      <View className='od-card od-address'>
        <Text className='od-card__title'>{t('order.address.title')}</Text>
        {/* attentionTo is "name,phone" (spec §3): the name and the phone, never the raw pair (issue 22) */}
        {contact.name && <Text className='od-address__name'>{contact.name}</Text>}
        {contact.phone && <Text className='od-address__phone'>{contact.phone}</Text>}
        <Text className='od-address__text'>{o.shipTo.text}</Text>
      </View>

      <View className='od-card od-lines'>
        <Text className='od-card__title'>{t('order.lines.title', { count: o.lines.length })}</Text>
        {o.lines.map((l) => (
          <View key={l.lineNumber} className='od-line' data-catalog-number={l.catalogNumber}>
            <Picture
              className='od-line__thumb'
              src={productImageUrl(l.image, 150, API_BASE_URL)}
              alt={l.productTitle}
            />
            <View className='od-line__text'>
              <Text className='od-line__title'>{l.productTitle}</Text>
              <Text className='od-line__meta'>
                {t('order.catNo', { catalogNumber: l.catalogNumber })} · {t('order.size', { size: l.size })}
              </Text>
              <Text className='od-line__meta'>
                {t('order.qty', { quantity: l.quantity })} ·{' '}
                {t('orderDetail.unitPrice', { price: money(l.finalPrice) })}
              </Text>
              <Text className='od-line__total'>{t('orderDetail.lineTotal', { total: money(l.lineTotal) })}</Text>
              {l.backorderedQuantity > 0 && (
                <Text className='od-line__backorder'>
                  {l.estimatedShipDate
                    ? t('orderDetail.backordered', {
                        count: l.backorderedQuantity,
                        date: formatTimestamp(l.estimatedShipDate, country, 'YYYY-MM-DD'),
                      })
                    : t('orderDetail.backorderedUnknown', { count: l.backorderedQuantity })}
                </Text>
              )}
            </View>
          </View>
        ))}
        {backordered && (
          <Tappable className='od-lines__lto' to={{ route: 'pendingLto', params: { orderNumber: o.orderNumber } }}>
            {t('orderDetail.pendingLto')}
          </Tappable>
        )}
      </View>

      <View className='od-card od-price'>
        <Text className='od-card__title'>{t('order.price.title')}</Text>
        <View className='od-row od-row--list'>
          <Text className='od-row__label'>{t('order.price.list')}</Text>
          <Text className='od-row__value'>{money(o.summary.totalPriceAmount)}</Text>
        </View>
        {o.summary.savings > 0 && (
          <View className='od-row od-row--savings'>
            <Text className='od-row__label'>{t('order.price.savings')}</Text>
            <Text className='od-row__value'>-{money(o.summary.savings)}</Text>
          </View>
        )}
        {o.summary.taxEnabled && (
          <View className='od-row od-row--taxes'>
            <Text className='od-row__label'>{t('order.price.taxes')}</Text>
            <Text className='od-row__value'>{money(o.summary.taxes)}</Text>
          </View>
        )}
        {handling > 0 && (
          <View className='od-row od-row--handling'>
            <Text className='od-row__label'>{t('orderDetail.handling')}</Text>
            <Text className='od-row__value'>{money(handling)}</Text>
          </View>
        )}
        <View className='od-row od-row--total'>
          <Text className='od-row__label'>{t('order.price.total')}</Text>
          <Text className='od-row__value'>{money(o.summary.total)}</Text>
        </View>
      </View>

      <View className='od-card od-shipments'>
        <Text className='od-card__title'>{t('orderDetail.shipments')}</Text>
        {o.shipments.length === 0 && <Text className='od-shipments__none'>{t('orderDetail.noShipments')}</Text>}
        {o.shipments.map((sh) => (
          <View
            key={`${sh.carrier}-${sh.expressNumber}`}
            className='od-shipment'
            data-express-number={sh.expressNumber}
          >
            <View className='od-row'>
              <Text className='od-row__label'>{t('orderDetail.carrier')}</Text>
              <Text className='od-row__value od-shipment__carrier'>{sh.carrier}</Text>
            </View>
            <View className='od-row'>
              <Text className='od-row__label'>{t('orderDetail.expressNumber')}</Text>
              <Text className='od-row__value od-shipment__express'>{sh.expressNumber}</Text>
            </View>
            <View className='od-row'>
              <Text className='od-row__label'>{t('orderDetail.shippedAt')}</Text>
              <Text className='od-row__value od-shipment__shipped'>{formatTimestamp(sh.shippedAt, country)}</Text>
            </View>
            <View className='od-row'>
              <Text className='od-row__label'>{t('orderDetail.signedAt')}</Text>
              <Text className='od-row__value od-shipment__signed'>
                {sh.signedAt ? formatTimestamp(sh.signedAt, country) : t('orderDetail.notSigned')}
              </Text>
            </View>
            <View className='od-row'>
              <Text className='od-row__label'>{t('orderDetail.packageStatus')}</Text>
              <Text className='od-row__value od-shipment__package'>
                {PACKAGE[sh.packageStatus] ? t(PACKAGE[sh.packageStatus]) : sh.packageStatus}
              </Text>
            </View>
          </View>
        ))}
      </View>

      <AfterOrder order={o} />

      <Tappable className='od-all' to={{ route: 'orderHistory' }}>
        {t('orderDetail.allOrders')}
      </Tappable>
    </View>
  )
}

/** Cancel order / Return or after-sales (issue 12), and the requests already sent for this order. */
function AfterOrder({ order: o }: { order: OrderDetail }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const requests = useOrderRequests()
  useEffect(() => {
    void useOrderRequests.getState().load(o.orderNumber)
  }, [o.orderNumber])
  // back from a cancel or return form: show the request just sent
  useDidShow(() => {
    if (useOrderRequests.getState().orderNumber === o.orderNumber) void useOrderRequests.getState().load(o.orderNumber)
  })
  const items = requests.orderNumber === o.orderNumber ? requests.items : []
  const cancelOpen = items.some((r) => r.kind === 'cancel' && (r.status === 'pending' || r.status === 'in_progress'))
  return (
    <View className='od-card od-requests'>
      <View className='od-requests__actions'>
        <Tappable className='od-requests__reorder' to={{ route: 'quickOrder', params: { orderNumber: o.orderNumber } }}>
          {t('order.reorder')}
        </Tappable>
        {isCancellable(o.status) && !cancelOpen && (
          <Tappable
            className='od-requests__cancel'
            to={{ route: 'orderCancel', params: { orderNumber: o.orderNumber } }}
          >
            {t('orderDetail.cancel')}
          </Tappable>
        )}
        <Tappable className='od-requests__return' to={{ route: 'orderReturn', params: { orderNumber: o.orderNumber } }}>
          {t('orderDetail.return')}
        </Tappable>
      </View>
      {items.length > 0 && <Text className='od-card__title'>{t('orderDetail.requests')}</Text>}
      {items.map((r) => (
        <View key={r.requestNumber} className='od-request' data-request-number={r.requestNumber}>
          <Text className='od-request__title'>
            {t(`orderRequest.kind.${r.kind}`)} · {r.requestNumber}
          </Text>
          <Text className='od-request__meta'>
            {r.categoryLabel} / {r.subCategoryLabel} · {t(`orderRequest.status.${r.status}`)}
          </Text>
          {r.files.length > 0 && <Text className='od-request__meta'>{r.files.map((f) => f.fileName).join(', ')}</Text>}
          {(r.status === 'pending' || r.status === 'in_progress') && (
            <Text className='od-request__meta'>
              {t('orderRequest.followUpBy', { date: formatTimestamp(r.followUpBy, country) })}
            </Text>
          )}
        </View>
      ))}
    </View>
  )
}
