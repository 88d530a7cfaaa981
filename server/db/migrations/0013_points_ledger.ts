import { sql, type Kysely } from 'kysely'

/**
 * Issue 13 (membership): the points ledger. A member's balance is SUM(points) of their entries; no
 * row holds a balance and no entry is ever updated (append-only: a mistake is undone by a
 * 'reversed' entry that names the entry it undoes).
 *
 * - kind and sign are checked: earned > 0, spent / expired < 0, reversed any non-zero amount;
 * - (user_id, source, source_ref, kind) is unique where source_ref is set, so crediting an order, a
 *   task or an invitation twice, or reversing one entry twice, is refused by the database itself;
 * - writers that take points away hold the member's advisory lock for their transaction
 *   (server/domains/membership/ledger.ts), so two spends can never both see the same balance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('points_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('earned','spent','expired','reversed')`))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('order','redemption','draw','task','invitation','expiry','adjustment')`),
    )
    .addColumn('source_ref', 'text')
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 200`))
    .addColumn('reverses_id', 'bigint', (c) => c.references('points_entries.id'))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'points_entries_sign_ck',
      sql`points <> 0 and (
      (kind = 'earned' and points > 0) or (kind in ('spent','expired') and points < 0) or kind = 'reversed')`,
    )
    .addCheckConstraint('points_entries_reversal_ck', sql`(kind = 'reversed') = (reverses_id is not null)`)
    .execute()
  await sql`CREATE INDEX points_entries_user_idx ON points_entries (user_id, created_at DESC, id DESC)`.execute(db)
  await sql`CREATE UNIQUE INDEX points_entries_source_uq ON points_entries (user_id, source, source_ref, kind) WHERE source_ref IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX points_entries_reverses_uq ON points_entries (reverses_id) WHERE reverses_id IS NOT NULL`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('points_entries').execute()
}
