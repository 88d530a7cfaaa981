import { platformEn } from './platform'
import { catalogEn } from './catalog'
import { marketingEn } from './marketing'
import { engagementEn } from './engagement'
import { authEn } from './auth'
import { accountEn } from './account'
import { serviceEn } from './service'
import { cartEn } from './cart'
import { orderEn } from './order'
import { flashbuyEn } from './flashbuy'

/** The English catalogue, assembled from one message file per domain (types/domains.ts). */
export const en = { ...platformEn, ...catalogEn, ...marketingEn, ...engagementEn, ...authEn, ...accountEn, ...serviceEn, ...cartEn, ...orderEn, ...flashbuyEn }
export type MessageKey = keyof typeof en
export default en
