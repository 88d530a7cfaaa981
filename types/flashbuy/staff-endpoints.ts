import { Type, type Static } from 'typebox'
import { Closed, CountryCodeSchema, CurrencySchema, Literals, Nullable, pageQueryFields } from '../common'
import { contentEndpoints, prefixed } from '../staff/content-endpoints'
import { CATALOG_NUMBER_PATTERN } from '../catalog/product'
import { DeliveryChannelSchema } from '../cart/schemas'
import { FlashBuyIdParamsSchema, FlashBuyStatusSchema } from './schemas'
import { StaffInstantSchema } from '../marketing/staff-schemas'

/**
 * The flashbuy domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 *
 * Flash sales by staff: "create, schedule, change, end, with the same validation the storefront relies on (a sale's
 * stock can only be raised, or lowered to what is unsold)". The rules are types/flashbuy/sale-rules.ts. Money in
 * major units, as the buyers' API.
 */

/** A sale as staff see it: scheduled (before its start), running (in its window), ended (after it, or ended). */
export const FLASH_SALE_STATES = ['scheduled', 'running', 'ended'] as const
export type FlashSaleState = (typeof FLASH_SALE_STATES)[number]

export const StaffFlashSaleSchema = Type.Object({
  id: Type.String(),
  country: CountryCodeSchema,
  currency: CurrencySchema,
  catalogNumber: Type.String(),
  sku: Type.String(),
  productTitle: Type.String(),
  /** major units */
  flashPrice: Type.Number(),
  /** the product's list price in the sale's currency (major units) */
  listPrice: Nullable(Type.Number()),
  startAt: Type.String(),
  endAt: Type.String(),
  /** when staff ended it (null: not ended by staff) */
  endedAt: Nullable(Type.String()),
  state: Literals(FLASH_SALE_STATES),
  /** what the buyers see now (spec §4 "Flash-buy status") */
  flashBuyStatus: FlashBuyStatusSchema,
  totalQty: Type.Integer(),
  remainQty: Type.Integer(),
  /** totalQty - remainQty: what buyers have bought */
  soldQty: Type.Integer(),
  minOrderQty: Type.Integer(),
  maxOrderQty: Type.Integer(),
  accountPurchaseLimitQty: Type.Integer(),
  deliveryChannel: DeliveryChannelSchema,
  coupon: Nullable(Type.String()),
  sortOrder: Type.Integer(),
  displayText: Type.Object({ en: Type.String(), zh: Type.String() }),
  updatedAt: Type.String(),
  updatedBy: Nullable(Type.String()),
})
export type StaffFlashSale = Static<typeof StaffFlashSaleSchema>

export const StaffFlashSaleQuerySchema = Closed({
  ...pageQueryFields(1000, 100),
  state: Type.Optional(Literals(FLASH_SALE_STATES)),
  country: Type.Optional(CountryCodeSchema),
})

const Price = Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000, description: 'major units, 2 decimals at most' })
const Qty = Type.Integer({ minimum: 1, maximum: 999 })
const SaleFields = {
  flashPrice: Price,
  startAt: StaffInstantSchema,
  endAt: StaffInstantSchema,
  /** the sale's own stock (set aside for it, not the warehouse's) */
  totalQty: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  minOrderQty: Qty,
  maxOrderQty: Qty,
  accountPurchaseLimitQty: Type.Integer({ minimum: 1, maximum: 100_000 }),
  deliveryChannel: DeliveryChannelSchema,
  coupon: Nullable(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,39}$' })),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
}

export const CreateFlashSaleSchema = Closed({
  country: CountryCodeSchema,
  catalogNumber: Type.String({ pattern: CATALOG_NUMBER_PATTERN }),
  flashPrice: SaleFields.flashPrice,
  startAt: SaleFields.startAt,
  endAt: SaleFields.endAt,
  totalQty: SaleFields.totalQty,
  minOrderQty: SaleFields.minOrderQty,
  maxOrderQty: SaleFields.maxOrderQty,
  accountPurchaseLimitQty: SaleFields.accountPurchaseLimitQty,
  deliveryChannel: Type.Optional(SaleFields.deliveryChannel),
  coupon: Type.Optional(SaleFields.coupon),
  sortOrder: Type.Optional(SaleFields.sortOrder),
})
export type CreateFlashSale = Static<typeof CreateFlashSaleSchema>

/** A change: any of the sale's fields but its country and product; at least one. */
export const ChangeFlashSaleSchema = Type.Object(
  {
    flashPrice: Type.Optional(SaleFields.flashPrice),
    startAt: Type.Optional(SaleFields.startAt),
    endAt: Type.Optional(SaleFields.endAt),
    totalQty: Type.Optional(SaleFields.totalQty),
    minOrderQty: Type.Optional(SaleFields.minOrderQty),
    maxOrderQty: Type.Optional(SaleFields.maxOrderQty),
    accountPurchaseLimitQty: Type.Optional(SaleFields.accountPurchaseLimitQty),
    deliveryChannel: Type.Optional(SaleFields.deliveryChannel),
    coupon: Type.Optional(SaleFields.coupon),
    sortOrder: Type.Optional(SaleFields.sortOrder),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type ChangeFlashSale = Static<typeof ChangeFlashSaleSchema>

export const flashSaleEndpoints = contentEndpoints('flashSale.manage', '/admin/flash-sales', {
  key: 'id',
  item: StaffFlashSaleSchema,
  query: StaffFlashSaleQuerySchema,
  params: FlashBuyIdParamsSchema,
  create: CreateFlashSaleSchema,
  change: ChangeFlashSaleSchema,
})

export const flashbuyStaffEndpoints = prefixed('flashSale', flashSaleEndpoints)
