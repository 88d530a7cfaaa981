import crypto from 'node:crypto'
import { countryOfCurrency } from '../../types/money'
import type { ErpInvoiceRow, ErpOrderStatusRow, ErpShipmentRow } from '../../types/platform/erp'
import { renderPdf } from '../domains/catalog/pdf'

/**
 * What the stand-in ERP does with an order it may ship: the rows it posts to the store's inbound API. Every row id
 * is derived from the order number (`standin:<order>:<step>`) and every value from the order.placed event, so a
 * repeated webhook or a retried call sends the same rows with the same ids: the store answers `replayed` and
 * changes nothing (the inbound API is idempotent by the sender's id).
 */

/** What the stand-in keeps of an order.placed event. */
export interface PlacedOrder {
  orderNumber: string
  status: string
  currency: string
  totalAmount: number
  billToNumber: string | null
}

/** Statuses the warehouse may take an order in (the others wait for a review, an address or the buyer). */
export const SHIPPABLE = ['SUBMITTED', 'ORDER_SUBMITTED', 'IN_PROGRESS']

const rowId = (o: Pick<PlacedOrder, 'orderNumber'>, step: string) => `standin:${o.orderNumber}:${step}`

/** A number of `digits` digits drawn from the order number: the same order always gets the same one. */
function digitsOf(seed: string, digits: number): string {
  const h = crypto.createHash('sha256').update(seed).digest()
  let s = ''
  for (let i = 0; s.length < digits; i++) s += String(h[i % h.length] % 10)
  return s
}

export function inProgressRow(o: PlacedOrder, at: Date): ErpOrderStatusRow {
  return { id: rowId(o, 'in-progress'), orderNo: o.orderNumber, status: 'IN_PROGRESS', at: at.toISOString() }
}

/** The carriers the supplier ships with, per country, and the shape of their tracking numbers. */
const CARRIERS = {
  cn: [
    { name: '顺丰速运', prefix: 'SF', digits: 12 },
    { name: '京东物流', prefix: 'JDVA', digits: 11 },
  ],
  in: [
    { name: 'Blue Dart', prefix: '', digits: 11 },
    { name: 'Delhivery', prefix: '', digits: 13 },
  ],
} as const

/** The parcel: a carrier of the order's country and its tracking number. */
export function shipmentRow(o: PlacedOrder, at: Date): ErpShipmentRow {
  const carriers = CARRIERS[countryOfCurrency(o.currency)]
  const seed = digitsOf(o.orderNumber, 12)
  const c = carriers[Number(seed.slice(-1)) % carriers.length]
  return {
    id: rowId(o, 'shipment'),
    orderNo: o.orderNumber,
    carrier: c.name,
    trackingNumber: `${c.prefix}${digitsOf(`${o.orderNumber}:tracking`, c.digits)}`,
    shippedAt: at.toISOString(),
  }
}

const PAYMENT_DAYS = 30

/** The order's e-invoice, with its PDF; null when the order names no bill-to. */
export function invoiceRow(o: PlacedOrder, at: Date): ErpInvoiceRow | null {
  if (!o.billToNumber) return null
  const invoiceNumber = `SI${digitsOf(`${o.orderNumber}:invoice`, 8)}`
  const due = new Date(at.getTime() + PAYMENT_DAYS * 86_400_000)
  const pdf = renderPdf(`Invoice ${invoiceNumber}`, [
    { text: `Invoice ${invoiceNumber}`, size: 18, bold: true },
    { text: `Order ${o.orderNumber} · bill-to ${o.billToNumber}`, gap: 12 },
    { text: `Amount ${o.totalAmount.toFixed(2)} ${o.currency}` },
    { text: `Issued ${at.toISOString().slice(0, 10)} · due ${due.toISOString().slice(0, 10)}` },
    { text: 'Issued by the stand-in ERP (development and tests only).', size: 9, gap: 18 },
  ])
  return {
    id: rowId(o, 'invoice'),
    invoiceNumber,
    invoiceCode: `0${digitsOf(`${o.orderNumber}:code`, 11)}`,
    billToNumber: o.billToNumber,
    orderNo: o.orderNumber,
    kind: 'general',
    medium: 'e-invoice',
    amount: o.totalAmount,
    currency: o.currency as ErpInvoiceRow['currency'],
    status: 'issued',
    issueDate: at.toISOString(),
    dueDate: due.toISOString(),
    pdfBase64: pdf.toString('base64'),
  }
}

export function deliveredRow(o: PlacedOrder, at: Date): ErpOrderStatusRow {
  return { id: rowId(o, 'delivered'), orderNo: o.orderNumber, status: 'COMPLETED', at: at.toISOString() }
}
