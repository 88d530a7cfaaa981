import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** An ERP integration client (migration 0027): its OAuth client is in the provider's store (oidc_store, model Client). */
export interface IntegrationClientTable {
  client_id: string
  name: string
  /** space-separated ERP scopes (types/platform/erp-scopes.ts) */
  scopes: string
  created_by: string
  created_at: Generated<Date>
  revoked_at: Date | null
}

/** A row the ERP sent, by the ERP's own id: its hash and the answer it got (an id sent again gets it again). */
export interface ErpInboundRowTable {
  kind: string
  sender_id: string
  client_id: string
  row_hash: string
  answer: JSONColumnType<Record<string, unknown>, string, string>
  at: Generated<Date>
}

export interface InvoiceFileTable {
  invoice_id: number
  file_name: string
  content: Buffer
  updated_at: Generated<Date>
}

/** Stock of a product in one warehouse; product_stock.quantity is the sum over warehouses once the ERP sends them. */
export interface WarehouseStockTable {
  warehouse: string
  product_id: number
  quantity: number
  updated_at: Timestamp
}

export interface ErpTables {
  integration_clients: IntegrationClientTable
  erp_inbound_rows: ErpInboundRowTable
  invoice_files: InvoiceFileTable
  warehouse_stock: WarehouseStockTable
}
