import type { Kysely } from 'kysely'

/** catalogue domain: search columns, documents, variants, origins */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
