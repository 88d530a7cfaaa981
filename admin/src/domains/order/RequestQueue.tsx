import { Box, Link, Typography } from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField as RaTextField,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { AdminOrderRequest } from '../../../../types/order/staff-endpoints'
import { DetailToggle } from '../../components/DetailToggle'
import { Facts } from '../../components/Facts'
import { StatusTabs } from '../../components/StatusTabs'
import { StatusWithOverdue } from '../../components/StatusChip'
import { countryDateTime } from '../../format'
import { useCategoryText, OrderStatus, RequestDecisions, RequestFiles, useStaffPermissions } from './parts'

const STATUSES = ['pending', 'in_progress', 'completed', 'rejected'] as const

const countryOfRequest = (r: AdminOrderRequest) => r.country

/**
 * Cancel and return requests (GET /admin/order-requests), oldest first: the 48-hour follow-up runs from the oldest.
 * Each row opens into the buyer's form, the uploaded files (downloaded with the staff token) and the decision.
 */
export function RequestQueue() {
  const translate = useTranslate()
  const filters = [
    <SelectInput
      key='type'
      source='type'
      alwaysOn
      choices={[
        { id: 'cancel', name: translate('resources.order-requests.kind.cancel') },
        { id: 'return', name: translate('resources.order-requests.kind.return') },
      ]}
    />,
  ]
  return (
    <List
      filterDefaultValues={{ status: 'pending' }}
      filters={filters}
      exporter={false}
      perPage={25}
      sort={{ field: 'createdAt', order: 'ASC' }}
    >
      <StatusTabs statuses={STATUSES} labelPrefix='resources.order-requests.status' />
      <Datagrid
        bulkActionButtons={false}
        expand={<RequestDetail />}
        rowClick='expand'
        expandSingle
        sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
      >
        <RaTextField source='requestNumber' sortable={false} />
        <FunctionField<AdminOrderRequest>
          source='kind'
          sortable={false}
          render={(r) => translate(`resources.order-requests.kind.${r.kind}`)}
        />
        <RaTextField source='orderNumber' sortable={false} />
        <FunctionField<AdminOrderRequest>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, countryOfRequest(r))}
        />
        <FunctionField<AdminOrderRequest>
          source='followUpBy'
          sortable={false}
          render={(r) => countryDateTime(r.followUpBy, countryOfRequest(r))}
        />
        <FunctionField<AdminOrderRequest>
          source='status'
          sortable={false}
          render={(r) => (
            <StatusWithOverdue text={translate(`resources.order-requests.status.${r.status}`)} overdue={r.overdue} />
          )}
        />
        <FunctionField
          label='resources.orders.detail'
          render={() => <DetailToggle show='resources.orders.showDetail' hide='resources.orders.hideDetail' />}
        />
      </Datagrid>
    </List>
  )
}

function RequestDetail() {
  const r = useRecordContext<AdminOrderRequest>()
  const translate = useTranslate()
  const createPath = useCreatePath()
  const permissions = useStaffPermissions()
  const categoryText = useCategoryText()
  if (!r) return null
  const country = countryOfRequest(r)
  const who = (d: { by: string | null; at: string; note: string | null } | null) =>
    d
      ? `${translate('resources.order-requests.by', { by: d.by ?? '—', at: countryDateTime(d.at, country) })}${
          d.note ? ` — ${d.note}` : ''
        }`
      : null
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Facts
        rows={[
          [
            'resources.order-requests.fields.orderNumber',
            permissions.includes('order.read') ? (
              <Link component={RouterLink} to={createPath({ resource: 'orders', id: r.orderNumber, type: 'show' })}>
                {r.orderNumber}
              </Link>
            ) : (
              r.orderNumber
            ),
          ],
          ['resources.order-requests.fields.orderStatus', <OrderStatus key='s' status={r.orderStatus} />],
          ['resources.order-requests.fields.category', categoryText(r)],
          ['resources.order-requests.fields.contact', [r.contactName, r.phone, r.email].filter(Boolean).join(' · ')],
          ['resources.order-requests.fields.remark', r.remark],
          ['resources.order-requests.fields.files', <RequestFiles key='f' request={r} />],
          ['resources.order-requests.fields.decision', who(r.decision)],
          ...(r.kind === 'return'
            ? ([['resources.order-requests.fields.goodsReceived', who(r.goodsReceived)]] as [string, string | null][])
            : []),
        ]}
      />
      {r.overdue && (
        <Typography variant='body2' color='error'>
          {translate('admin.common.overdue')}: {countryDateTime(r.followUpBy, country)}
        </Typography>
      )}
      <RequestDecisions request={r} />
    </Box>
  )
}
