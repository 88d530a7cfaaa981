import type { PlaceOrderBody, PlaceOrderResult } from '../../../../types'
import { toMajor } from '../../../../types/money'
import { taxOf } from '../../../../types/order/totals'
import { placedOrderStatus } from '../../../../types/order/placed-status'
import type { PricingResult } from '../../cart'
import { shipToSnapshot, type OrderDraft, type ShipToColumns, type WrittenOrder } from '../write-orders'
import type { LoadedLines } from './load-lines'

/** the standard replenishment lead time quoted to buyers for what stock cannot cover (also the seed's) */
export const BACKORDER_LEAD_DAYS = 14
const DAY = 86_400_000

export interface CheckoutDraftInput {
  placementId: string
  user: { id: string; accountId: number; registrationStatus: string }
  body: PlaceOrderBody
  shipTo: ShipToColumns & { address_status: 'ACTIVE' | 'PENDING' }
  priced: PricingResult
  /** lineNumber → allocated quantity (allocate.ts) */
  alloc: Map<number, number>
  loaded: Pick<LoadedLines, 'titles' | 'staticQuoteId' | 'preference'>
  now: number
}

/**
 * The orders of one checkout or S-quote placement: one SC order (D1) and/or one TFS order (ZOR), in
 * that order, with the placed status (types/order/placed-status.ts), a Tax charge when taxes > 0,
 * the ship-to snapshot and the valid promo codes. The split orders' taxes add up to the checkout's
 * tax exactly (the last order takes what is left). A line stock does not cover is backordered with
 * an estimated ship date BACKORDER_LEAD_DAYS after the order.
 */
export function checkoutDrafts(x: CheckoutDraftInput): OrderDraft[] {
  const { priced, body, shipTo, loaded } = x
  const groups = (['SC', 'TFS'] as const)
    .map((ch) => ({ ch, lines: priced.lines.filter((l) => l.deliveryChannel === ch) }))
    .filter((g) => g.lines.length)
  const { status, statusCode } = placedOrderStatus(x.user.registrationStatus, shipTo.address_status)
  const rate = priced.summary.taxEnabled ? priced.taxRateBasisPoints : null
  let taxLeft = priced.summaryMinor.taxes
  return groups.map((g, gi) => {
    const amount = g.lines.reduce((s, l) => s + l.minor.lineTotal!, 0)
    const listAmount = g.lines.reduce((s, l) => s + (l.minor.list ?? l.minor.unit!) * l.quantity, 0)
    const taxes = rate === null ? 0 : gi === groups.length - 1 ? taxLeft : Math.min(taxLeft, taxOf(amount, rate))
    taxLeft -= taxes
    return {
      placementId: x.placementId,
      accountId: x.user.accountId,
      userId: x.user.id,
      orderType: g.ch === 'SC' ? 'D1' : 'ZOR',
      deliveryChannel: g.ch,
      supplyCenterId: g.ch === 'SC' ? priced.supplyCenterId : null,
      status,
      statusCode,
      source: loaded.staticQuoteId ? 'squote' : 'cart',
      poNumber: body.poNumber?.trim() || null,
      remark: body.remark?.trim() || null,
      additionalEmails: body.additionalEmails ?? [],
      shipTo: shipToSnapshot(shipTo),
      billToNumber: body.billToNumber ?? null,
      currency: priced.currency,
      totalPriceAmount: listAmount,
      totalAmount: amount,
      taxes,
      handlingCharge: 0,
      charges: taxes > 0 ? [{ kind: 'Tax' as const, amount: taxes }] : [],
      promoCodes: priced.validCodes,
      staticQuoteId: loaded.staticQuoteId,
      orderPreference: loaded.preference,
      flashSaleId: null,
      contacts: null,
      lines: g.lines.map((l, i) => {
        const a = x.alloc.get(l.lineNumber)!
        const title = loaded.titles.get(l.productId)
        return {
          lineNumber: i + 1,
          productId: l.productId,
          sku: l.sku,
          catalogNumber: l.catalogNumber,
          titleEn: title?.title_en ?? l.productTitle,
          titleZh: title?.title_zh ?? l.productTitle,
          size: l.size,
          image: l.image,
          quantity: l.quantity,
          allocatedQty: a,
          backorderedQty: l.quantity - a,
          estimatedShipDate: a < l.quantity ? new Date(x.now + BACKORDER_LEAD_DAYS * DAY) : null,
          listPrice: l.minor.list,
          unitPrice: l.minor.unit!,
          finalPrice: l.minor.final!,
          lineTotal: l.minor.lineTotal!,
          deliveryChannel: g.ch,
          promoCodes: l.appliedPromoCodes,
        }
      }),
    }
  })
}

/**
 * The placement's answer (stored with the placement and replayed for its key): the orders written,
 * the success page's numbers (the TFS order's sales order number, else the SC order's; the SC order's
 * as spSalesOrderNumber), the first order with a backordered line, and the grand total.
 */
export function placementAnswer(
  placementId: string,
  drafts: OrderDraft[],
  written: WrittenOrder[],
  addressStatus: 'ACTIVE' | 'PENDING',
  currency: 'CNY' | 'INR',
): PlaceOrderResult {
  const orders: PlaceOrderResult['orders'] = drafts.map((d, i) => ({
    orderNumber: written[i].orderNumber,
    salesOrderNumber: written[i].salesOrderNumber,
    orderType: d.orderType as 'D1' | 'ZOR',
    deliveryChannel: d.deliveryChannel,
    status: d.status as PlaceOrderResult['orders'][number]['status'],
    total: toMajor(d.totalAmount + d.taxes),
  }))
  const tfs = orders.find((p) => p.deliveryChannel === 'TFS')
  const sc = orders.find((p) => p.deliveryChannel === 'SC')
  const backordered = drafts.findIndex((d) => d.lines.some((l) => l.backorderedQty > 0))
  return {
    placementId,
    orders,
    salesOrderNumber: (tfs ?? sc)?.salesOrderNumber ?? null,
    spSalesOrderNumber: sc?.salesOrderNumber ?? null,
    addressStatus,
    pendingLtoOrderNumber: backordered < 0 ? null : orders[backordered].orderNumber,
    currency,
    total: toMajor(drafts.reduce((s, d) => s + d.totalAmount + d.taxes, 0)),
  }
}
