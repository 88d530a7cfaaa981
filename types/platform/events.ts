/**
 * The business events the store reports to the supplier's ERP (issue 24): each is written to the outbox in the
 * transaction of its change and delivered as a signed webhook (Standard Webhooks) with the body
 * `{ type, timestamp, data }`. The catalogue with examples is docs/erp.md.
 */
export const EVENT_TYPES = [
  'order.placed',
  'order.cancelled',
  'order.status_changed',
  'order.held',
  'order.released',
  'order_request.created',
  'order_request.decided',
  'return.goods_received',
  'ship_to.added',
  'ship_to.changed',
  'ship_to.decided',
  'account.changed',
  'user.registered',
  'onboarding.requested',
  'onboarding.decided',
  'supply_centre.requested',
  'supply_centre.decided',
  'enquiry.created',
  'enquiry.replied',
  'quote.created',
  'points.adjusted',
  'redemption.created',
  'redemption.shipped',
  'redemption.cancelled',
] as const
export type EventType = (typeof EVENT_TYPES)[number]
