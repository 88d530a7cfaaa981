import type { StaffSamples } from './types'

/**
 * Sample requests for the platform domain's staff routes (types/platform/staff-endpoints.ts): the ERP webhooks'
 * log and replay. The seed (server/db/seed/outbox.ts) has one event whose delivery (id 1) is dead: the first replay
 * answers 200 and makes it pending; a second one finds it pending (409).
 */
export const platformSamples: StaffSamples = {
  'GET /api/admin/webhooks/events': { url: '/api/admin/webhooks/events?page=1&pageSize=5&status=dead' },
  'GET /api/admin/webhooks/events/:id': { url: '/api/admin/webhooks/events/evt_01seed00000000000000000001' },
  'GET /api/admin/webhooks/deliveries': { url: '/api/admin/webhooks/deliveries?status=dead' },
  'POST /api/admin/webhooks/deliveries/:id/replay': { url: '/api/admin/webhooks/deliveries/1/replay' },
  // issue 25, read-only: the configured webhook URLs with their deliveries' counts
  'GET /api/admin/webhooks/endpoints': { url: '/api/admin/webhooks/endpoints' },
}
