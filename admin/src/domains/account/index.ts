import LocalShippingIcon from '@mui/icons-material/LocalShipping'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { ShipToQueue } from './ship-tos/ShipToQueue'
import { shipToMessages } from './ship-tos/messages'

/** The account domain's screens in the console (issue 25). */
export const resources: ResourceDef[] = [
  {
    name: 'ship-tos',
    section: 'queues',
    permission: 'shipTo.decide',
    api: { list: 'shipToQueue', maxPageSize: 100 },
    icon: LocalShippingIcon,
    list: ShipToQueue,
  },
]

export const messages: Messages = { en: { ...shipToMessages.en }, zh: { ...shipToMessages.zh } }
