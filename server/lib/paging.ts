/**
 * The paging of a list endpoint (`page` from 1, `pageSize`; both optional in the query): the page asked for,
 * its size, and how many rows come before it.
 */
export function paging(q: { page?: number; pageSize?: number }, defaultSize = 20) {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? defaultSize
  return { page, pageSize, offset: (page - 1) * pageSize }
}
