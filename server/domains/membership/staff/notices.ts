import type { BuyerNotice } from '../../account'
import { carrierName } from '../../../../types/order/carriers'

/**
 * What the membership decisions tell the buyer (issue 24: "each notifies the buyer: notification list, and email
 * through MAIL_URL"), in both languages: the notification list shows the app's, the email the buyer's.
 */

const REDEMPTION_RECORD = '/packages/membership/redemption-record/index'
const GIFT_BAG = '/packages/membership/gift-bag/index'
const FEEDBACK = '/packages/membership/redemption-feedback/index'
const POINT_DETAIL = '/packages/membership/reward-detail/index'

export function shippedNotice(
  userId: string,
  kind: 'gift' | 'prize',
  number: string,
  carrier: string,
  trackingNumber: string,
): BuyerNotice {
  const zh = carrierName(carrier, 'zh')
  const en = carrierName(carrier, 'en')
  return {
    userId,
    category: 'account',
    title:
      kind === 'gift'
        ? { zh: `礼品兑换 ${number} 已发货`, en: `Gift redemption ${number} has shipped` }
        : { zh: `奖品订单 ${number} 已发货`, en: `Prize order ${number} has shipped` },
    body: {
      zh: `承运商：${zh}，运单号：${trackingNumber}。`,
      en: `Carrier: ${en}, tracking number: ${trackingNumber}.`,
    },
    link: { route: kind === 'gift' ? REDEMPTION_RECORD : GIFT_BAG, params: {} },
  }
}

/** A gift redemption cancelled by customer service: the reason, and the points that came back (none when it had no spend). */
export function redemptionCancelledNotice(
  userId: string,
  number: string,
  reason: string,
  pointsReturned: number,
): BuyerNotice {
  return {
    userId,
    category: 'account',
    title: { zh: `礼品兑换 ${number} 已取消`, en: `Gift redemption ${number} was cancelled` },
    body:
      pointsReturned > 0
        ? {
            zh: `原因：${reason}。${pointsReturned} 积分已退回您的账户。`,
            en: `Reason: ${reason}. ${pointsReturned} points were returned to your balance.`,
          }
        : { zh: `原因：${reason}。`, en: `Reason: ${reason}.` },
    link: { route: REDEMPTION_RECORD, params: {} },
  }
}

export function feedbackResolvedNotice(userId: string, number: string, note: string): BuyerNotice {
  return {
    userId,
    category: 'account',
    title: { zh: `您关于 ${number} 的兑换反馈已处理`, en: `Your feedback on ${number} was resolved` },
    body: { zh: `处理结果：${note}`, en: `Resolution: ${note}` },
    link: { route: FEEDBACK, params: {} },
  }
}

export function pointsAdjustedNotice(userId: string, delta: number, reason: string, balance: number): BuyerNotice {
  const signed = delta > 0 ? `+${delta}` : String(delta)
  return {
    userId,
    category: 'account',
    title: { zh: `积分调整 ${signed}`, en: `Points adjusted: ${signed}` },
    body: {
      zh: `原因：${reason}。当前积分：${balance}。`,
      en: `Reason: ${reason}. Your balance is now ${balance} points.`,
    },
    link: { route: POINT_DETAIL, params: {} },
  }
}
