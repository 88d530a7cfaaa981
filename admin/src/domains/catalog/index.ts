import Inventory2Icon from '@mui/icons-material/Inventory2'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import DescriptionIcon from '@mui/icons-material/Description'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { ProductList } from './products/ProductList'
import { ProductShow } from './products/ProductShow'
import { ImportList, ImportShow } from './imports/ImportList'
import { ImportCreate } from './imports/ImportCreate'
import { DocumentUpload } from './documents/DocumentUpload'
import { catalogMessages } from './messages'

/** The catalog domain's screens in the console (issue 25): products, imports, CoA and SDS uploads. */
export const resources: ResourceDef[] = [
  {
    name: 'products',
    section: 'catalogue',
    permission: 'catalogue.read',
    api: { list: 'adminProducts', one: 'adminProduct', maxPageSize: 100 },
    icon: Inventory2Icon,
    list: ProductList,
    show: ProductShow,
  },
  {
    name: 'catalogue-imports',
    section: 'catalogue',
    permission: 'catalogue.import',
    api: { list: 'catalogueImportList', one: 'catalogueImportDetail', maxPageSize: 100 },
    icon: UploadFileIcon,
    list: ImportList,
    show: ImportShow,
    create: ImportCreate,
  },
  {
    name: 'catalogue-documents',
    section: 'catalogue',
    permission: 'catalogue.import',
    api: {},
    icon: DescriptionIcon,
    list: DocumentUpload,
  },
]

export const messages: Messages = catalogMessages
