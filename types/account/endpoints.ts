import { endpoint } from '../endpoint'
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
  userInfo: endpoint('GET', '/users/info', { answer: UserInfoSchema }),
  /** a failed /users/info is reported before the logout */
  errorTracking: endpoint('POST', '/users/errorTracking', {
    body: ErrorTrackingBodySchema,
    answer: ErrorTrackingResultSchema,
  }),
  persona: endpoint('GET', '/persona', { answer: PersonaSchema }),
  /** the fallback of GET /persona */
  dsPersona: endpoint('GET', '/persona/getDSPersona', { answer: PersonaSchema }),
  personaOptions: endpoint('GET', '/persona/options', { answer: PersonaOptionsSchema }),
  savePersona: endpoint('POST', '/persona', { body: PersonaSaveBodySchema, answer: PersonaSchema }),
  changeDefaultAddress: endpoint('POST', '/address/changeDefault', {
    body: ChangeDefaultBodySchema,
    answer: ChangeDefaultResultSchema,
  }),
  phoneDictionary: endpoint('GET', '/address/getPhoneDictionary', { answer: PhoneDictionarySchema }),
  addressDetail: endpoint('GET', '/address/detail', { query: AddressKeyQuerySchema, answer: ShipToSchema }),
  addAddress: endpoint('POST', '/address/add', { body: ShipToAddressInputSchema, answer: AddressMutationResultSchema }),
  updateAddress: endpoint('POST', '/address/update', {
    body: ShipToAddressInputSchema,
    answer: AddressMutationResultSchema,
  }),
  creditList: endpoint('POST', '/creditlimit/list', { body: CreditListBodySchema, answer: CreditListResultSchema }),
  invoiceList: endpoint('GET', '/invoice/list', { query: InvoiceListQuerySchema, answer: InvoiceListResultSchema }),
  arStatement: endpoint('GET', '/ar/statement', { query: ArStatementQuerySchema, answer: ArStatementSchema }),
  supplyCenter: endpoint('GET', '/sc/getSupplyCenter', {
    query: SupplyCenterQuerySchema,
    answer: SupplyCenterListSchema,
  }),
  supplyCenterOptions: endpoint('GET', '/sc/options', { answer: SupplyCenterOptionListSchema }),
  applySupplyCenter: endpoint('POST', '/sc/apply', {
    body: SupplyCenterApplyBodySchema,
    answer: SupplyCenterRequestSchema,
  }),
  supplyCenterRequests: endpoint('GET', '/sc/requests', { answer: SupplyCenterRequestListSchema }),
  notifications: endpoint('GET', '/notification/list', {
    query: NotificationListQuerySchema,
    answer: NotificationListResultSchema,
  }),
  notificationUnread: endpoint('POST', '/notification/unread', {
    body: NotificationUnreadBodySchema,
    answer: NotificationUnreadResultSchema,
  }),
  onboardingStatus: endpoint('GET', '/onboarding/status', { answer: OnboardingStatusSchema }),
  linkAccount: endpoint('POST', '/onboarding/link-account', {
    body: LinkAccountBodySchema,
    answer: OnboardingRequestSchema,
  }),
}
export type AccountEndpoints = typeof accountEndpoints
