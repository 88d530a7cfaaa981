import type { en } from './en'
import { platformZh } from './zh/platform'
import { catalogZh } from './zh/catalog'
import { marketingZh } from './zh/marketing'
import { engagementZh } from './zh/engagement'
import { authZh } from './zh/auth'
import { accountZh } from './zh/account'
import { serviceZh } from './zh/service'
import { cartZh } from './zh/cart'
import { orderZh } from './zh/order'

/** The Chinese catalogue of the first load: every key of en.ts (the type checks it), one message file per domain. */
export const zh: Record<keyof typeof en, string> = {
  ...platformZh,
  ...catalogZh,
  ...marketingZh,
  ...engagementZh,
  ...authZh,
  ...accountZh,
  ...serviceZh,
  ...cartZh,
  ...orderZh,
}
export default zh
