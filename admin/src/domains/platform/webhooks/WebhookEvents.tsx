import { Box, Stack, Typography } from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField as RaTextField,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { EVENT_TYPES } from '../../../../../types/platform/events'
import {
  DELIVERY_STATUSES,
  type WebhookEvent,
  type WebhookEventDetail,
} from '../../../../../types/platform/staff-endpoints'
import { countryDateTime } from '../../../format'
import { DeliveryStatus, ReplayButton } from './WebhookDeliveries'

/** The outbox's events (GET /admin/webhooks/events), newest first, by type and by a delivery's status. */
export function WebhookEvents() {
  const translate = useTranslate()
  const filters = [
    <SelectInput
      key='type'
      source='type'
      label='resources.webhook-events.fields.type'
      choices={EVENT_TYPES.map((t) => ({ id: t, name: t }))}
      emptyText={translate('resources.webhook-events.allTypes')}
      helperText={false}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
    <SelectInput
      key='status'
      source='status'
      label='resources.webhook-events.fields.status'
      choices={DELIVERY_STATUSES.map((s) => ({ id: s, name: translate(`resources.webhook-deliveries.status.${s}`) }))}
      emptyText={translate('resources.webhook-events.anyStatus')}
      helperText={false}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
  ]
  return (
    <List filters={filters} exporter={false} perPage={25} empty={false}>
      <Datagrid bulkActionButtons={false} expand={<EventDetail />} rowClick='expand' expandSingle>
        <RaTextField source='seq' sortable={false} />
        <RaTextField source='id' sortable={false} />
        <RaTextField source='type' sortable={false} />
        <FunctionField<WebhookEvent>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, 'cn')}
        />
        <FunctionField<WebhookEvent>
          source='deliveries'
          sortable={false}
          render={(r) =>
            translate('resources.webhook-events.counts', {
              delivered: r.deliveries.delivered,
              pending: r.deliveries.pending,
              dead: r.deliveries.dead,
            })
          }
        />
      </Datagrid>
    </List>
  )
}

/** An event's payload and its deliveries, each replayable. */
function EventDetail() {
  const r = useRecordContext<WebhookEvent>()
  const translate = useTranslate()
  const { data: got } = useGetOne<WebhookEventDetail & { id: string }>(
    'webhook-events',
    { id: r?.id },
    { enabled: !!r },
  )
  // the list's record (without payload and deliveries) stands in while the detail loads
  const data = got?.deliveries ? got : undefined
  if (!r) return null
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography component='h3' variant='subtitle2'>
        {translate('resources.webhook-events.payload')}
      </Typography>
      <Box
        component='pre'
        tabIndex={0}
        aria-label={translate('resources.webhook-events.payload')}
        sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', maxHeight: 320, fontSize: 13 }}
      >
        {data ? JSON.stringify(data.data, null, 2) : '…'}
      </Box>
      <Typography component='h3' variant='subtitle2'>
        {translate('resources.webhook-events.fields.deliveries')}
      </Typography>
      {(data?.deliveries ?? []).map((d) => (
        <Stack key={d.id} direction='row' spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <DeliveryStatus status={d.status} />
          <Typography variant='body2' sx={{ overflowWrap: 'anywhere' }}>
            #{d.id} · {d.endpointUrl} · {translate('resources.webhook-deliveries.fields.attempts')}: {d.attempts}
            {d.lastError ? ` · ${d.lastError}` : ''}
          </Typography>
          <ReplayButton delivery={d} />
        </Stack>
      ))}
    </Box>
  )
}
