import { Type, type Static, type TSchema } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable } from '../common'
import { endpoint, type Endpoint } from '../endpoint'
import type { ErpScope } from './erp-scopes'
import { OrderStatusCodeSchema } from '../order/schemas'

/**
 * The inbound ERP API (issue 24, "The ERP integration", In): what the supplier's ERP posts to the store. A caller
 * is an integration client of the embedded OpenID provider (OAuth 2 client credentials) whose access token carries
 * the scopes below; each entry names the scope it needs (`withScope`), and the server serves it behind that check
 * before the body is read.
 *
 * Every call is a bulk call: `{ rows: [...] }`, 1 to ERP_MAX_ROWS rows, and the answer says, per row, what happened.
 * Each row carries the sender's own `id`: a row sent again with the same id and the same content gets the first
 * answer again (`replayed: true`) and changes nothing; the same id with other content is refused (409 ID_REUSED).
 * A row that fails is not stored under its id, so it can be corrected and sent again with the same id.
 */
/** The audience (resource indicator) of the integration clients' access tokens. */
export const ERP_RESOURCE = 'urn:lab-store:erp'
/** At most this many rows per call ("bulk calls take up to 1,000 rows and answer per row"). */
export const ERP_MAX_ROWS = 1000

/** An inbound entry: the entry with the scope its route needs. */
export const withScope = <E extends Endpoint>(scope: ErpScope, e: E, summary?: string): E & { scope: ErpScope } => ({
  ...e,
  scope,
  ...(summary ? { summary } : {}),
})

/** The sender's id of a row: what makes it idempotent. */
export const SenderIdSchema = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_:./-]+$' })

const Instant = Type.String({ format: 'date-time', description: 'ISO 8601 instant' })
const CatalogNumber = Type.String({ minLength: 1, maxLength: 64 })

/** Order status changes: checked against the lifecycle table (types/order/lifecycle.ts); impossible: 409. */
export const ErpOrderStatusRowSchema = Closed({
  id: SenderIdSchema,
  orderNo: Type.String({ minLength: 1, maxLength: 64 }),
  status: OrderStatusCodeSchema,
  note: Type.Optional(Type.String({ maxLength: 500 })),
  at: Type.Optional(Instant),
})

/** A shipment of an order: the order moves to SHIPPED (if it may) and the buyer sees carrier and tracking number. */
export const ErpShipmentRowSchema = Closed({
  id: SenderIdSchema,
  orderNo: Type.String({ minLength: 1, maxLength: 64 }),
  carrier: Type.String({ minLength: 1, maxLength: 64 }),
  trackingNumber: Type.String({ minLength: 4, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }),
  shippedAt: Type.Optional(Instant),
  /** delivered to the ship-to: the shipment is signed and the order completes */
  deliveredAt: Type.Optional(Instant),
})

/** An invoice of a bill-to (optionally of one order), with its PDF. */
export const ErpInvoiceRowSchema = Closed({
  id: SenderIdSchema,
  invoiceNumber: Type.String({ minLength: 1, maxLength: 64 }),
  invoiceCode: Type.String({ minLength: 1, maxLength: 64 }),
  billToNumber: Type.String({ minLength: 1, maxLength: 64 }),
  orderNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  kind: Literals(['general', 'special']),
  medium: Literals(['e-invoice', 'paper']),
  /** major units, e.g. 1234.50 */
  amount: Type.Number({ minimum: 0, maximum: 1e9 }),
  currency: CurrencySchema,
  status: Literals(['issued', 'delivered', 'paid', 'overdue', 'cancelled']),
  issueDate: Instant,
  dueDate: Instant,
  /** paper invoices only: the courier's number */
  deliveryNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** the invoice PDF, base64 (at most ERP_MAX_PDF_BYTES) */
  pdfBase64: Type.Optional(Type.String({ maxLength: 7_000_000 })),
})
export const ERP_MAX_PDF_BYTES = 5 * 1024 * 1024

/** Stock of a product in a warehouse (the product's stock is the sum over warehouses) or a supply centre. */
export const ErpStockRowSchema = Closed({
  id: SenderIdSchema,
  catalogNumber: CatalogNumber,
  warehouse: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  supplyCentre: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  quantity: Type.Integer({ minimum: 0, maximum: 1e9 }),
})

/** An account's own price of a product (`price: null` removes it: the list price applies again). */
export const ErpAccountPriceRowSchema = Closed({
  id: SenderIdSchema,
  accountNumber: Type.String({ minLength: 1, maxLength: 32 }),
  catalogNumber: CatalogNumber,
  currency: CurrencySchema,
  price: Nullable(Type.Number({ minimum: 0, maximum: 1e9 })),
  priceType: Type.Optional(Literals(['yourPrice', 'discount', 'wop'])),
})

/**
 * Product data: a product by catalogue number, created or updated (the fields of the staff import's products file,
 * docs/admin-api/catalogue-import.md; the server checks each with the same rules). A field left out keeps what is
 * stored; a new catalogue number needs titleEn, titleZh, size, brand and categoryCode (else 404 PRODUCT_NOT_FOUND).
 */
