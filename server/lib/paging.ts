import { sql, type SelectQueryBuilder } from 'kysely'

/**
 * The paging of a list endpoint (`page` from 1, `pageSize`; both optional in the query): the page asked for,
 * its size, and how many rows come before it.
 */
export function paging(q: { page?: number; pageSize?: number }, defaultSize = 20) {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? defaultSize
  return { page, pageSize, offset: (page - 1) * pageSize }
}

/**
 * One page of a list query and the count of all its rows, in one round of two queries: `base` is the filtered query
 * (no selection yet), `rows` adds the selection and the order. Every paged list of the staff API reads this way.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  q: { page?: number; pageSize?: number },
  rows: (b: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  defaultSize = 20,
): Promise<{ rows: O[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, offset } = paging(q, defaultSize)
  const [counted, found] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    rows(base).limit(pageSize).offset(offset).execute(),
  ])
  return { rows: found as O[], total: Number((counted as { total: number }).total), page, pageSize }
}
