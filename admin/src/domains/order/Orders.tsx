import { useState, type ReactNode } from 'react'
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import {
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  SelectInput,
  Show,
  TextInput,
  TextField as RaTextField,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  type HttpError,
} from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { AdminOrderDetail, AdminOrderSummary } from '../../../../types/order/staff-endpoints'
import { ORDER_STATUS_CODES } from '../../../../types/order/schemas'
import { download, queryString } from '../../api/client'
import { Facts } from '../../components/Facts'
import { Loading } from '../../components/Loading'
import { countryDateTime, money } from '../../format'
import {
  accountText,
  useCategoryText,
  OrderDecisions,
  OrderStatus,
  RequestDecisions,
  RequestFiles,
  SmallTable,
} from './parts'

/** The search fields the server takes (GET /admin/orders/search and its export). */
const SEARCH_FIELDS = ['orderNumber', 'salesOrderNumber', 'poNumber', 'account', 'from', 'to', 'status'] as const

/** The Orders screen (order.read): search by number, sales order, PO, account, dates and status; export the search. */
export function OrderList() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const filters = [
    <TextInput key='orderNumber' source='orderNumber' alwaysOn resettable />,
    <TextInput key='poNumber' source='poNumber' alwaysOn resettable />,
    <TextInput key='salesOrderNumber' source='salesOrderNumber' resettable />,
    <TextInput key='account' source='account' resettable />,
    <DateInput key='from' source='from' />,
    <DateInput key='to' source='to' />,
    <SelectInput
      key='status'
      source='status'
      choices={ORDER_STATUS_CODES.map((s) => ({ id: s, name: translate(`resources.orders.status.${s}`) }))}
    />,
  ]
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportCsvButton />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
      sort={{ field: 'placedAt', order: 'DESC' }}
    >
      <Datagrid bulkActionButtons={false} rowClick='show' sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}>
        <FunctionField<AdminOrderSummary>
          source='orderNumber'
          sortable={false}
          render={(r) => (
            <Link component={RouterLink} to={`/orders/${encodeURIComponent(r.orderNumber)}/show`}>
              {r.orderNumber}
            </Link>
          )}
        />
        <RaTextField source='salesOrderNumber' sortable={false} />
        <FunctionField<AdminOrderSummary>
          source='placedAt'
          sortable={false}
          render={(r) => countryDateTime(r.placedAt, r.account.country)}
        />
        <FunctionField<AdminOrderSummary> source='account' sortable={false} render={(r) => accountText(r.account)} />
        <RaTextField source='poNumber' sortable={false} emptyText='—' />
        <FunctionField<AdminOrderSummary>
          source='status'
          sortable={false}
          render={(r) => <OrderStatus status={r.status} held={r.held} />}
        />
        <FunctionField<AdminOrderSummary>
          source='total'
          sortable={false}
          textAlign='right'
          render={(r) => money(r.total, r.currency, locale)}
        />
      </Datagrid>
    </List>
  )
}

/** The current search as a CSV (GET /admin/orders/export with the list's filters), downloaded with the staff token. */
function ExportCsvButton() {
  const translate = useTranslate()
  const notify = useNotify()
  const { filterValues } = useListContext()
  const [busy, setBusy] = useState(false)
  const query = Object.fromEntries(SEARCH_FIELDS.map((k) => [k, filterValues[k] as unknown]))
  return (
    <Button
      size='small'
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true)
        download(`/admin/orders/export${queryString(query)}`, 'orders.csv')
          .catch((e: HttpError) =>
            notify(translate('resources.orders.exportFailed', { message: e.message }), { type: 'error' }),
          )
          .finally(() => setBusy(false))
      }}
    >
      {translate('resources.orders.exportCsv')}
    </Button>
  )
}

