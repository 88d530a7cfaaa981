import { Type, type Static } from 'typebox'
import { get, permitted, post } from '../endpoint'
import { Closed, Literals, Nullable, Paged, pageQueryFields } from '../common'
import { EVENT_TYPES } from './events'

/**
 * The platform domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`permitted`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 *
 * The ERP webhooks: the outbox's events, their deliveries (one per event and webhook URL) with every try, and the
 * replay of a delivery. Served by server/domains/staff/webhooks.ts; docs/admin-api/webhooks.md.
 */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const
export const DeliveryStatusSchema = Literals(DELIVERY_STATUSES)
export const EventTypeSchema = Literals(EVENT_TYPES)

/** One try of a delivery. */
export const WebhookAttemptSchema = Type.Object({
  attempt: Type.Integer({ description: '1 for the first try; counts again from 1 after a replay' }),
  at: Type.String({ description: 'ISO 8601 instant the call started' }),
  statusCode: Nullable(Type.Integer({ description: "the receiver's HTTP status; null when no answer came" })),
  durationMs: Type.Integer(),
  error: Nullable(
    Type.String({ description: "why the try failed ('HTTP 503', 'ECONNREFUSED', 'timeout'); null when delivered" }),
  ),
})
export type WebhookAttempt = Static<typeof WebhookAttemptSchema>

/** One event to one webhook URL. */
export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  endpointUrl: Type.String({ description: 'the webhook URL (credential-like query parameters redacted)' }),
  endpointActive: Type.Boolean({ description: 'false when the URL is no longer configured (nothing is sent to it)' }),
  status: DeliveryStatusSchema,
  attempts: Type.Integer({ description: 'tries so far' }),
  nextAttemptAt: Nullable(Type.String({ description: 'when a pending delivery is tried next' })),
  lastStatus: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  deliveredAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>

/** A delivery with its tries, oldest first. */
export const WebhookDeliveryDetailSchema = Type.Object({
  ...WebhookDeliverySchema.properties,
  attemptLog: Type.Array(WebhookAttemptSchema),
})

/** One event of the outbox, with how its deliveries stand. */
export const WebhookEventSchema = Type.Object({
  id: Type.String({ description: "'evt_…': the webhook-id header of every delivery of the event" }),
  seq: Type.String({ description: 'the outbox order' }),
  type: Type.String(),
  createdAt: Type.String(),
  deliveries: Type.Object({ pending: Type.Integer(), delivered: Type.Integer(), dead: Type.Integer() }),
})
export type WebhookEvent = Static<typeof WebhookEventSchema>

export const WebhookEventDetailSchema = Type.Object({
  id: Type.String(),
  seq: Type.String(),
  type: Type.String(),
  createdAt: Type.String(),
  data: Type.Unknown({ description: 'the payload, as the body sends it under `data`' }),
  deliveries: Type.Array(WebhookDeliveryDetailSchema),
})
export type WebhookEventDetail = Static<typeof WebhookEventDetailSchema>

export const WebhookEventQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  type: Type.Optional(EventTypeSchema),
  // events with at least one delivery in this status
  status: Type.Optional(DeliveryStatusSchema),
})
export const WebhookDeliveryQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  status: Type.Optional(DeliveryStatusSchema),
  eventId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
})
export const WebhookEventParamsSchema = Closed({ id: Type.String({ minLength: 1, maxLength: 64 }) })
export const WebhookDeliveryParamsSchema = Closed({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) })

/** A configured webhook URL (WEBHOOK_URLS) and how its deliveries stand. */
export const WebhookEndpointSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String({ description: 'the webhook URL (credential-like query parameters redacted)' }),
  active: Type.Boolean({ description: 'false when the URL is no longer configured (nothing is sent to it)' }),
  createdAt: Type.String(),
  deliveries: Type.Object({
    delivered: Type.Integer(),
    pending: Type.Integer(),
    /** pending deliveries whose last try failed (being retried) */
    retrying: Type.Integer(),
    /** deliveries that gave up (dead): a replay sends them again */
    dead: Type.Integer(),
  }),
  lastDeliveredAt: Nullable(Type.String()),
})
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>

export const platformStaffEndpoints = permitted('webhook.manage', {
  webhookEndpoints: get('/admin/webhooks/endpoints', Type.Array(WebhookEndpointSchema)),
  webhookEvents: get('/admin/webhooks/events', Paged(WebhookEventSchema), { query: WebhookEventQuerySchema }),
  webhookEvent: get('/admin/webhooks/events/:id', WebhookEventDetailSchema, { params: WebhookEventParamsSchema }),
  webhookDeliveries: get('/admin/webhooks/deliveries', Paged(WebhookDeliverySchema), {
    query: WebhookDeliveryQuerySchema,
  }),
  webhookReplay: post('/admin/webhooks/deliveries/:id/replay', WebhookDeliverySchema, {
    params: WebhookDeliveryParamsSchema,
  }),
})
