// type only: schemas.ts loads the schema library, and the app imports this file
import type { OrderStatusCode } from './schemas'

/**
 * THE order transition graph (issue 12, issue 24): every status change of an order, whoever asks for it (a staff
 * decision, the ERP's inbound status and shipment calls, a buyer's confirmation link), is one edge of
 * ORDER_TRANSITIONS; a change that is not an edge is impossible (the server answers 409 and names both statuses).
 * The spec lists the status codes (§4) but not their transitions ("transitions between them: not shown"); our reading:
 *
 *   SUBMITTED / ORDER_SUBMITTED ──▶ IN_PROGRESS ──▶ SHIPPED (a shipment) ──▶ COMPLETED (signed)
 *   SHIPPED ──▶ 'Waiting for Delivery' ──▶ COMPLETED (signed)
 *   PENDING_ADDRESS_VALIDATION ──▶ SUBMITTED, only once its ship-to address has been approved
 *   SUBMITTED / ORDER_SUBMITTED ──▶ PENDING_REVIEW, TO_BE_CONFIRMED or PENDING_APPROVAL (the back office holds it for a person)
 *   PENDING_REVIEW, TO_BE_CONFIRMED (financial review), PENDING_APPROVAL ──▶ SUBMITTED when a reviewer approves
 *   TO_BE_CONFIRMED, PENDING ──▶ SUBMITTED when the buyer confirms through the confirmation link
 *   every status that has not left the warehouse ──▶ CANCELLED (stock released, points taken back)
 *   COMPLETED, CANCELLED: final
 *
 * A staff hold is not a status: a held order keeps its status and no edge applies while it is held
 * (server/domains/order/status-change.ts). Pure data and functions, shared by the app and the server.
 */

/** What a step does besides changing the status: add a shipment, sign the open shipments, undo the order's effects. */
export type LifecycleEffect = 'none' | 'ship' | 'sign' | 'cancel'

/**
 * Who may take an edge: 'advance' is the order's way forward, which the ERP reports (POST /api/erp/orders/status and
 * /api/erp/shipments; in development the stand-in ERP, server/erp-standin); 'hold' the ERP's other moves (an order
 * put in front of a person, the carrier's last leg); then a reviewer's approval, the buyer's confirmation, a cancel.
 */
export type TransitionTrigger = 'advance' | 'approve' | 'confirm' | 'hold' | 'cancel'

export interface LifecycleStep {
  from: OrderStatusCode
  to: OrderStatusCode
  effect: LifecycleEffect
  /** the step waits for the order's ship-to address to be approved (ACTIVE) */
  needsApprovedAddress?: boolean
}

export interface OrderTransition extends LifecycleStep {
  by: TransitionTrigger
}

/** Final statuses: nothing moves them. */
export const FINAL_STATUSES: readonly OrderStatusCode[] = ['COMPLETED', 'CANCELLED']

