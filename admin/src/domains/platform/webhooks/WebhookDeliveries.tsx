import { useEffect, useState } from 'react'
import {
  Box,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  TextField as RaTextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { WebhookDelivery, WebhookEventDetail } from '../../../../../types/platform/staff-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { StatusChip } from '../../../components/StatusChip'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'

/** A delivery's status in words (with the colour as an extra, never alone). */
export function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  const translate = useTranslate()
  const tone = status === 'dead' ? 'bad' : status === 'pending' ? 'warn' : 'ok'
  return <StatusChip tone={tone} label={translate(`resources.webhook-deliveries.status.${status}`)} />
}

/**
 * The webhook deliveries to the ERP (GET /admin/webhooks/deliveries), newest first, by status: failed (dead) ones
 * can be replayed (confirmed). A row opens into its tries.
 */
export function WebhookDeliveries() {
  const filters = [
    <TextInput
      key='eventId'
      source='eventId'
      label='resources.webhook-deliveries.fields.eventId'
      helperText={false}
      alwaysOn
    />,
  ]
  return (
    <List filterDefaultValues={{ status: 'dead' }} filters={filters} exporter={false} perPage={25} empty={false}>
      <StatusTabs statuses={['dead', 'pending', 'delivered']} labelPrefix='resources.webhook-deliveries.status' />
      <Datagrid bulkActionButtons={false} expand={<DeliveryDetail />} rowClick='expand' expandSingle>
        <RaTextField source='id' sortable={false} />
        <RaTextField source='eventType' sortable={false} />
        <FunctionField<WebhookDelivery>
          source='endpointUrl'
          sortable={false}
          render={(r) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{r.endpointUrl}</Box>}
        />
        <FunctionField<WebhookDelivery>
          source='status'
          sortable={false}
          render={(r) => <DeliveryStatus status={r.status} />}
        />
        <RaTextField source='attempts' sortable={false} textAlign='right' />
        <FunctionField<WebhookDelivery>
          source='lastError'
          sortable={false}
          render={(r) => r.lastError ?? (r.lastStatus ? `HTTP ${r.lastStatus}` : '—')}
        />
        <FunctionField<WebhookDelivery>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, 'cn')}
        />
        <FunctionField<WebhookDelivery>
          source='actions'
          label=' '
          sortable={false}
          render={(r) => <ReplayButton delivery={r} />}
        />
      </Datagrid>
    </List>
  )
}

/** Sends a failed (or delivered) delivery again, from its first try: confirmed, audited. */
export function ReplayButton({
  delivery,
}: {
  delivery: Pick<WebhookDelivery, 'id' | 'status' | 'eventType' | 'endpointUrl'>
}) {
  const translate = useTranslate()
  if (delivery.status === 'pending') return null
  return (
    <DecisionButton
      label={translate('resources.webhook-deliveries.replay')}
      variant='outlined'
      question={translate('resources.webhook-deliveries.replayQuestion', {
        id: delivery.id,
        type: delivery.eventType,
        url: delivery.endpointUrl,
      })}
      done={translate('resources.webhook-deliveries.replayed')}
      onConfirm={() => adminCall('webhookReplay', { params: { id: delivery.id } })}
    />
  )
}

/** A delivery's tries (from its event's detail, GET /admin/webhooks/events/:id). */
function DeliveryDetail() {
  const d = useRecordContext<WebhookDelivery>()
  const translate = useTranslate()
  const [event, setEvent] = useState<WebhookEventDetail | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    if (!d) return
    adminCall('webhookEvent', { params: { id: d.eventId } })
      .then(setEvent)
      .catch((e: Error) => setProblem(e.message))
  }, [d])
  if (!d) return null
  const tries = event?.deliveries.find((x) => x.id === d.id)?.attemptLog ?? []
  const f = (k: string) => translate(`resources.webhook-deliveries.fields.${k}`)
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Stack direction='row' spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Typography variant='body2'>
          {f('eventId')}: <code>{d.eventId}</code>
        </Typography>
        <Typography variant='body2'>
          {f('nextAttemptAt')}: {countryDateTime(d.nextAttemptAt, 'cn')}
        </Typography>
        <Typography variant='body2'>
          {f('deliveredAt')}: {countryDateTime(d.deliveredAt, 'cn')}
        </Typography>
      </Stack>
      {problem && <Typography color='error'>{problem}</Typography>}
      <TableContainer component={Card} variant='outlined'>
        <Table size='small' aria-label={translate('resources.webhook-deliveries.tries')}>
          <TableHead>
            <TableRow>
              <TableCell>{f('attempt')}</TableCell>
              <TableCell>{f('at')}</TableCell>
              <TableCell>{f('statusCode')}</TableCell>
              <TableCell>{f('durationMs')}</TableCell>
              <TableCell>{f('lastError')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tries.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{translate('admin.common.none')}</TableCell>
              </TableRow>
            ) : (
              tries.map((t, i) => (
                <TableRow key={i}>
                  <TableCell>{t.attempt}</TableCell>
                  <TableCell>{countryDateTime(t.at, 'cn')}</TableCell>
                  <TableCell>{t.statusCode ?? '—'}</TableCell>
                  <TableCell>{t.durationMs} ms</TableCell>
                  <TableCell>{t.error ?? '—'}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  )
}
