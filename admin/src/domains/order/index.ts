import ReceiptLongIcon from '@mui/icons-material/ReceiptLong'
import FactCheckIcon from '@mui/icons-material/FactCheck'
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { orderMessages } from './messages'
import { ReviewQueue } from './ReviewQueue'
import { RequestQueue } from './RequestQueue'
import { OrderList, OrderShow } from './Orders'

/**
 * The order domain's screens in the console (issue 25): two queues (order reviews, cancel and return requests) and
 * the Orders screen (search, export, detail). The detail reads with order.read; its decisions need order.review,
 * order.hold or orderRequest.decide, and show only to members who have them.
 */
export const resources: ResourceDef[] = [
  {
    name: 'order-reviews',
    section: 'queues',
    permission: 'order.review',
    api: { list: 'orderQueue', one: 'orderDetailAdmin', id: 'orderNumber', param: 'orderNo', maxPageSize: 100 },
    icon: FactCheckIcon,
    list: ReviewQueue,
  },
  {
    name: 'order-requests',
    section: 'queues',
    permission: 'orderRequest.decide',
    api: { list: 'orderRequestQueue', id: 'requestNumber', maxPageSize: 100 },
    icon: AssignmentReturnIcon,
    list: RequestQueue,
  },
  {
    name: 'orders',
    section: 'orders',
    permission: 'order.read',
    api: { list: 'orderSearch', one: 'orderDetailAdmin', id: 'orderNumber', param: 'orderNo', maxPageSize: 100 },
    icon: ReceiptLongIcon,
    list: OrderList,
    show: OrderShow,
  },
]

export const messages: Messages = { en: { ...orderMessages.en }, zh: { ...orderMessages.zh } }
