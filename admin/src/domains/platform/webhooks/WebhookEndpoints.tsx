import { Box } from '@mui/material'
import { Datagrid, FunctionField, List, useTranslate } from 'react-admin'
import type { WebhookEndpoint } from '../../../../../types/platform/staff-endpoints'
import { countryDateTime } from '../../../format'

/** the delivery counts shown per URL, each a column */
const COUNTS = ['delivered', 'pending', 'retrying', 'dead'] as const

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
        {COUNTS.map((k) => (
          <FunctionField<WebhookEndpoint>
            key={k}
            source={k}
            sortable={false}
            textAlign='right'
            render={(r) => r.deliveries[k]}
          />
        ))}
        <FunctionField<WebhookEndpoint>
          source='lastDeliveredAt'
          sortable={false}
          render={(r) => countryDateTime(r.lastDeliveredAt, 'cn')}
        />
      </Datagrid>
    </List>
  )
}
