/**
 * The platform domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { registerLifecycle } from './health'
export { emitEvent, emitEvents } from './outbox/emit'
export {
  listEvents as listWebhookEvents,
  eventDetail as webhookEventDetail,
  listDeliveries as listWebhookDeliveries,
  lockDelivery as lockWebhookDelivery,
  replayDelivery as replayWebhookDelivery,
} from './outbox/admin'
