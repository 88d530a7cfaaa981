/**
 * Flash-buy fixtures shaped by types/flashbuy/schemas.ts, for the flash-buy store and page tests
 * (the API itself is stubbed at Taro.request by product-api-stub's stubApi).
 */
import type {
  FlashApplyResult,
  FlashBuyDetail,
  FlashPlacedOrder,
  FlashQuote,
  FlashSaleSummary,
} from '../../types/flashbuy/schemas'
import { envelopeError } from './order-fixtures'

export const SALE_ID = 'FB-CN-001'

/** what the sale list and the sale's detail both say of the one sale the fixtures sell */
const theSale = {
  id: SALE_ID,
  sku: 'SKU-4471',
  catalogNumber: '4471-A',
  skuName: 'PowerUp SYBR Green Master Mix',
  skuSize: '5 mL',
  flashPrice: 899,
  originalPrice: 1580,
  currency: 'CNY',
  displayText: 'Starts Friday 10:00',
  flashBuyStatus: 'IN_PROGRESS',
  startAt: '2026-11-23T02:00:00.000Z',
  endAt: '2026-11-30T02:00:00.000Z',
  totalQty: 50,
  remainQty: 8,
} as const

export function flashDetail(over: Partial<FlashBuyDetail> = {}): FlashBuyDetail {
  return {
    ...theSale,
    skuImages: ['/media/products/4471-A'],
    currentPrice: 1422,
    minOrderQty: 2,
    maxOrderQty: 10,
    accountPurchaseLimitQty: 5,
    purchasedQty: 0,
    coupon: null,
    deliveryChannel: 'TFS',
    ...over,
  }
}

export function flashSale(over: Partial<FlashSaleSummary> = {}): FlashSaleSummary {
  return {
    ...theSale,
    image: '/media/products/4471-A',
    ...over,
  }
}

export function applyResult(over: Partial<FlashApplyResult> = {}, unitPrice = 899, quantity = 2): FlashApplyResult {
  return {
    status: 'success',
    items: [
      {
        skuId: SALE_ID,
        sku: 'SKU-4471',
        catalogNumber: '4471-A',
        unitPrice,
        quantity,
        lineNumber: 1,
        deliveryChannel: 'TFS',
      },
    ],
    promos: [],
    currency: 'CNY',
    totalAmount: unitPrice * quantity,
    taxes: 0,
    total: unitPrice * quantity,
    remainQty: 8,
    scJobNumber: null,
    scOrderType: null,
    scSalesOrderNumber: null,
    tfsJobNumber: null,
    tfsOrderType: 'ZOR',
    tfsSalesOrderNumber: null,
    shipTo: '1000001',
    siebelRowId: null,
    squoteDetail: null,
    ...over,
  }
}

/**
 * GET /flashbuy/quote/{id}?quantity as the server sums it (server/domains/flashbuy/sales.ts quoteSale): flash price ×
 * quantity, 13 % tax when `taxRate` is given (ENABLE_ORDER_TAX on), list price × quantity for the savings.
 */
export function flashQuote(
  quantity: number,
  unitPrice = 899,
  opts: { listPrice?: number; taxRate?: number | null } = {},
): FlashQuote {
  const cents = (n: number) => Math.round(n * 100)
  const amount = cents(unitPrice) * quantity
  const list = cents(opts.listPrice ?? 1580) * quantity
  const rate = opts.taxRate === undefined ? 0.13 : opts.taxRate
  const taxes = rate === null ? 0 : Math.round(amount * rate)
  return {
    flashBuyId: SALE_ID,
    quantity,
    unitPrice,
    summary: {
      currency: 'CNY',
      totalPriceAmount: list / 100,
      totalAmount: amount / 100,
      taxes: taxes / 100,
      total: (amount + taxes) / 100,
      savings: (list - amount) / 100,
      taxEnabled: rate !== null,
      unpricedLines: 0,
    },
  }
}

export function placedOrder(over: Partial<FlashPlacedOrder> = {}): FlashPlacedOrder {
  return {
    orderNumber: 'WO-000321',
    salesOrderNumber: '8000321',
    orderType: 'ZOR',
    deliveryChannel: 'TFS',
    status: 'SUBMITTED',
    statusCode: 30,
    addressStatus: 'ACTIVE',
    quantity: 2,
    unitPrice: 899,
    currency: 'CNY',
    total: 1798,
    ...over,
  }
}

/** an envelope refusal with the server's localized message and its business reason (order-fixtures' envelopeError) */
export const refusal = envelopeError
