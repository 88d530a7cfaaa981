import { useRouter } from '@tarojs/taro'
import type { OrderRequestKind } from '../../../../types/order/return-rules'
import type { MessageKey } from '../../../i18n'
import { useT } from '../../../store/locale'
import { pageParam } from '../../../rules/page-params'
import DetailPage from '../../detail-page'
import OrderRequestForm from '../request-form'

/** The page of a request about one order (/order-cancel/{orderNumber}, /order-return/{orderNumber}): its form of `kind`. */
export function orderRequestPage(kind: OrderRequestKind, titleKey: MessageKey) {
  return function OrderRequestPage() {
    const t = useT()
    const { params } = useRouter()
    const orderNumber = pageParam(params, 'orderNumber')
    return (
      <DetailPage title={t(titleKey)}>
        <OrderRequestForm kind={kind} orderNumber={orderNumber} />
      </DetailPage>
    )
  }
}