export const ErpProductRowSchema = Closed({
  id: SenderIdSchema,
  /** letters, digits and . _ / -, at most 40; stored in upper case */
  catalogNumber: CatalogNumber,
  titleEn: Type.Optional(Type.String({ description: 'English name, at most 300 characters' })),
  titleZh: Type.Optional(Type.String({ description: 'Chinese name, at most 300 characters' })),
  size: Type.Optional(Type.String({ description: 'pack size, e.g. "100 µg", "10 x 1 mL", "1 kit", "100/pk"' })),
  brand: Type.Optional(Type.String({ description: 'at most 80 characters' })),
  categoryCode: Type.Optional(Type.String({ description: "an existing category's code, e.g. primary-antibodies" })),
  listPriceCny: Type.Optional(
    Nullable(Type.Number({ description: 'list price in yuan (major units, at most 2 decimals); null = on request' })),
  ),
  listPriceInr: Type.Optional(
    Nullable(Type.Number({ description: 'list price in rupees (major units, at most 2 decimals); null = on request' })),
  ),
  sku: Type.Optional(Type.String({ description: 'unique; a new product without one gets SKU-<catalogue number>' })),
  rank: Type.Optional(Type.Integer({ description: 'listing order, 0 or more (a new product: 0)' })),
})

/** What happened to one row. */
export const ErpRowResultSchema = Type.Object({
  id: Type.String(),
  ok: Type.Boolean(),
  /** the same id and content were sent before: this is the first answer again, and nothing changed */
  replayed: Type.Optional(Type.Boolean()),
  /** HTTP-like status of the row: 200 done, 400 invalid, 404 unknown record, 409 conflict (or ID_REUSED) */
  status: Type.Integer(),
  code: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  /** what the row did, e.g. { from: 'IN_PROGRESS', to: 'SHIPPED' } */
  result: Type.Optional(Type.Unknown()),
})
export type ErpRowResult = Static<typeof ErpRowResultSchema>

export const ErpBulkAnswerSchema = Type.Object({
  accepted: Type.Integer({ description: 'rows done (or replayed)' }),
  refused: Type.Integer(),
  results: Type.Array(ErpRowResultSchema),
})
export type ErpBulkAnswer = Static<typeof ErpBulkAnswerSchema>

/**
 * The body of a bulk call. Rows are checked one by one against the row schema (a bad row is refused in its result,
 * not the whole call), so the body schema only requires objects with an id.
 */
const bulkOf = (rowName: string) =>
  Closed({
    rows: Type.Array(
      Type.Object(
        { id: Type.Unknown() },
        { additionalProperties: true, description: `one ${rowName} row (docs/erp.md), checked row by row` },
      ),
      { minItems: 1, maxItems: ERP_MAX_ROWS },
    ),
  })

const bulk = <P extends string>(scope: ErpScope, path: P, rowName: string, summary: string) =>
  withScope(scope, endpoint('POST', path, { body: bulkOf(rowName), answer: ErpBulkAnswerSchema }), summary)

/** The inbound ERP API, all under /api/erp (docs/erp.md). The row schema of each entry is `rowSchemas[key]`. */
export const erpEndpoints = {
  erpOrderStatus: bulk(
    'erp:orders',
    '/erp/orders/status',
    'order status',
    'ERP: order status changes, checked against the lifecycle (per row; idempotent by row id)',
  ),
  erpShipments: bulk(
    'erp:orders',
    '/erp/shipments',
    'shipment',
    'ERP: shipments with carrier and tracking number; the order ships (per row; idempotent by row id)',
  ),
  erpInvoices: bulk(
    'erp:invoices',
    '/erp/invoices',
    'invoice',
    'ERP: invoices of a bill-to, with their PDF (per row; idempotent by row id)',
  ),
  erpStock: bulk(
    'erp:catalogue',
    '/erp/stock',
    'stock',
    'ERP: stock per warehouse or supply centre (per row; idempotent by row id)',
  ),
  erpAccountPrices: bulk(
    'erp:catalogue',
    '/erp/account-prices',
    'account price',
    "ERP: an account's own prices (per row; idempotent by row id)",
  ),
  erpProducts: bulk(
    'erp:catalogue',
    '/erp/products',
    'product',
    'ERP: product data by catalogue number, created or updated (per row; idempotent by row id)',
  ),
}
export type ErpEndpoints = typeof erpEndpoints

export const erpRowSchemas = {
  erpOrderStatus: ErpOrderStatusRowSchema,
  erpShipments: ErpShipmentRowSchema,
  erpInvoices: ErpInvoiceRowSchema,
  erpStock: ErpStockRowSchema,
  erpAccountPrices: ErpAccountPriceRowSchema,
  erpProducts: ErpProductRowSchema,
} satisfies Record<keyof ErpEndpoints, TSchema>

export type ErpOrderStatusRow = Static<typeof ErpOrderStatusRowSchema>
export type ErpShipmentRow = Static<typeof ErpShipmentRowSchema>
export type ErpInvoiceRow = Static<typeof ErpInvoiceRowSchema>
export type ErpStockRow = Static<typeof ErpStockRowSchema>
export type ErpAccountPriceRow = Static<typeof ErpAccountPriceRowSchema>
export type ErpProductRow = Static<typeof ErpProductRowSchema>
