import { Type, type Static } from 'typebox'
import { Closed, CountryCodeSchema, Literals, Nullable } from '../common'

export const RegistrationStatusSchema = Literals(['Siebel Approved', 'Partially Registered'])
export type RegistrationStatus = Static<typeof RegistrationStatusSchema>

export const AccountTypeSchema = Literals(['customer', 'distributor', 'agent', 'special'])
export type AccountType = Static<typeof AccountTypeSchema>

export const AddressStatusSchema = Literals(['ACTIVE', 'PENDING'])
export type AddressStatus = Static<typeof AddressStatusSchema>

/** Fields shared by ship-to and bill-to addresses (spec §3 Address). */
export const AddressFieldsSchema = Type.Object({
  addressKey: Type.String(),
  accountNumber: Nullable(Type.String()),
  nickName: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  /** "name,phone" */
  attentionTo: Nullable(Type.String()),
  deptOrLab: Nullable(Type.String()),
  companyOrInstitution: Nullable(Type.String()),
  country: Type.String(),
  state: Nullable(Type.String()),
  stateOrProvince: Nullable(Type.String()),
  city: Nullable(Type.String()),
  streetAddress: Nullable(Type.String()),
  buildingOrRoom: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  isoCountryCode: Type.String(),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  prePaymentAccount: Type.Boolean(),
})

export const BillToSchema = Type.Intersect([
  AddressFieldsSchema,
  Type.Object({
    /** Credit record of this bill-to (from credit_records), null when none. */
    overdue: Type.Boolean(),
    creditUpdateTime: Nullable(Type.String()),
  }),
])
export type BillTo = Static<typeof BillToSchema>

export const ShipToSchema = Type.Intersect([
  AddressFieldsSchema,
  Type.Object({
    isDefault: Type.Boolean(),
    addressStatus: AddressStatusSchema,
    /** Set for PENDING ship-tos (no accountNumber yet), e.g. 'WEB-2026-000123'. */
    webReference: Nullable(Type.String()),
    /** Account numbers of the related bill-tos. */
    relatedBillTo: Type.Array(Type.String()),
  }),
])
export type ShipTo = Static<typeof ShipToSchema>

export const ShipToBillTosSchema = Type.Object({ shipTo: ShipToSchema, billTos: Type.Array(BillToSchema) })
export type ShipToBillTos = Static<typeof ShipToBillTosSchema>

export const CreditRecordSchema = Type.Object({
  billTo: Type.String(),
  overdue: Type.Boolean(),
  updateTime: Type.String(),
})
export type CreditRecord = Static<typeof CreditRecordSchema>

export const SupplyCenterSchema = Type.Object({
  supplyCenterId: Type.String(),
  shipToNum: Type.String(),
  /** 'Normal' counts as active. */
  operationStatus: Type.String(),
})
export type SupplyCenter = Static<typeof SupplyCenterSchema>

export const UserProfileSchema = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  siebelRowId: Nullable(Type.String()),
  cdcUid: Type.String(),
  contactInfo: Type.Object({
    primaryEmail: Type.String(),
    phone: Nullable(Type.String()),
    country: Type.Object({ isoCode: Type.String() }),
    maCountry: Type.String(),
  }),
})
export type UserProfile = Static<typeof UserProfileSchema>

/** GET /api/users/info → data */
export const UserInfoSchema = Type.Object({
  userProfile: UserProfileSchema,
  userRoles: Type.Object({
    registrationStatus: RegistrationStatusSchema,
    accountType: AccountTypeSchema,
    /** true for distributor, agent and special accounts (barred from membership/gift centre). */
    blackListed: Type.Boolean(),
  }),
  accountNumber: Nullable(Type.String()),
  allShipToBillToAddresses: Type.Array(ShipToBillTosSchema),
  creditRecords: Type.Array(CreditRecordSchema),
  spCenter: Type.Object({ defaultSC: Type.Union([SupplyCenterSchema, Type.Null()]) }),
  analyticsClientId: Type.String(),
  country: CountryCodeSchema,
  language: Literals(['zh', 'en']),
})
export type UserInfo = Static<typeof UserInfoSchema>

/** POST /api/users/errorTracking body. Raw tokens are never accepted or stored. */
export const ErrorTrackingBodySchema = Closed({
  response: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.String({ maxLength: 4000 })),
  tokens: Type.Optional(
    Closed({
      hasCookieToken: Type.Boolean(),
      hasStoredToken: Type.Boolean(),
      expiresAt: Type.Optional(Type.Number()),
    }),
  ),
})
export type ErrorTrackingBody = Static<typeof ErrorTrackingBodySchema>

export const ErrorTrackingResultSchema = Type.Object({ id: Type.Integer() })
export type ErrorTrackingResult = Static<typeof ErrorTrackingResultSchema>