/** Statuses a reviewer decides (order.review): pending review, financial review, pending approval (statuses.ts labels). */
export const REVIEW_STATUSES = ['PENDING_REVIEW', 'TO_BE_CONFIRMED', 'PENDING_APPROVAL'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** Statuses no forward step leaves: a person (finance, a reviewer, an approver, the buyer) decides. */
export const WAITING_STATUSES: readonly OrderStatusCode[] = [...REVIEW_STATUSES, 'PENDING']

/** Statuses from which an order can be cancelled: it has not left the warehouse and is not final. */
export const CANCELLABLE_STATUSES: readonly OrderStatusCode[] = [
  'SUBMITTED',
  'ORDER_SUBMITTED',
  'PENDING_REVIEW',
  'TO_BE_CONFIRMED',
  'IN_PROGRESS',
  'PENDING_ADDRESS_VALIDATION',
  'PENDING_APPROVAL',
  'PENDING',
]

/**
 * Statuses from which the BUYER may ask for a cancellation (the cancel-order request, spec §2): before the order is
 * being processed. IN_PROGRESS is at the warehouse already and PENDING (on hold, spec §9) is answered through its
 * confirmation link, so the buyer asks customer service for those; staff can still cancel them (CANCELLABLE_STATUSES).
 */
export const BUYER_CANCELLABLE_STATUSES: readonly OrderStatusCode[] = CANCELLABLE_STATUSES.filter(
  (s) => s !== 'IN_PROGRESS' && s !== 'PENDING',
)

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // the way forward (one 'advance' edge per status), as the ERP reports the order's progress
  { from: 'SUBMITTED', to: 'IN_PROGRESS', effect: 'none', by: 'advance' },
  { from: 'ORDER_SUBMITTED', to: 'IN_PROGRESS', effect: 'none', by: 'advance' },
  { from: 'IN_PROGRESS', to: 'SHIPPED', effect: 'ship', by: 'advance' },
  { from: 'SHIPPED', to: 'COMPLETED', effect: 'sign', by: 'advance' },
  { from: 'Waiting for Delivery', to: 'COMPLETED', effect: 'sign', by: 'advance' },
  { from: 'PENDING_ADDRESS_VALIDATION', to: 'SUBMITTED', effect: 'none', by: 'advance', needsApprovedAddress: true },
  // the carrier's last leg (the ERP reports it, or goes straight to COMPLETED with the delivery)
  { from: 'SHIPPED', to: 'Waiting for Delivery', effect: 'none', by: 'hold' },
  // the back office puts a placed order in front of a person
  ...(['SUBMITTED', 'ORDER_SUBMITTED'] as const).flatMap((from) =>
    REVIEW_STATUSES.map((to): OrderTransition => ({ from, to, effect: 'none', by: 'hold' })),
  ),
  // a reviewer approves
  ...REVIEW_STATUSES.map((from): OrderTransition => ({ from, to: 'SUBMITTED', effect: 'none', by: 'approve' })),
  // the buyer confirms an order waiting for them (TO_BE_CONFIRMED's edge to SUBMITTED is the approval's above)
  { from: 'PENDING', to: 'SUBMITTED', effect: 'none', by: 'confirm' },
  // a cancel (a reviewer's rejection, an accepted cancel request, the buyer's confirmation link, the ERP)
  ...CANCELLABLE_STATUSES.map((from): OrderTransition => ({ from, to: 'CANCELLED', effect: 'cancel', by: 'cancel' })),
]

/** The edge from one status to another (null: that change is impossible). */
export function transitionOf(from: string, to: string): OrderTransition | null {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to) ?? null
}

/**
 * The steps of the way forward: the 'advance' edges, one per status (kept under their issue-12 name). A ship-to
 * approval takes the one that waits for the address (server/domains/account/staff/ship-tos.ts).
 */
export const LIFECYCLE_STEPS: readonly LifecycleStep[] = ORDER_TRANSITIONS.filter((t) => t.by === 'advance')

/** Where a reviewer's decision takes an order in review: approve → the 'approve' edge, reject → CANCELLED. */
export function reviewTarget(from: string, decision: 'approve' | 'reject'): OrderStatusCode | null {
  if (!(REVIEW_STATUSES as readonly string[]).includes(from)) return null
  const t = ORDER_TRANSITIONS.find((x) => x.from === from && x.by === (decision === 'approve' ? 'approve' : 'cancel'))
  return t?.to ?? null
}

/**
 * What the buyer sees of a held order (issue 24 "hold and release"): the spec's "on hold" label, whose code is
 * PENDING (types/order/statuses.ts), whatever status the order is held in; not held, its own status.
 */
export const HELD_STATUS_SHOWN = 'PENDING' as const satisfies OrderStatusCode
export const shownStatus = (status: string, heldFrom: string | null): string =>
  heldFrom !== null ? HELD_STATUS_SHOWN : status

export const canCancel = (status: string): boolean => (CANCELLABLE_STATUSES as readonly string[]).includes(status)
export const canBuyerRequestCancel = (status: string): boolean =>
  (BUYER_CANCELLABLE_STATUSES as readonly string[]).includes(status)

/**
 * The status after a buyer confirms an order through its confirmation link: an order waiting for the
 * buyer's confirmation (TO_BE_CONFIRMED, PENDING) is released as SUBMITTED; an open order keeps its
 * status; anything else (shipped, completed, cancelled) cannot be confirmed (null: "confirmation failed").
 */
export function statusAfterConfirm(status: string): OrderStatusCode | null {
  if (status === 'TO_BE_CONFIRMED' || status === 'PENDING') return 'SUBMITTED'
  return canCancel(status) ? (status as OrderStatusCode) : null
}

/** Confirmation-link windows: spec §9 "Pre-order: 24 hours"; an order's link (not in the spec) lasts 7 days. */
export const CONFIRMATION_WINDOW_MS = { preorder: 24 * 3600_000, order: 7 * 24 * 3600_000 } as const
export type ConfirmationKind = keyof typeof CONFIRMATION_WINDOW_MS
