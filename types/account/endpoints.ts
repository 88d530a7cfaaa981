import { get, post } from '../endpoint'
import {
  AddressKeyQuerySchema,
  AddressMutationResultSchema,
  ArStatementQuerySchema,
  ArStatementSchema,
  ChangeDefaultBodySchema,
  ChangeDefaultResultSchema,
  CreditListBodySchema,
  CreditListResultSchema,
  InvoiceListQuerySchema,
  InvoiceListResultSchema,
  LinkAccountBodySchema,
  NotificationListQuerySchema,
  NotificationListResultSchema,
  NotificationUnreadBodySchema,
  NotificationUnreadResultSchema,
  OnboardingRequestSchema,
  OnboardingStatusSchema,
  PersonaOptionsSchema,
  PersonaSaveBodySchema,
  PhoneDictionarySchema,
  ShipToAddressInputSchema,
  SupplyCenterApplyBodySchema,
  SupplyCenterListSchema,
  SupplyCenterOptionListSchema,
  SupplyCenterQuerySchema,
  SupplyCenterRequestListSchema,
  SupplyCenterRequestSchema,
} from './index'
import { ErrorTrackingBodySchema, ErrorTrackingResultSchema, ShipToSchema, UserInfoSchema } from './user'
import { PersonaSchema } from './persona'

/** The account's endpoints (spec section 7): user, addresses, credit, invoices and AR, supply centre, notifications, persona, onboarding. */
export const accountEndpoints = {
  userInfo: get('/users/info', UserInfoSchema),
  /** a failed /users/info is reported before the logout */
  errorTracking: post('/users/errorTracking', ErrorTrackingResultSchema, { body: ErrorTrackingBodySchema }),
  persona: get('/persona', PersonaSchema),
  /** the fallback of GET /persona */
  dsPersona: get('/persona/getDSPersona', PersonaSchema),
  personaOptions: get('/persona/options', PersonaOptionsSchema),
  savePersona: post('/persona', PersonaSchema, { body: PersonaSaveBodySchema }),
  changeDefaultAddress: post('/address/changeDefault', ChangeDefaultResultSchema, { body: ChangeDefaultBodySchema }),
  phoneDictionary: get('/address/getPhoneDictionary', PhoneDictionarySchema),
  addressDetail: get('/address/detail', ShipToSchema, { query: AddressKeyQuerySchema }),
  addAddress: post('/address/add', AddressMutationResultSchema, { body: ShipToAddressInputSchema }),
  updateAddress: post('/address/update', AddressMutationResultSchema, { body: ShipToAddressInputSchema }),
  creditList: post('/creditlimit/list', CreditListResultSchema, { body: CreditListBodySchema }),
  invoiceList: get('/invoice/list', InvoiceListResultSchema, { query: InvoiceListQuerySchema }),
  arStatement: get('/ar/statement', ArStatementSchema, { query: ArStatementQuerySchema }),
  supplyCenter: get('/sc/getSupplyCenter', SupplyCenterListSchema, { query: SupplyCenterQuerySchema }),
  supplyCenterOptions: get('/sc/options', SupplyCenterOptionListSchema),
  applySupplyCenter: post('/sc/apply', SupplyCenterRequestSchema, { body: SupplyCenterApplyBodySchema }),
  supplyCenterRequests: get('/sc/requests', SupplyCenterRequestListSchema),
  notifications: get('/notification/list', NotificationListResultSchema, { query: NotificationListQuerySchema }),
  notificationUnread: post('/notification/unread', NotificationUnreadResultSchema, {
    body: NotificationUnreadBodySchema,
  }),
  onboardingStatus: get('/onboarding/status', OnboardingStatusSchema),
  linkAccount: post('/onboarding/link-account', OnboardingRequestSchema, { body: LinkAccountBodySchema }),
}
export type AccountEndpoints = typeof accountEndpoints
