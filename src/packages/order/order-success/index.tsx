import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import DetailPage from '../../../components/detail-page'
import Tappable, { tapProps } from '../../../components/tappable'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT } from '../../../store/locale'
import { pageParam } from '../../../rules/page-params'
import { navigation } from '../../../platform/navigation'
import { hiddenProps, ariaProps } from '../../../platform/a11y'
import './index.scss'

/**
 * /submit-order/success?salesOrderNumber&spSalesOrderNumber&addressStatus(&orderNumber&spOrderNumber&pendingLto):
 * the order numbers (SC and TFS when both), each with a View order link to its detail (issue 22), a note
 * when the address is still under review (spec section 9: orders to a PENDING address are held up to
 * 48 h), the pending lead-time link, continue shopping.
 */
export default titledScreen(DetailPage, 'screen.orderSuccess', Success)

function Success() {
  const t = useT()
  const { params } = useRouter()
  const tfs = pageParam(params, 'salesOrderNumber')
  const sc = pageParam(params, 'spSalesOrderNumber')
  const pending = pageParam(params, 'addressStatus') === 'PENDING'
  const lto = pageParam(params, 'pendingLto')
  // the orders' own numbers (/my-orders/{orderNumber}); without them, the order history
  const tfsOrder = pageParam(params, 'orderNumber')
  const scOrder = pageParam(params, 'spOrderNumber')
  const viewOrder = (orderNumber: string) => (
    <Tappable className='os-number__view' to={{ route: 'orderDetail', params: { orderNumber } }}>
      {t('order.success.viewOrder', { number: orderNumber })}
    </Tappable>
  )
  return (
    <View className='os'>
      <View className='os-card'>
        <View className='os-card__icon' {...hiddenProps()}>
          <AtIcon value='check-circle' size={56} color='#137a3a' />
        </View>
        <Text className='os-card__title'>{t('order.success.title')}</Text>
        {!tfs && !sc && <Text className='os-card__body'>{t('order.success.noNumber')}</Text>}
        {sc && (
          <View className='os-number os-number--sc'>
            <Text className='os-number__label'>{t('order.success.scNumber')}</Text>
            <Text className='os-number__value'>{sc}</Text>
            {scOrder && viewOrder(scOrder)}
          </View>
        )}
        {tfs && (
          <View className='os-number os-number--tfs'>
            <Text className='os-number__label'>{t(sc ? 'order.success.tfsNumber' : 'order.success.number')}</Text>
            <Text className='os-number__value'>{tfs}</Text>
            {tfsOrder && viewOrder(tfsOrder)}
          </View>
        )}
        {pending && (
          <Text className='os-card__note os-pending' {...ariaProps('note')}>
            {t('order.success.pendingAddress')}
          </Text>
        )}
        {lto && (
          <Tappable className='os-card__link os-lto' to={{ route: 'pendingLto', params: { orderNumber: lto } }}>
            {t('order.success.pendingLto')}
          </Tappable>
        )}
        {!tfsOrder && !scOrder && (
          <Tappable className='os-card__link os-history' to={{ route: 'orderHistory' }}>
            {t('order.success.viewOrders')}
          </Tappable>
        )}
        <View className='os-card__button' {...tapProps(() => navigation.go('home'))}>
          {t('order.continueShopping')}
        </View>
      </View>
    </View>
  )
}
