// type only: schemas.ts loads the schema library, and the app imports this file
import type { OrderStatusCode } from './schemas'

/**
 * How an order moves through its statuses over time (issue 12: "Orders move through their statuses
 * over time: a server-side job (or a protected operator endpoint) advances them and adds shipments").
 * The spec lists the status codes (§4) but not their transitions; our reading, as a pure table:
 *
 *   SUBMITTED / ORDER_SUBMITTED ──▶ IN_PROGRESS ──▶ SHIPPED (a shipment is added) ──▶ COMPLETED (signed)
 *   'Waiting for Delivery' ──▶ COMPLETED (signed)
 *   PENDING_ADDRESS_VALIDATION ──▶ SUBMITTED, only once its ship-to address has been approved
 *   PENDING_REVIEW, TO_BE_CONFIRMED, PENDING_APPROVAL, PENDING: wait for a person (no automatic step)
 *   COMPLETED, CANCELLED: final
 *
 * A cancel moves an order that has not left the warehouse to CANCELLED.
 * Pure data and functions: the server's job and operator endpoint (server/domains/order/lifecycle.ts) use it.
 */

/** What a step does besides changing the status. */
export type LifecycleEffect = 'none' | 'ship' | 'sign'

export interface LifecycleStep {
  from: OrderStatusCode
  to: OrderStatusCode
  effect: LifecycleEffect
  /** the step waits for the order's ship-to address to be approved (ACTIVE) */
  needsApprovedAddress?: boolean
}

export const LIFECYCLE_STEPS: readonly LifecycleStep[] = [
  { from: 'SUBMITTED', to: 'IN_PROGRESS', effect: 'none' },
  { from: 'ORDER_SUBMITTED', to: 'IN_PROGRESS', effect: 'none' },
  { from: 'IN_PROGRESS', to: 'SHIPPED', effect: 'ship' },
  { from: 'SHIPPED', to: 'COMPLETED', effect: 'sign' },
  { from: 'Waiting for Delivery', to: 'COMPLETED', effect: 'sign' },
  { from: 'PENDING_ADDRESS_VALIDATION', to: 'SUBMITTED', effect: 'none', needsApprovedAddress: true },
]

/** Final statuses: nothing moves them. */
export const FINAL_STATUSES: readonly OrderStatusCode[] = ['COMPLETED', 'CANCELLED']

/** Statuses the job never moves: a person (finance, a reviewer, an approver) decides. */
export const WAITING_STATUSES: readonly OrderStatusCode[] = [
  'PENDING_REVIEW',
  'TO_BE_CONFIRMED',
  'PENDING_APPROVAL',
  'PENDING',
]

/** Statuses from which the job can move an order (the server's query filters on these). */
export const ADVANCEABLE_STATUSES: readonly OrderStatusCode[] = LIFECYCLE_STEPS.map((s) => s.from)

export type NextStep =
  | { kind: 'step'; step: LifecycleStep }
  | { kind: 'final' }
  | { kind: 'waiting'; reason: 'review' | 'address' }
  | { kind: 'unknown' }

/** The next step of an order in status `from`; `addressApproved` says whether its ship-to is ACTIVE now. */
export function nextStep(from: string, ctx: { addressApproved: boolean }): NextStep {
  if ((FINAL_STATUSES as readonly string[]).includes(from)) return { kind: 'final' }
  if ((WAITING_STATUSES as readonly string[]).includes(from)) return { kind: 'waiting', reason: 'review' }
  const step = LIFECYCLE_STEPS.find((s) => s.from === from)
  if (!step) return { kind: 'unknown' }
  if (step.needsApprovedAddress && !ctx.addressApproved) return { kind: 'waiting', reason: 'address' }
  return { kind: 'step', step }
}

/** Statuses an order can be cancelled from: it has not left the warehouse and is not final. */
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
export const canCancel = (status: string): boolean => (CANCELLABLE_STATUSES as readonly string[]).includes(status)

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

/** The carriers a shipment is given, per country (the seed's history uses the same). */
export const CARRIERS = {
  cn: [
    { name: '顺丰速运', prefix: 'SF', digits: 12 },
    { name: '京东物流', prefix: 'JDVA', digits: 11 },
  ],
  in: [
    { name: 'Blue Dart', prefix: '', digits: 11 },
    { name: 'Delhivery', prefix: '', digits: 13 },
  ],
} as const
