import type { BuyerNotice, Bilingual } from '../account'
import { orderStatusOf, type OrderStatusLabel } from '../../../types/order/statuses'

/**
 * What the buyer is told about their order (issue 24: "each notifies the buyer: notification list, and email"):
 * the bilingual texts of a status change, a hold and its release, a confirmation link, and a decision on a cancel or
 * return request.
 * The status names are the app's labels (`order.status.*` in src/i18n/screens/order.ts and src/i18n/zh/screens/order.ts).
 */

const LABELS: Record<OrderStatusLabel, Bilingual> = {
  submitted: { en: 'Submitted', zh: '已提交' },
  inProgress: { en: 'In progress', zh: '处理中' },
  pendingReview: { en: 'Pending review', zh: '待审核' },
  financialReview: { en: 'Financial review', zh: '财务审核中' },
  pendingApproval: { en: 'Pending approval', zh: '待审批' },
  pendingAddressValidation: { en: 'Pending address validation', zh: '地址待验证' },
  partiallyShipped: { en: 'Partially shipped', zh: '部分发货' },
  shipped: { en: 'Shipped', zh: '已发货' },
  delivered: { en: 'Delivered', zh: '已送达' },
  completed: { en: 'Completed', zh: '已完成' },
  cancelled: { en: 'Cancelled', zh: '已取消' },
  onHold: { en: 'On hold', zh: '暂缓处理' },
}

export const statusLabel = (code: string): Bilingual => LABELS[orderStatusOf(code).label]

/** The notification opens the order (the app's orderDetail screen). */
export const orderLink = (orderNumber: string) => ({ route: 'orderDetail', params: { orderNumber } })

type Text = Omit<BuyerNotice, 'userId' | 'category' | 'link'>

const withNote = (text: Bilingual, note: string | null | undefined): Bilingual =>
  note?.trim() ? { en: `${text.en} Note: ${note.trim()}`, zh: `${text.zh} 备注：${note.trim()}` } : text

/** An order's new status (with the note of whoever changed it, e.g. a reviewer's reason for rejecting). */
export function statusNotice(orderNumber: string, to: string, note?: string | null): Text {
  const l = statusLabel(to)
  return {
    title: { en: `Order ${orderNumber}: ${l.en}`, zh: `订单 ${orderNumber}：${l.zh}` },
    body: withNote(
      { en: `Your order ${orderNumber} is now "${l.en}".`, zh: `您的订单 ${orderNumber} 当前状态为“${l.zh}”。` },
      note,
    ),
  }
}

export function holdNotice(orderNumber: string, reason: string): Text {
  return {
    title: { en: `Order ${orderNumber} is on hold`, zh: `订单 ${orderNumber} 暂缓处理` },
    body: withNote(
      {
        en: `We have put your order ${orderNumber} on hold. Customer service will contact you if anything is needed.`,
        zh: `您的订单 ${orderNumber} 已暂缓处理，如需补充信息，客服会与您联系。`,
      },
      reason,
    ),
  }
}

export function releaseNotice(orderNumber: string): Text {
  return {
    title: { en: `Order ${orderNumber} is no longer on hold`, zh: `订单 ${orderNumber} 已恢复处理` },
    body: {
      en: `Your order ${orderNumber} is being processed again.`,
      zh: `您的订单 ${orderNumber} 已恢复处理。`,
    },
  }
}

/** A confirmation link for the buyer to answer (spec §9: a pre-order's within 24 hours). */
export function confirmationNotice(orderNumber: string, kind: 'order' | 'preorder', expiresAt: Date): Text {
  const until = expiresAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'
  const what: Bilingual = kind === 'preorder' ? { en: 'pre-order', zh: '预订单' } : { en: 'order', zh: '订单' }
  return {
    title: {
      en: `Please confirm your ${what.en} ${orderNumber}`,
      zh: `请确认您的${what.zh} ${orderNumber}`,
    },
    body: {
      en: `Your ${what.en} ${orderNumber} is waiting for your confirmation. Open the link to confirm or cancel it before ${until}.`,
      zh: `您的${what.zh} ${orderNumber} 正在等待您的确认，请在 ${until} 前打开链接确认或取消。`,
    },
  }
}

const KIND: Record<'cancel' | 'return', Bilingual> = {
  cancel: { en: 'cancellation request', zh: '取消申请' },
  return: { en: 'return request', zh: '退货/售后申请' },
}

/** A decision on a cancel or return request (accepted, refused, or the returned goods received). */
export function requestNotice(
  r: { requestNumber: string; kind: 'cancel' | 'return'; orderNumber: string },
  what: 'accepted' | 'refused' | 'goodsReceived',
  note: string | null | undefined,
): Text {
  const k = KIND[r.kind]
  const texts: Record<typeof what, { title: Bilingual; body: Bilingual }> = {
    accepted: {
      title: { en: `Your ${k.en} ${r.requestNumber} is accepted`, zh: `您的${k.zh} ${r.requestNumber} 已受理` },
      body:
        r.kind === 'cancel'
          ? {
              en: `Your order ${r.orderNumber} is cancelled as you asked.`,
              zh: `您的订单 ${r.orderNumber} 已按您的申请取消。`,
            }
          : {
              en: `Please send the goods of order ${r.orderNumber} back; we will confirm when they arrive.`,
              zh: `请将订单 ${r.orderNumber} 的商品寄回，我们收到后会通知您。`,
            },
    },
    refused: {
      title: { en: `Your ${k.en} ${r.requestNumber} is declined`, zh: `您的${k.zh} ${r.requestNumber} 未获批准` },
      body: {
        en: `We could not accept your ${k.en} for order ${r.orderNumber}.`,
        zh: `很抱歉，您对订单 ${r.orderNumber} 的${k.zh}未获批准。`,
      },
    },
    goodsReceived: {
      title: { en: `Returned goods received (${r.requestNumber})`, zh: `退回商品已收到（${r.requestNumber}）` },
      body: {
        en: `We have received the goods you returned from order ${r.orderNumber}; your return is complete.`,
        zh: `我们已收到您从订单 ${r.orderNumber} 退回的商品，退货已完成。`,
      },
    },
  }
  const t = texts[what]
  return { title: t.title, body: withNote(t.body, note) }
}
