// type only: schemas.ts loads the schema library, and the app imports this file
import type { OrderStatusCode } from './schemas'

/**
 * Order status labels (spec §4 "Status labels (transitions between them: not shown)"):
 *   "Order: submitted, in progress, pending review, financial review, pending approval, pending
 *    address validation, partially shipped, shipped, delivered, completed, cancelled, on hold. The
 *    mapped codes are SUBMITTED, ORDER_SUBMITTED, PENDING_REVIEW, TO_BE_CONFIRMED, IN_PROGRESS,
 *    COMPLETED, PENDING_ADDRESS_VALIDATION, CANCELLED, PENDING_APPROVAL, SHIPPED, PENDING and
 *    'Waiting for Delivery'."
 *
 * The spec lists twelve labels and twelve codes but not which code shows which label. Our reading:
 * - SUBMITTED and ORDER_SUBMITTED both read "submitted" (placed; ORDER_SUBMITTED is the back
 *   office's name for the same state);
 * - TO_BE_CONFIRMED reads "financial review": the order waits for finance to confirm credit or
 *   prepayment before it is released;
 * - PENDING reads "on hold": held without a named review (e.g. a special remark, held up to 48 hours, §9);
 * - 'Waiting for Delivery' reads "shipped": it has left the warehouse and is on its way (the
 *   carrier's package status, on the detail page, says "out for delivery");
 * - the other codes read the label of the same name.
 * "partially shipped" and "delivered" have no code in the spec's list: they keep their labels
 * (both languages) for shipment states, but no order code maps to them.
 *
 * Pure data, shared by the app (labels, tones, filter chips) and the server (status groups of GET /order/list).
 */

export const ORDER_STATUS_LABELS = [
  'submitted',
  'inProgress',
  'pendingReview',
  'financialReview',
  'pendingApproval',
  'pendingAddressValidation',
  'partiallyShipped',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'onHold',
] as const
export type OrderStatusLabel = (typeof ORDER_STATUS_LABELS)[number]

/** How a status looks: info (placed, moving), warning (waiting on a review or on the buyer), success, muted (cancelled). */
export type OrderStatusTone = 'info' | 'warning' | 'success' | 'muted'

export const ORDER_STATUS_MAP: Record<OrderStatusCode, { label: OrderStatusLabel; tone: OrderStatusTone }> = {
  SUBMITTED: { label: 'submitted', tone: 'info' },
  ORDER_SUBMITTED: { label: 'submitted', tone: 'info' },
  PENDING_REVIEW: { label: 'pendingReview', tone: 'warning' },
  TO_BE_CONFIRMED: { label: 'financialReview', tone: 'warning' },
  IN_PROGRESS: { label: 'inProgress', tone: 'info' },
  COMPLETED: { label: 'completed', tone: 'success' },
  PENDING_ADDRESS_VALIDATION: { label: 'pendingAddressValidation', tone: 'warning' },
  CANCELLED: { label: 'cancelled', tone: 'muted' },
  PENDING_APPROVAL: { label: 'pendingApproval', tone: 'warning' },
  SHIPPED: { label: 'shipped', tone: 'info' },
  PENDING: { label: 'onHold', tone: 'warning' },
  'Waiting for Delivery': { label: 'shipped', tone: 'info' },
}

/** The label of a status code; an unknown code (a newer back office) reads "in progress" rather than nothing. */
export const orderStatusOf = (code: string): { label: OrderStatusLabel; tone: OrderStatusTone } =>
  (ORDER_STATUS_MAP as Record<string, { label: OrderStatusLabel; tone: OrderStatusTone }>)[code] ?? {
    label: 'inProgress',
    tone: 'info',
  }

/**
 * The filter chips of the order history: groups of codes a buyer thinks in. Every code is in exactly
 * one group (a unit test checks), so "all" is the union of the groups.
 */
export const ORDER_STATUS_GROUPS = {
  open: ['SUBMITTED', 'ORDER_SUBMITTED', 'IN_PROGRESS'],
  review: ['PENDING_REVIEW', 'TO_BE_CONFIRMED', 'PENDING_APPROVAL', 'PENDING_ADDRESS_VALIDATION', 'PENDING'],
  shipped: ['SHIPPED', 'Waiting for Delivery'],
  completed: ['COMPLETED'],
  cancelled: ['CANCELLED'],
} as const satisfies Record<string, readonly OrderStatusCode[]>
export type OrderStatusGroup = keyof typeof ORDER_STATUS_GROUPS
export const ORDER_STATUS_GROUP_NAMES = Object.keys(ORDER_STATUS_GROUPS) as OrderStatusGroup[]

/** A status filter (a group or one code) → the codes it admits. */
export function codesOfFilter(filter: OrderStatusGroup | OrderStatusCode): readonly OrderStatusCode[] {
  return (
    (ORDER_STATUS_GROUPS as Record<string, readonly OrderStatusCode[]>)[filter] ??
    (filter in ORDER_STATUS_MAP ? [filter as OrderStatusCode] : [])
  )
}
