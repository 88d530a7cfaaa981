import { platformEn } from './platform'
import { catalogEn } from './catalog'
import { marketingEn } from './marketing'
import { engagementEn } from './engagement'
import { authEn } from './auth'
import { accountEn } from './account'
import { serviceEn } from './service'
import { cartEn } from './cart'
import { orderEn } from './order'
import type { orderScreensEn } from './screens/order'
import type { flashbuyEn } from './screens/flashbuy'
import type { membershipEn } from './screens/membership'

/**
 * The English catalogue of the first load, assembled from one message file per domain
 * (types/domains.ts). The messages of subpackage screens (screens/<domain>.ts) are registered with
 * their pages (SCREEN_DOMAINS); MessageKey covers both.
 */
export const en = {
  ...platformEn,
  ...catalogEn,
  ...marketingEn,
  ...engagementEn,
  ...authEn,
  ...accountEn,
  ...serviceEn,
  ...cartEn,
  ...orderEn,
}
export type ScreenMessagesEn = typeof orderScreensEn & typeof flashbuyEn & typeof membershipEn
export type MessageKey = keyof typeof en | keyof ScreenMessagesEn
export default en
