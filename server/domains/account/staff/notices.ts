import type { BuyerNotice } from '../notify'

/**
 * What the buyer is told of each account decision (issue 24: "each notifies the buyer: notification list, and
 * email"), in both languages; the links are route names of types/routes.ts. A rejection quotes the staff's reason.
 */

type Notice = Omit<BuyerNotice, 'userId'>

const addressLabel = (a: { nickName: string | null; webReference: string }) =>
  a.nickName ? `${a.nickName} (${a.webReference})` : a.webReference

export const shipToApproved = (a: { nickName: string | null; webReference: string; shipToNumber: string }): Notice => ({
  category: 'account',
  title: { en: 'Your new address is approved', zh: '您的新地址已审核通过' },
  body: {
    en: `The address ${addressLabel(a)} is approved and active, with ship-to number ${a.shipToNumber}. You can now order to it.`,
    zh: `地址 ${addressLabel(a)} 已审核通过并生效，收货方编号 ${a.shipToNumber}。现在可以使用该地址下单。`,
  },
  link: { route: 'shipToInfo', params: {} },
})

export const shipToRejected = (a: { nickName: string | null; webReference: string; reason: string }): Notice => ({
  category: 'account',
  title: { en: 'Your new address was not approved', zh: '您的新地址未通过审核' },
  body: {
    en: `The address ${addressLabel(a)} was not approved and has been removed from your addresses. Reason: ${a.reason}. Please add a corrected address or contact customer service.`,
    zh: `地址 ${addressLabel(a)} 未通过审核，已从您的地址中移除。原因：${a.reason}。请添加更正后的地址或联系客服。`,
  },
  link: { route: 'shipToInfo', params: {} },
})

export const orderReleased = (orderNumber: string, webReference: string): Notice => ({
  category: 'order',
  title: { en: `Order ${orderNumber} is submitted`, zh: `订单 ${orderNumber} 已提交` },
  body: {
    en: `The delivery address ${webReference} of order ${orderNumber} is approved: the order no longer waits for address validation and is submitted for processing.`,
    zh: `订单 ${orderNumber} 的收货地址 ${webReference} 已审核通过，订单不再等待地址验证，已提交处理。`,
  },
  link: { route: 'orderDetail', params: { orderNumber } },
})

export const orderAddressRejected = (orderNumber: string, webReference: string, reason: string): Notice => ({
  category: 'order',
  title: { en: `Order ${orderNumber}: delivery address not approved`, zh: `订单 ${orderNumber}：收货地址未通过审核` },
  body: {
    en: `The delivery address ${webReference} of order ${orderNumber} was not approved (${reason}). The order waits and cannot ship to that address. Request its cancellation from the order, or contact customer service to deliver it to another address.`,
    zh: `订单 ${orderNumber} 的收货地址 ${webReference} 未通过审核（${reason}）。订单将继续等待，无法配送至该地址。您可以在订单中申请取消，或联系客服改为配送至其他地址。`,
  },
  link: { route: 'orderDetail', params: { orderNumber } },
})

export const registrationComplete = (via: { accountName: string }): Notice => ({
  category: 'account',
  title: { en: 'Your registration is complete', zh: '您的注册已完成' },
  body: {
    en: `Your account is now linked to ${via.accountName}. You can place orders and use coupons.`,
    zh: `您的账户已关联 ${via.accountName}，现在可以下单和使用优惠券。`,
  },
  link: { route: 'onboarding', params: {} },
})

export const linkRejected = (r: { accountNumber: string | null; reason: string }): Notice => ({
  category: 'account',
  title: { en: 'Your account link request was not approved', zh: '您的关联机构账户申请未通过' },
  body: {
    en: `Your request to link organisation account ${r.accountNumber ?? ''} was not approved. Reason: ${r.reason}. You can send a new request with corrected details, or add a delivery address to complete your registration.`,
    zh: `您关联机构账户 ${r.accountNumber ?? ''} 的申请未通过。原因：${r.reason}。您可以更正信息后重新申请，或添加收货地址完成注册。`,
  },
  link: { route: 'onboarding', params: {} },
})

export const supplyCentreApproved = (r: { shipToNum: string; centre: { en: string; zh: string } }): Notice => ({
  category: 'account',
  title: { en: 'Supply-centre request approved', zh: '供应中心申请已通过' },
  body: {
    en: `Ship-to ${r.shipToNum} is now served by ${r.centre.en}.`,
    zh: `收货方 ${r.shipToNum} 现由${r.centre.zh}服务。`,
  },
  link: { route: 'supplyCentre', params: {} },
})

export const supplyCentreRejected = (r: {
  shipToNum: string
  centre: { en: string; zh: string }
  reason: string
}): Notice => ({
  category: 'account',
  title: { en: 'Supply-centre request not approved', zh: '供应中心申请未通过' },
  body: {
    en: `Your request for ${r.centre.en} to serve ship-to ${r.shipToNum} was not approved. Reason: ${r.reason}.`,
    zh: `您申请由${r.centre.zh}服务收货方 ${r.shipToNum} 未通过。原因：${r.reason}。`,
  },
  link: { route: 'supplyCentre', params: {} },
})
