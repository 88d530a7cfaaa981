/**
 * The order history's pure rules (no schema library: the app imports them). The contract of
 * GET /order/list is types/order/history.ts.
 */

/** Spec §9: "Order history shows the last 3 months; export and email cover up to one year." */
export const ORDER_HISTORY_MONTHS = 3
export const ORDER_LIST_LIMIT_MAX = 50
export const ORDER_LIST_LIMIT_DEFAULT = 20
/** a search is an order, sales order or PO number: PO numbers have at most 60 characters (spec §9) */
export const ORDER_SEARCH_MAX = 60
export const ORDER_LIST_THUMBNAILS_MAX = 4

/**
 * The first instant of the history window: `now` minus 3 calendar months, the day clamped to the
 * end of a shorter month (31 May → 28/29 Feb), as PostgreSQL's `now() - interval '3 months'`.
 */
export function orderHistorySince(now: Date, months = ORDER_HISTORY_MONTHS): Date {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth() - months
  const target = new Date(Date.UTC(y, m, 1))
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  const d = Math.min(now.getUTCDate(), daysInTarget)
  return new Date(
    Date.UTC(
      target.getUTCFullYear(),
      target.getUTCMonth(),
      d,
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  )
}
