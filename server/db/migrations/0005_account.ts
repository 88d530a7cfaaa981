import type { Kysely } from 'kysely'

// Issue 4: account tables.
export async function up(_db: Kysely<any>): Promise<void> {}
export async function down(_db: Kysely<any>): Promise<void> {}
