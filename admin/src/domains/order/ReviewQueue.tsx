import { Box, Link, Typography } from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  TextField as RaTextField,
  useCreatePath,
  useGetOne,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { AdminOrderDetail, AdminOrderSummary } from '../../../../types/order/staff-endpoints'
import { REVIEW_STATUSES } from '../../../../types/order/lifecycle'
import { DetailToggle } from '../../components/DetailToggle'
import { Facts } from '../../components/Facts'
import { Loading } from '../../components/Loading'
import { StatusTabs } from '../../components/StatusTabs'
import { countryDateTime, money } from '../../format'
import { accountText, OrderDecisions, OrderStatus, SmallTable, useStaffPermissions } from './parts'

/**
 * Orders waiting on a decision (GET /admin/orders?status=…): pending review, financial review, pending approval,
 * oldest first. A row opens into the order's lines and the decisions (approve, reject with a reason, hold, release,
 * a confirmation link for the buyer).
 */
export function ReviewQueue() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  return (
    <List
      filterDefaultValues={{ status: REVIEW_STATUSES[0] }}
      exporter={false}
      perPage={25}
      sort={{ field: 'placedAt', order: 'ASC' }}
    >
      <StatusTabs statuses={REVIEW_STATUSES} labelPrefix='resources.orders.status' />
      <Datagrid
        bulkActionButtons={false}
        expand={<ReviewDetail />}
        rowClick='expand'
        expandSingle
        sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
      >
        <RaTextField source='orderNumber' sortable={false} />
        <FunctionField<AdminOrderSummary> source='account' sortable={false} render={(r) => accountText(r.account)} />
        <FunctionField<AdminOrderSummary>
          source='placedAt'
          sortable={false}
          render={(r) => countryDateTime(r.placedAt, r.account.country)}
        />
        <FunctionField<AdminOrderSummary>
          source='total'
          sortable={false}
          textAlign='right'
          render={(r) => money(r.total, r.currency, locale)}
        />
        <FunctionField<AdminOrderSummary>
          source='status'
          sortable={false}
          label={translate('resources.order-reviews.fields.status')}
          render={(r) => <OrderStatus status={r.status} held={r.held} />}
        />
        <FunctionField
          label='resources.orders.detail'
          render={() => <DetailToggle show='resources.orders.showDetail' hide='resources.orders.hideDetail' />}
        />
      </Datagrid>
    </List>
  )
}

function ReviewDetail() {
  const r = useRecordContext<AdminOrderSummary>()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const createPath = useCreatePath()
  const permissions = useStaffPermissions()
  const { data, isPending } = useGetOne<AdminOrderDetail & { id: string }>(
    'order-reviews',
    { id: r?.orderNumber ?? '' },
    { enabled: !!r },
  )
  if (!r) return null
  if (isPending || !data?.lines) return <Loading />
  const c = data.currency
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Facts
        rows={[
          [
            'resources.orders.fields.orderNumber',
            permissions.includes('order.read') ? (
              <Link component={RouterLink} to={createPath({ resource: 'orders', id: data.orderNumber, type: 'show' })}>
                {translate('resources.order-reviews.openOrder', { number: data.orderNumber })}
              </Link>
            ) : (
              data.orderNumber
            ),
          ],
          ['resources.orders.fields.buyer', [data.buyer.userName, data.buyer.email].filter(Boolean).join(' · ')],
          ['resources.orders.fields.poNumber', data.poNumber],
          ['resources.orders.fields.remark', data.remark],
          ['resources.orders.fields.deliveryChannel', data.deliveryChannel],
        ]}
      />
      <Typography component='h3' variant='subtitle2'>
        {translate('resources.orders.sections.lines')}
      </Typography>
      <SmallTable
        caption={translate('resources.orders.sections.lines')}
        head={[
          'resources.orders.line.catalogNumber',
          'resources.orders.line.title',
          'resources.orders.line.size',
          'resources.orders.line.quantity',
          'resources.orders.line.lineTotal',
        ]}
        numeric={[3, 4]}
        rows={data.lines.map((l) => [l.catalogNumber, l.title, l.size, l.quantity, money(l.lineTotal, c, locale)])}
      />
      <OrderDecisions order={data} />
    </Box>
  )
}
