import type { ColumnType, Generated, JSONColumnType } from 'kysely'
import type { DB, ProductTable } from './schema'

/** Tables of the catalogue domain (search, documents, variants, origins). Added by migration 0003_catalog. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export type ProductOrigin = 'imported' | 'local' | 'dual'
export type SurchargeReason = 'dry-ice' | 'cold-chain' | 'hazardous' | 'oversize'

/** Columns 0003_catalog adds to `products`: stored generated columns, read-only. */
export interface ProductSearchColumns {
  catalog_norm: ColumnType<string, never, never>
  search_text: ColumnType<string, never, never>
}

/** Catalogue data per product (one row per product; a missing row reads as imported, no family, no surcharge). */
export interface ProductCatalogTable {
  product_id: number
  /** products of one family are the same product in other sizes */
  family_id: string | null
  origin: Generated<ProductOrigin>
  /** minor units; null = no surcharge */
  surcharge_cny: number | null
  surcharge_inr: number | null
  surcharge_reason: SurchargeReason | null
}

export interface ProductDescriptionTable {
  product_id: number
  /** sanitized HTML (plain allow-listed tags), generated from catalogue data */
  html_en: string
  html_zh: string
}

export interface ProductFreeGoodTable {
  product_id: number
  kind: 'free' | 'promo'
  name_en: string
  name_zh: string
  pic: string | null
}

export interface ProductStockTable {
  product_id: number
  quantity: number
  updated_at: Timestamp
}

export interface ProductDocumentTable {
  id: Generated<number>
  product_id: number
  doc_type: 'manual' | 'coa' | 'sds'
  language: 'en' | 'zh'
  title: string
  lot_number: string | null
  file_name: string
  updated_at: Timestamp
}

export interface ProductAttributeValueTable {
  product_id: number
  name: string
  value: string
}

export interface CatalogSearchTermTable {
  term: string
  kind: 'term' | 'category'
  category_code: string | null
  language: 'en' | 'zh'
  weight: Generated<number>
}

/** An applied catalogue import (issue 24; dry runs are not recorded). Migration 0026. */
export interface CatalogueImportTable {
  id: Generated<number>
  staff_id: string
  kind: 'products' | 'prices' | 'stock'
  format: 'csv' | 'xlsx'
  file_name: string | null
  file_sha256: string
  rows: number
  valid: number
  created: number
  updated: number
  unchanged: number
  error_count: number
  /** the first 1,000 row errors */
  errors: JSONColumnType<{ row: number; column: string | null; message: string }[], string, string>
  duration_ms: number
  created_at: Generated<Date>
}

/** The uploaded PDF of a document (issue 24); a document without one is rendered on the fly. Migration 0026. */
export interface ProductDocumentFileTable {
  document_id: number
  content_type: 'application/pdf'
  size: number
  sha256: string
  content: Buffer
  uploaded_by: string
  uploaded_at: Generated<Date>
}

export interface CatalogTables {
  product_catalog: ProductCatalogTable
  product_descriptions: ProductDescriptionTable
  product_free_goods: ProductFreeGoodTable
  product_stock: ProductStockTable
  product_documents: ProductDocumentTable
  product_attribute_values: ProductAttributeValueTable
  catalog_search_terms: CatalogSearchTermTable
  catalogue_imports: CatalogueImportTable
  product_document_files: ProductDocumentFileTable
}

/**
 * The database as the catalogue domain sees it: `products` with the columns 0003_catalog adds.
 * (schema.ts keeps the core ProductTable; catalogue code works on `asCatalogDb(db)`.)
 */
export type CatalogDB = Omit<DB, 'products'> & { products: ProductTable & ProductSearchColumns }
