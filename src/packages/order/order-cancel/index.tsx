import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { orderRequestPage } from '../../../components/order/order-request-page'

/**
 * /order-cancel/{orderNumber}: the cancel-order request of one order of the
 * caller's account (spec §2, §3, §5, §9). The form and its rules: components/order/request-form, store/order/requests.
 */
export default orderRequestPage('cancel', 'screen.orderCancel')
