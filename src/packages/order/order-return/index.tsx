import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useRouter } from '@tarojs/taro'
import DetailPage from '../../../components/detail-page'
import OrderRequestForm from '../../../components/order/request-form'
import { useT } from '../../../store/locale'
import { pageParam } from '../../../rules/page-params'

/**
 * /order-return/{orderNumber}: the return or after-sales form (with up to 2 files) of one order of the
 * caller's account (spec §2, §3, §5, §9). The form and its rules: components/order/request-form, store/order/requests.
 */
export default function OrderReturnPage() {
  const t = useT()
  const { params } = useRouter()
  const orderNumber = pageParam(params, 'orderNumber')
  return (
    <DetailPage title={t('screen.orderReturn')}>
      <OrderRequestForm kind='return' orderNumber={orderNumber} />
    </DetailPage>
  )
}
