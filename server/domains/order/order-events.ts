import type { EventType } from '../../../types/platform/events'
import { toMajor } from '../../../types/money'
import type { OrderDraft, WrittenOrder } from './write-orders'

/**
 * The `order.placed` events of orders just written (checkout, S-quote, flash buy), for the outbox (issue 24): what
 * the ERP needs to book and ship the order without calling back. Amounts are in `currency`'s major unit (yuan,
 * rupees; 2 decimals), as the store's API answers them and the other events carry them.
 */
export function orderPlacedEvents(
  drafts: OrderDraft[],
  written: WrittenOrder[],
): { type: EventType; data: Record<string, unknown> }[] {
  return written.map((o, k) => {
    const d = drafts[k]
    return {
      type: 'order.placed',
      data: {
        orderId: o.id,
        orderNumber: o.orderNumber,
        salesOrderNumber: o.salesOrderNumber,
        accountId: d.accountId,
        userId: d.userId,
        source: d.source,
        orderType: d.orderType,
        deliveryChannel: d.deliveryChannel,
        supplyCenterId: d.supplyCenterId,
        status: d.status,
        statusCode: d.statusCode,
        poNumber: d.poNumber,
        shipTo: d.shipTo,
        billToNumber: d.billToNumber,
        contacts: d.contacts,
        currency: d.currency,
        totalPriceAmount: toMajor(d.totalPriceAmount),
        totalAmount: toMajor(d.totalAmount),
        taxes: toMajor(d.taxes),
        handlingCharge: toMajor(d.handlingCharge),
        promoCodes: d.promoCodes,
        staticQuoteId: d.staticQuoteId,
        flashSaleId: d.flashSaleId,
        lines: d.lines.map((l) => ({
          lineNumber: l.lineNumber,
          catalogNumber: l.catalogNumber,
          sku: l.sku,
          quantity: l.quantity,
          allocatedQty: l.allocatedQty,
          backorderedQty: l.backorderedQty,
          listPrice: l.listPrice === null ? null : toMajor(l.listPrice),
          unitPrice: toMajor(l.unitPrice),
          finalPrice: toMajor(l.finalPrice),
          lineTotal: toMajor(l.lineTotal),
          deliveryChannel: l.deliveryChannel,
        })),
      },
    }
  })
}
