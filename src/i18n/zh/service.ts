// The Chinese half of service.ts, in its own module so the H5 build can load one language only.
import type { serviceEn } from '../service'

export const serviceZh: Record<keyof typeof serviceEn, string> = {
  'svc.chat.connecting': '正在连接在线客服…',
  'svc.chat.unavailable': '在线客服暂不可用，请稍后再试。',
  'svc.chat.openOutside': '在新窗口打开在线客服',
  'svc.chat.aboutProduct': '咨询此产品',
}
