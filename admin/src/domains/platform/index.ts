import SendIcon from '@mui/icons-material/Send'
import EventNoteIcon from '@mui/icons-material/EventNote'
import LinkIcon from '@mui/icons-material/Link'
import VpnKeyIcon from '@mui/icons-material/VpnKey'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { WebhookDeliveries } from './webhooks/WebhookDeliveries'
import { WebhookEvents } from './webhooks/WebhookEvents'
import { WebhookEndpoints } from './webhooks/WebhookEndpoints'
import { IntegrationClients } from './clients/IntegrationClients'
import { platformMessages } from './messages'

/**
 * The platform domain's screens in the console (issue 25), the integration section: the ERP webhooks (deliveries
 * with replay, events, the configured URLs) and the ERP's integration clients.
 */
export const resources: ResourceDef[] = [
  {
    name: 'webhook-deliveries',
    section: 'integration',
    permission: 'webhook.manage',
    api: { list: 'webhookDeliveries', maxPageSize: 100 },
    icon: SendIcon,
    list: WebhookDeliveries,
  },
  {
    name: 'webhook-events',
    section: 'integration',
    permission: 'webhook.manage',
    api: { list: 'webhookEvents', one: 'webhookEvent', maxPageSize: 100 },
    icon: EventNoteIcon,
    list: WebhookEvents,
  },
  {
    name: 'webhook-endpoints',
    section: 'integration',
    permission: 'webhook.manage',
    api: { list: 'webhookEndpoints' },
    icon: LinkIcon,
    list: WebhookEndpoints,
  },
  {
    name: 'integration-clients',
    section: 'integration',
    permission: 'integration.manage',
    api: { list: 'integrationClients', id: 'clientId' },
    icon: VpnKeyIcon,
    list: IntegrationClients,
  },
]

export const messages: Messages = platformMessages
