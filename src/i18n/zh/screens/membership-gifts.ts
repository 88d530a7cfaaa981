import type { membershipGiftsEn } from '../../screens/membership-gifts'

export const membershipGiftsZh: Record<keyof typeof membershipGiftsEn, string> = {
  'member.blocked': '抱歉，经销商、代理商及特殊账户无法参与会员活动',
}
