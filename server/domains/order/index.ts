/**
 * The order domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export {
  writeOrders,
  shipToSnapshot,
  type OrderDraft,
  type OrderLineDraft,
  type ShipToColumns,
  type ShipToSnapshot,
} from './write-orders'
// the one function that changes an order's status (issue 24): staff decisions, the ERP's inbound calls, the buyer's
// confirmation link
export {
  changeOrderStatus,
  checkStatusChange,
  lockOrder,
  type LockedOrder,
  type StatusChange,
  type AppliedStatusChange,
} from './status-change'
export { orderPlacedEvents } from './order-events'
export { keyReused as placementKeyReused, billToNotFound } from './place/messages'
