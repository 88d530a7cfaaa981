/**
 * Messages of customer service (the chat page), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const serviceEn = {
  // customer-service chat (spec sections 2, 7, 9)
  'svc.chat.connecting': 'Connecting to customer service…',
  'svc.chat.unavailable': 'Online chat is not available right now. Please try again later.',
  'svc.chat.openOutside': 'Open chat in a new window',
  'svc.chat.aboutProduct': 'About this product'
}
export const serviceZh: Record<keyof typeof serviceEn, string> = {
  'svc.chat.connecting': '正在连接在线客服…',
  'svc.chat.unavailable': '在线客服暂不可用，请稍后再试。',
  'svc.chat.openOutside': '在新窗口打开在线客服',
  'svc.chat.aboutProduct': '咨询此产品'
}
