import { sql, type Kysely } from 'kysely'
import { bilingual } from './helpers'

/**
 * Issue 13 (membership, the play half): lucky draws (lucky draw, blind box, wheel), their prizes and
 * records, the draw black list, prize orders of the gift bag, invitation activities, codes and uses.
 * Tasks need no table: a task's credit is a points entry (source 'task', source_ref
 * 'task:<code>:<period key>', unique per member in points_entries).
 *
 * - draw_prizes.stock is null (unlimited: the thanks-for-taking-part slot, small points prizes) or
 *   >= 0, decremented only by `stock = stock - 1 WHERE stock > 0`, so it can never go below 0;
 * - draw_records (user_id, idempotency_key) is unique: a retried draw never charges twice;
 * - prize_orders: one per winning draw of a physical prize, status of spec §4 "Redemption", address
 *   due 14 days after the draw;
 * - invitation_codes.uses <= the activity's use limit is kept by a conditional increment;
 *   invitation_uses (activity_id, invitee_id) is unique: one code per invitee per activity.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draw_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('cn','in')`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('lucky','blind_box','wheel')`))
    .$call(bilingual('name', 'rules'))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('points_per_draw', 'integer', (c) => c.notNull().check(sql`points_per_draw > 0`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day','week','month')`))
    .addColumn('period_limit', 'integer', (c) => c.notNull().check(sql`period_limit > 0`))
    .addColumn('total_limit', 'integer', (c) => c.notNull().check(sql`total_limit > 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('draw_activities_window_ck', sql`end_at > start_at`)
    .execute()

  await db.schema
    .createTable('draw_prizes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('activity_id', 'text', (c) => c.notNull().references('draw_activities.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('none','points','physical')`))
    .$call(bilingual('name'))
    .addColumn('points', 'integer', (c) => c.check(sql`points > 0`))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight > 0`))
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .addCheckConstraint('draw_prizes_points_ck', sql`(kind = 'points') = (points is not null)`)
    .addUniqueConstraint('draw_prizes_slot_uq', ['activity_id', 'slot'])
    .execute()

  await db.schema
    .createTable('draw_blacklist')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 200`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('draw_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('activity_id', 'text', (c) => c.notNull().references('draw_activities.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prize_id', 'integer', (c) => c.notNull().references('draw_prizes.id'))
    .addColumn('period_key', 'text', (c) => c.notNull())
    .addColumn('points_spent', 'integer', (c) => c.notNull().check(sql`points_spent > 0`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('draw_records_idem_uq', ['user_id', 'idempotency_key'])
    .execute()
  await sql`CREATE INDEX draw_records_member_idx ON draw_records (user_id, activity_id, period_key)`.execute(db)
  await sql`CREATE INDEX draw_records_history_idx ON draw_records (user_id, created_at DESC, id DESC)`.execute(db)

  await db.schema
    .createTable('prize_orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('draw_id', 'bigint', (c) => c.notNull().unique().references('draw_records.id'))
    .addColumn('prize_id', 'integer', (c) => c.notNull().references('draw_prizes.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('created','submitted','shipped','cancelled','partial_shipped','pending_shipped','expired')`,
        ),
    )
    .addColumn('address_due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ship_to_id', 'integer', (c) => c.references('ship_tos.id'))
    .addColumn('ship_to_label', 'text')
    .addColumn('ship_to_key', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX prize_orders_member_idx ON prize_orders (user_id, created_at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX prize_orders_due_idx ON prize_orders (address_due_at) WHERE status = 'created'`.execute(db)

  await db.schema
    .createTable('invitation_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('cn','in')`))
    .$call(bilingual('name', 'rules'))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('inviter_points', 'integer', (c) => c.notNull().check(sql`inviter_points > 0`))
    .addColumn('invitee_points', 'integer', (c) => c.notNull().check(sql`invitee_points > 0`))
    .addColumn('use_limit', 'integer', (c) => c.notNull().check(sql`use_limit > 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('invitation_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('activity_id', 'text', (c) => c.notNull().references('invitation_activities.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uses', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0`),
    )
    .addUniqueConstraint('invitation_codes_member_uq', ['activity_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('invitation_uses')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('activity_id', 'text', (c) => c.notNull().references('invitation_activities.id'))
    .addColumn('code', 'text', (c) => c.notNull().references('invitation_codes.code'))
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_points', 'integer', (c) => c.notNull())
    .addColumn('invitee_points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invitation_uses_invitee_uq', ['activity_id', 'invitee_id'])
    .addCheckConstraint('invitation_uses_self_ck', sql`inviter_id <> invitee_id`)
    .execute()
  await sql`CREATE INDEX invitation_uses_inviter_idx ON invitation_uses (inviter_id, created_at DESC)`.execute(db)
  await sql`CREATE INDEX invitation_uses_invitee_idx ON invitation_uses (invitee_id)`.execute(db)
}

/** The tables this migration creates, children before parents (down() drops them in this order). */
export const MEMBER_PLAY_TABLES = [
  'invitation_uses',
  'invitation_codes',
  'invitation_activities',
  'prize_orders',
  'draw_records',
  'draw_blacklist',
  'draw_prizes',
  'draw_activities',
]

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of MEMBER_PLAY_TABLES) {
    await db.schema.dropTable(t).execute()
  }
}
