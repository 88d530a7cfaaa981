import { sql, type Kysely } from 'kysely'
import type { DB } from '../schema'
import { followUpBy } from '../../../types/order/return-rules'

/**
 * Cancel and return requests waiting for staff (issue 24: the staff decisions need something to decide, and the
 * role matrix's first allowed call must answer 200). On approved.in's orders (tests of the buyer's requests use
 * approved.cn's), deterministic from the seeded orders and the seed day:
 * - RR-000001: a pending cancellation of its first SUBMITTED order (accepting it cancels the order);
 * - RR-000002: a pending return of its first COMPLETED order;
 * - RR-000003: an accepted return of its second COMPLETED order, awaiting the goods.
 */
export async function seedOrderRequests(db: Kysely<DB>, anchor: number): Promise<void> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'account_id', 'first_name', 'last_name', 'email', 'phone'])
    .where('user_name', '=', 'approved.in')
    .executeTakeFirst()
  if (!u?.account_id) return
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('account_id', '=', u.account_id)
    .orderBy('id')
    .execute()
  const submitted = orders.find((o) => o.status === 'SUBMITTED')
  const completed = orders.filter((o) => o.status === 'COMPLETED')
  if (!submitted || completed.length < 2)
    throw new Error('seed: approved.in needs a SUBMITTED and two COMPLETED orders')
  const HOUR = 3_600_000
  const contact = {
    account_id: u.account_id,
    user_id: u.id,
    contact_name: `${u.first_name} ${u.last_name}`,
    phone: u.phone ?? '+91-9845012345',
    email: u.email,
  }
  const at = (hoursAgo: number) => new Date(anchor - hoursAgo * HOUR)
  const rows = [
    {
      ...contact,
      kind: 'cancel' as const,
      order_id: submitted.id,
      category: 'order_error',
      sub_category: 'wrong_quantity',
      remark: 'Ordered 10 packs, we need 1',
      status: 'pending' as const,
      created_at: at(6),
      follow_up_by: followUpBy(at(6)),
    },
    {
      ...contact,
      kind: 'return' as const,
      order_id: completed[0].id,
      category: 'return',
      sub_category: 'temperature',
      remark: 'The ice packs had melted on arrival',
      status: 'pending' as const,
      created_at: at(30),
      follow_up_by: followUpBy(at(30)),
    },
    {
      ...contact,
      kind: 'return' as const,
      order_id: completed[1].id,
      category: 'return',
      sub_category: 'wrong_item',
      remark: 'Received 500 mL instead of 100 mL',
      status: 'in_progress' as const,
      created_at: at(72),
      follow_up_by: followUpBy(at(72)),
      decided_by: 'staff:staff-customerService',
      decided_at: at(60),
      decision_note: 'Please send the bottle back unopened; a courier pick-up is booked',
    },
  ]
  // a reseed truncates the requests but not their number sequence (it belongs to no column): start it again
  const { n } = await db
    .selectFrom('order_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  if (n === 0) await sql`ALTER SEQUENCE order_request_number_seq RESTART WITH 1`.execute(db)
  // one at a time: the request numbers (RR-000001...) follow the rows' order
  for (const r of rows) await db.insertInto('order_requests').values(r).execute()
}
