import { Box } from '@mui/material'
import { Datagrid, FunctionField, List, useTranslate } from 'react-admin'
import type { WebhookEndpoint } from '../../../../../types/platform/staff-endpoints'
import { countryDateTime } from '../../../format'

/** The configured webhook URLs (WEBHOOK_URLS; GET /admin/webhooks/endpoints) and how their deliveries stand. */
export function WebhookEndpoints() {
  const translate = useTranslate()
  return (
    <List exporter={false} perPage={100} pagination={false} empty={false}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<Box sx={{ p: 2 }}>{translate('resources.webhook-endpoints.empty')}</Box>}
      >
        <FunctionField<WebhookEndpoint>
          source='url'
          sortable={false}
          render={(r) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 420 }}>{r.url}</Box>}
        />
        <FunctionField<WebhookEndpoint>
          source='active'
          sortable={false}
          render={(r) =>
            translate(r.active ? 'resources.webhook-endpoints.configured' : 'resources.webhook-endpoints.removed')
          }
        />
        <FunctionField<WebhookEndpoint>
          source='delivered'
          sortable={false}
          textAlign='right'
          render={(r) => r.deliveries.delivered}
        />
        <FunctionField<WebhookEndpoint>
          source='pending'
          sortable={false}
          textAlign='right'
          render={(r) => r.deliveries.pending}
        />
        <FunctionField<WebhookEndpoint>
          source='retrying'
          sortable={false}
          textAlign='right'
          render={(r) => r.deliveries.retrying}
        />
        <FunctionField<WebhookEndpoint>
          source='dead'
          sortable={false}
          textAlign='right'
          render={(r) => r.deliveries.dead}
        />
        <FunctionField<WebhookEndpoint>
          source='lastDeliveredAt'
          sortable={false}
          render={(r) => countryDateTime(r.lastDeliveredAt, 'cn')}
        />
      </Datagrid>
    </List>
  )
}
