import type { MessageKey } from './en'
import { platformZh } from './zh/platform'
import { catalogZh } from './zh/catalog'
import { marketingZh } from './zh/marketing'
import { engagementZh } from './zh/engagement'
import { authZh } from './zh/auth'
import { accountZh } from './zh/account'
import { serviceZh } from './zh/service'
import { cartZh } from './zh/cart'
import { orderZh } from './zh/order'
import { flashbuyZh } from './zh/flashbuy'

/** The Chinese catalogue: every English key (the type checks it), one message file per domain. */
export const zh: Record<MessageKey, string> = {
  ...platformZh, ...catalogZh, ...marketingZh, ...engagementZh, ...authZh, ...accountZh, ...serviceZh, ...cartZh, ...orderZh, ...flashbuyZh,
}
export default zh
