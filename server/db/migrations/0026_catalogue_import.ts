import type { Kysely } from 'kysely'

/** Issue 24: catalogue_import (filled by the change that needs it). */
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