/** An order's detail (GET /admin/orders/:orderNo): lines, shipments, invoices, requests, history, audit trail. */
export function OrderShow() {
  return (
    <Show actions={false} component='div'>
      <OrderDetailView />
    </Show>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate()
  return (
    <Card variant='outlined' component='section' aria-label={translate(title)}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography component='h2' variant='h6'>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

/** A section of the order that is one small table: its title and its headers are messages of the orders. */
function TableSection({
  name,
  prefix,
  ...table
}: {
  name: string
  prefix: string
  head: string[]
  rows: ReactNode[][]
  numeric?: number[]
}) {
  const translate = useTranslate()
  const title = `resources.orders.sections.${name}`
  return (
    <Section title={title}>
      <SmallTable caption={translate(title)} prefix={`resources.orders.${prefix}`} {...table} />
    </Section>
  )
}

function OrderDetailView() {
  const o = useRecordContext<AdminOrderDetail>()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const categoryText = useCategoryText()
  // until the detail is in, react-admin shows the list's row (a summary): wait for the detail
  if (!o || !o.lines) return <Loading />
  const c = o.currency
  const country = o.account.country
  const at = (v: string | null) => countryDateTime(v, country)
  const m = (v: number) => money(v, c, locale)
  const ship = o.addresses.shipTo.snapshot as Record<string, unknown> | null
  const shipText = ship
    ? ['companyOrInstitution', 'city', 'streetAddress', 'attentionTo']
        .map((k) => ship[k])
        .filter((v) => typeof v === 'string' && v)
        .join(', ')
    : null
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, minWidth: 0 }}>
      <Stack direction='row' spacing={2} alignItems='center' useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography component='h1' variant='h5'>
          {translate('resources.orders.fields.orderNumber')} {o.orderNumber}
        </Typography>
        <OrderStatus status={o.status} held={o.held} />
        <Link component={RouterLink} to='/orders' sx={{ ml: 'auto' }}>
          {translate('resources.orders.back')}
        </Link>
      </Stack>
      <Section title='resources.orders.sections.summary'>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Facts
            rows={[
              ['resources.orders.fields.salesOrderNumber', o.salesOrderNumber],
              ['resources.orders.fields.poNumber', o.poNumber],
              ['resources.orders.fields.placedAt', at(o.placedAt)],
              ['resources.orders.fields.account', accountText(o.account)],
              ['resources.orders.fields.buyer', [o.buyer.userName, o.buyer.email].filter(Boolean).join(' · ')],
              ['resources.orders.fields.source', o.source],
              ['resources.orders.fields.orderType', o.orderType],
              ['resources.orders.fields.deliveryChannel', o.deliveryChannel],
            ]}
          />
          <Facts
            rows={[
              ['resources.orders.fields.shipTo', shipText],
              ['resources.orders.fields.billTo', o.addresses.billToNumber],
              ['resources.orders.fields.remark', o.remark],
              ['resources.orders.fields.goods', m(o.amounts.goods)],
              ['resources.orders.fields.taxes', m(o.amounts.taxes)],
              ['resources.orders.fields.handling', m(o.amounts.handling)],
              ['resources.orders.fields.total', <strong key='t'>{m(o.total)}</strong>],
            ]}
          />
        </Box>
        <OrderDecisions order={o} />
      </Section>
      <TableSection
        name='lines'
        prefix='line'
        head={[
          'lineNumber',
          'catalogNumber',
          'title',
          'size',
          'quantity',
          'allocated',
          'backordered',
          'unitPrice',
          'lineTotal',
        ]}
        numeric={[4, 5, 6, 7, 8]}
        rows={o.lines.map((l) => [
          l.lineNumber,
          l.catalogNumber,
          l.title,
          l.size,
          l.quantity,
          l.allocatedQuantity,
          l.backorderedQuantity,
          m(l.unitPrice),
          m(l.lineTotal),
        ])}
      />
      <TableSection
        name='shipments'
        prefix='shipment'
        head={['carrier', 'expressNumber', 'shippedAt', 'signedAt', 'packageStatus']}
        rows={o.shipments.map((s) => [s.carrier, s.expressNumber, at(s.shippedAt), at(s.signedAt), s.packageStatus])}
      />
      <TableSection
        name='invoices'
        prefix='invoice'
        head={['invoiceNumber', 'kind', 'amount', 'status', 'issueDate', 'dueDate']}
        numeric={[2]}
        rows={o.invoices.map((i) => [
          i.invoiceNumber,
          i.kind,
          money(i.amount, i.currency, locale),
          i.status,
          at(i.issueDate),
          at(i.dueDate),
        ])}
      />
      <Section title='resources.orders.sections.requests'>
        {o.requests.length === 0 && (
          <Typography variant='body2' color='text.secondary'>
            {translate('resources.orders.none')}
          </Typography>
        )}
        {o.requests.map((r) => (
          <Box key={r.requestNumber} sx={{ display: 'grid', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Typography component='h3' variant='subtitle2'>
              {r.requestNumber} · {translate(`resources.order-requests.kind.${r.kind}`)} ·{' '}
              {translate(`resources.order-requests.status.${r.status}`)}
            </Typography>
            <Facts
              rows={[
                ['resources.order-requests.fields.createdAt', at(r.createdAt)],
                ['resources.order-requests.fields.category', categoryText(r)],
                ['resources.order-requests.fields.remark', r.remark],
                ['resources.order-requests.fields.files', <RequestFiles key='f' request={r} />],
                [
                  'resources.order-requests.fields.decision',
                  r.decision
                    ? `${r.decision.by ?? '—'}, ${at(r.decision.at)}${r.decision.note ? ` — ${r.decision.note}` : ''}`
                    : null,
                ],
              ]}
            />
            <RequestDecisions request={r} />
          </Box>
        ))}
      </Section>
      <TableSection
        name='history'
        prefix='history'
        head={['at', 'from', 'to', 'actor', 'note']}
        rows={o.history.map((h) => [
          at(h.at),
          translate(`resources.orders.status.${h.from}`, { _: h.from }),
          translate(`resources.orders.status.${h.to}`, { _: h.to }),
          h.actor,
          h.note,
        ])}
      />
      <TableSection
        name='audit'
        prefix='audit'
        head={['at', 'staffId', 'action', 'record', 'note']}
        rows={o.audit.map((a) => [at(a.at), a.staffId, a.action, `${a.entity} ${a.entityId ?? ''}`, a.note])}
      />
    </Box>
  )
}
