import FlashOnIcon from '@mui/icons-material/FlashOn'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { FlashSaleCreate, FlashSaleEdit, FlashSaleList } from './flash-sales/FlashSales'
import { flashSaleMessages } from './flash-sales/messages'

/** The flashbuy domain's screens in the console (issue 25). */
export const resources: ResourceDef[] = [
  {
    name: 'flash-sales',
    section: 'marketing',
    permission: 'flashSale.manage',
    api: {
      list: 'flashSaleList',
      one: 'flashSaleGet',
      create: 'flashSaleCreate',
      update: 'flashSaleChange',
      filterNames: { status: 'state' },
      maxPageSize: 100,
    },
    icon: FlashOnIcon,
    list: FlashSaleList,
    create: FlashSaleCreate,
    edit: FlashSaleEdit,
  },
]

export const messages: Messages = { en: { ...flashSaleMessages.en }, zh: { ...flashSaleMessages.zh } }
