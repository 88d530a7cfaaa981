import type { Kysely } from 'kysely'

/** marketing and engagement: content, promotions, wishlist, history, operation log */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
