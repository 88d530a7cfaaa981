import type { ResourceDef } from '../resource'
import type { Messages } from '../i18n/messages'
import * as account from './account'
import * as order from './order'
import * as service from './service'
import * as membership from './membership'
import * as marketing from './marketing'
import * as flashbuy from './flashbuy'
import * as catalog from './catalog'
import * as platform from './platform'
import * as staff from './staff'

/**
 * The console's screens by domain (the spec's domain names, as in types/ and server/domains/): each folder lists its
 * react-admin resources and its messages. The menu orders them by section (admin/src/resource.ts SECTIONS).
 */
const DOMAINS = [order, account, service, membership, flashbuy, marketing, catalog, platform, staff]

export const RESOURCES: ResourceDef[] = DOMAINS.flatMap((d) => d.resources)
export const DOMAIN_MESSAGES: Messages[] = DOMAINS.map((d) => d.messages)
