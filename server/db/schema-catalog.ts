/** Tables of the catalogue domain (search, documents, variants, origins). Added by migration 0003_catalog. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface CatalogTables {}
