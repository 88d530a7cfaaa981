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
export { advanceDueOrders, lifecycleJobOptions } from './lifecycle'
export { keyReused as placementKeyReused, billToNotFound } from './place/messages'
