import LocalShippingIcon from '@mui/icons-material/LocalShipping'
import LinkIcon from '@mui/icons-material/Link'
import WarehouseIcon from '@mui/icons-material/Warehouse'
import BusinessIcon from '@mui/icons-material/Business'
import type { ResourceDef } from '../../resource'
import { mergeMessages, type Messages } from '../../i18n/messages'
import { ShipToQueue } from './ship-tos/ShipToQueue'
import { shipToMessages } from './ship-tos/messages'
import { OnboardingQueue } from './onboarding/OnboardingQueue'
import { onboardingMessages } from './onboarding/messages'
import { SupplyCentreQueue } from './supply-centre/SupplyCentreQueue'
import { supplyCentreMessages } from './supply-centre/messages'
import { AccountList } from './accounts/AccountList'
import { AccountShow } from './accounts/AccountShow'
import { accountsMessages } from './accounts/messages'

/** The account domain's screens in the console (issue 25): three queues, and the accounts with their buyers. */
export const resources: ResourceDef[] = [
  {
    name: 'ship-tos',
    section: 'queues',
    permission: 'shipTo.decide',
    api: { list: 'shipToQueue', maxPageSize: 100 },
    icon: LocalShippingIcon,
    list: ShipToQueue,
  },
  {
    name: 'onboarding-requests',
    section: 'queues',
    permission: 'onboarding.decide',
    api: { list: 'onboardingQueue', id: 'requestId', maxPageSize: 100 },
    icon: LinkIcon,
    list: OnboardingQueue,
  },
  {
    name: 'supply-centre-requests',
    section: 'queues',
    permission: 'supplyCentre.decide',
    api: { list: 'supplyCentreQueue', id: 'requestId', maxPageSize: 100 },
    icon: WarehouseIcon,
    list: SupplyCentreQueue,
  },
  {
    name: 'accounts',
    section: 'accounts',
    permission: 'account.read',
    api: { list: 'accountList', one: 'accountDetail', maxPageSize: 100 },
    icon: BusinessIcon,
    list: AccountList,
    show: AccountShow,
  },
]

/** the queues' shared words */
const commonMessages: Messages = {
  en: { admin: { account: { detail: 'Details', showDetail: 'Show', hideDetail: 'Hide' } } },
  zh: { admin: { account: { detail: '详情', showDetail: '展开', hideDetail: '收起' } } },
}

const parts = [commonMessages, shipToMessages, onboardingMessages, supplyCentreMessages, accountsMessages]
export const messages: Messages = {
  en: mergeMessages(...parts.map((p) => p.en)),
  zh: mergeMessages(...parts.map((p) => p.zh)),
}
