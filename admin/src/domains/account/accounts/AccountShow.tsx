import { useState, type ReactNode } from 'react'
import {
  Alert,
  Box,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { Show, TabbedShowLayout, useLocaleState, usePermissions, useRecordContext, useTranslate } from 'react-admin'
import type { Permission } from '../../../../../types/staff/permissions'
import type { AccountDetail } from '../../../../../types/account/staff-endpoints'
import { ORDER_STATUS_MAP } from '../../../../../types/order/statuses'
import type { OrderStatusCode } from '../../../../../types/order/schemas'
import { countryDateTime, money } from '../../../format'
import { Fields, StatusChip, useAdminCall } from '../common'

const R = 'resources.accounts'
const F = `${R}.fields`

/** A plain table with its column headers (message keys); it scrolls sideways inside itself at tablet width. */
function SimpleTable({
  label,
  heads,
  rows,
  nowrap = [],
}: {
  label: string
  heads: string[]
  rows: ReactNode[][]
  /** the columns kept on one line (dates, amounts) */
  nowrap?: number[]
}) {
  const translate = useTranslate()
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size='small' aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {heads.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(h)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={heads.length}>{translate(`${R}.empty`)}</TableCell>
            </TableRow>
          )}
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((c, j) => (
                <TableCell key={j} sx={nowrap.includes(j) ? { whiteSpace: 'nowrap' } : undefined}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/**
 * The account's detail, once it is loaded: react-admin first shows the record as the accounts list had it (a summary
 * without buyers and addresses) while GET /admin/accounts/:id answers.
 */
function useDetail(): AccountDetail | undefined {
  const a = useRecordContext<AccountDetail>()
  return a && Array.isArray(a.buyersList) ? a : undefined
}

/** a day in the account's country (invoices are issued and due on days) */
const countryDate = (at: string, country: string) => countryDateTime(at, country).slice(0, 10)

const addressText = (a: {
  stateOrProvince: string | null
  city: string | null
  streetAddress: string | null
  buildingOrRoom: string | null
  zipCode: string | null
}) => [a.stateOrProvince, a.city, a.streetAddress, a.buildingOrRoom, a.zipCode].filter(Boolean).join(', ')

/** One account (GET /admin/accounts/:id) in tabs; finance's invoices and statement only with their permissions. */
export function AccountShow() {
  const { permissions } = usePermissions<Permission[]>()
  const translate = useTranslate()
  return (
    <Show>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={translate(`${R}.tabs.summary`)}>
          <SummaryTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={translate(`${R}.tabs.addresses`)} path='addresses'>
          <AddressesTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={translate(`${R}.tabs.orders`)} path='orders'>
          <OrdersTab />
        </TabbedShowLayout.Tab>
        {permissions?.includes('invoice.read') && (
          <TabbedShowLayout.Tab label={translate(`${R}.tabs.invoices`)} path='invoices'>
            <InvoicesTab />
          </TabbedShowLayout.Tab>
        )}
        {permissions?.includes('ar.read') && (
          <TabbedShowLayout.Tab label={translate(`${R}.tabs.statement`)} path='statement'>
            <StatementTab />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  )
}

function SummaryTab() {
  const a = useDetail()
  const translate = useTranslate()
  if (!a) return null
  return (
    <Stack spacing={3}>
      <Fields
        rows={[
          [`${F}.accountNumber`, a.accountNumber ?? translate(`${R}.noNumber`)],
          [`${F}.name`, a.name],
          [`${F}.accountType`, translate(`${R}.types.${a.accountType}`)],
          [`${F}.country`, translate(`${R}.countries.${a.country}`, { _: a.country })],
          [`${F}.points`, a.points.toLocaleString()],
        ]}
      />
      <Box>
        <Typography component='h2' variant='h6' gutterBottom>
          {translate(`${R}.buyersTitle`)}
        </Typography>
        <SimpleTable
          label={`${R}.buyersTitle`}
          heads={[
            `${F}.buyerName`,
            `${F}.userName`,
            `${F}.email`,
            `${F}.phone`,
            `${F}.registrationStatus`,
            `${F}.points`,
          ]}
          rows={a.buyersList.map((b) => [
            b.name,
            b.userName,
            b.email,
            b.phone ?? '—',
            <StatusChip
              key='s'
              tone={b.registrationStatus === 'Siebel Approved' ? 'ok' : 'warn'}
              label={translate(`${R}.registration.${b.registrationStatus}`)}
            />,
            b.points.toLocaleString(),
          ])}
        />
      </Box>
    </Stack>
  )
}

function AddressesTab() {
  const a = useDetail()
  const translate = useTranslate()
  if (!a) return null
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component='h2' variant='h6' gutterBottom>
          {translate(`${R}.shipTosTitle`)}
        </Typography>
        <SimpleTable
          label={`${R}.shipTosTitle`}
          heads={[`${F}.shipToNumber`, `${F}.companyOrInstitution`, `${F}.address`, `${F}.attentionTo`, `${F}.status`]}
          rows={a.shipTosList.map((s) => [
            s.accountNumber ?? '—',
            [s.companyOrInstitution, s.deptOrLab].filter(Boolean).join(' · ') || (s.nickName ?? '—'),
            addressText(s),
            s.attentionTo ?? '—',
            <Stack key='s' direction='row' spacing={1}>
              <StatusChip
                tone={s.status === 'ACTIVE' ? 'ok' : 'warn'}
                label={translate(`${R}.addressStatus.${s.status}`)}
              />
              {s.isDefault && <StatusChip tone='plain' label={translate(`${R}.default`)} />}
            </Stack>,
          ])}
        />
      </Box>
      <Box>
        <Typography component='h2' variant='h6' gutterBottom>
          {translate(`${R}.billTosTitle`)}
        </Typography>
        <SimpleTable
          label={`${R}.billTosTitle`}
          heads={[`${F}.billToNumber`, `${F}.companyOrInstitution`, `${F}.address`, `${F}.forShipTo`]}
          rows={a.billTos.map((b) => {
            const st = a.shipTosList.find((s) => s.addressKey === b.shipToKey)
            return [
              b.accountNumber ?? '—',
              b.companyOrInstitution ?? '—',
              addressText(b),
              st?.accountNumber ?? st?.nickName ?? '—',
            ]
          })}
        />
      </Box>
    </Stack>
  )
}

function OrderStatus({ status }: { status: string }) {
  const translate = useTranslate()
  const known = ORDER_STATUS_MAP[status as OrderStatusCode]
  return <span>{known ? translate(`${R}.orderStatus.${known.label}`) : status}</span>
}

function OrdersTab() {
  const a = useDetail()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  if (!a) return null
  return (
    <Stack spacing={1}>
      <Typography variant='body2' color='text.secondary'>
        {translate(`${R}.recentOrdersNote`)}
      </Typography>
      <SimpleTable
        label={`${R}.tabs.orders`}
        nowrap={[4, 5]}
        heads={[
          `${F}.orderNumber`,
          `${F}.salesOrderNumber`,
          `${F}.poNumber`,
          `${F}.status`,
          `${F}.total`,
          `${F}.placedAt`,
          `${F}.buyer`,
        ]}
        rows={a.recentOrders.map((o) => [
          o.orderNumber,
          o.salesOrderNumber,
          o.poNumber ?? '—',
          <OrderStatus key='s' status={o.status} />,
          money(o.total, o.currency, locale),
          countryDateTime(o.placedAt, a.country),
          o.userName ?? '—',
        ])}
      />
    </Stack>
  )
}

/** The bill-to picker of finance's tabs ('' = all, where allowed). */
function BillToPicker({
  a,
  value,
  onChange,
  all,
}: {
  a: AccountDetail
  value: string
  onChange: (v: string) => void
  all?: boolean
}) {
  const translate = useTranslate()
  return (
    <TextField
      select
      size='small'
      variant='outlined'
      fullWidth={false}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      label={translate(`${F}.billToNumber`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 260 }}
    >
      {all && <MenuItem value=''>{translate(`${R}.allBillTos`)}</MenuItem>}
      {a.billing.map((b) => (
        <MenuItem key={b.billToNumber} value={b.billToNumber}>
          {`${b.billToNumber} · ${b.title}`}
        </MenuItem>
      ))}
    </TextField>
  )
}

const INVOICE_STATUSES = ['issued', 'delivered', 'paid', 'overdue', 'cancelled'] as const

/** The account's invoices (GET /admin/accounts/:id/invoices), paged on the server. */
function InvoicesTab() {
  const a = useDetail()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const [billTo, setBillTo] = useState('')
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(0)
  const [pageSize, setPageSize] = useState(25)
  const { data, error, loading } = useAdminCall(
    'accountInvoices',
    {
      params: { id: a?.id ?? 0 },
      query: {
        page: page + 1,
        pageSize,
        ...(billTo ? { billTo } : {}),
        ...(status ? { status: status as (typeof INVOICE_STATUSES)[number] } : {}),
      },
    },
    !!a,
  )
  if (!a) return null
  if (!a.billing.length) return <Typography>{translate(`${R}.noBilling`)}</Typography>
  return (
    <Stack spacing={2}>
      <Stack direction='row' spacing={2} flexWrap='wrap' useFlexGap>
        <BillToPicker
          a={a}
          all
          value={billTo}
          onChange={(v) => {
            setBillTo(v)
            setPage(0)
          }}
        />
        <TextField
          select
          size='small'
          variant='outlined'
          fullWidth={false}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          label={translate(`${F}.invoiceStatus`)}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value)
            setPage(0)
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value=''>{translate(`${R}.allStatuses`)}</MenuItem>
          {INVOICE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`${R}.invoiceStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error && <Alert severity='error'>{error.message}</Alert>}
      {loading && !data && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {data && (
        <>
          <SimpleTable
            label={`${R}.tabs.invoices`}
            nowrap={[3, 5, 6]}
            heads={[
              `${F}.invoiceNumber`,
              `${F}.billToNumber`,
              `${F}.invoiceKind`,
              `${F}.amount`,
              `${F}.invoiceStatus`,
              `${F}.issueDate`,
              `${F}.dueDate`,
              `${F}.salesOrderNumber`,
              `${F}.delivery`,
            ]}
            rows={data.items.map((i) => [
              `${i.invoiceCode} ${i.invoiceNumber}`,
              i.billToNumber,
              `${translate(`${R}.invoiceKind.${i.kind}`)} · ${translate(`${R}.invoiceMedium.${i.medium}`)}`,
              money(i.amount, i.currency, locale),
              <StatusChip
                key='s'
                tone={i.status === 'overdue' ? 'bad' : i.status === 'paid' ? 'ok' : 'plain'}
                label={translate(`${R}.invoiceStatus.${i.status}`)}
              />,
              countryDate(i.issueDate, a.country),
              countryDate(i.dueDate, a.country),
              i.salesOrderNumber ?? '—',
              i.deliveryNumber ?? '—',
            ])}
          />
          <TablePagination
            component='div'
            count={data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value))
              setPage(0)
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) =>
              translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
            }
            getItemAriaLabel={(type) => translate(`${R}.pageAria.${type}`)}
          />
        </>
      )}
    </Stack>
  )
}

/** One month of a bill-to's AR statement (GET /admin/accounts/:id/ar), as the buyer reads it. */
function StatementTab() {
  const a = useDetail()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const [billTo, setBillTo] = useState('')
  const [period, setPeriod] = useState('')
  const chosen = billTo || a?.billing[0]?.billToNumber || ''
  const { data, error, loading } = useAdminCall(
    'accountAr',
    { params: { id: a?.id ?? 0 }, query: { billTo: chosen, ...(period ? { period } : {}) } },
    !!a && !!chosen,
  )
  if (!a) return null
  if (!a.billing.length) return <Typography>{translate(`${R}.noBilling`)}</Typography>
  const cur = data?.billTo.currency
  const m = (n: number) => money(n, cur, locale)
  return (
    <Stack spacing={2}>
      <Stack direction='row' spacing={2} flexWrap='wrap' useFlexGap>
        <BillToPicker
          a={a}
          value={chosen}
          onChange={(v) => {
            setBillTo(v)
            setPeriod('')
          }}
        />
        {data && (
          <TextField
            select
            size='small'
            variant='outlined'
            fullWidth={false}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label={translate(`${F}.period`)}
            value={data.period}
            onChange={(e) => setPeriod(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            {(data.periods.length ? data.periods : [data.period]).map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {error && <Alert severity='error'>{error.message}</Alert>}
      {loading && !data && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {data && (
        <>
          <Fields
            rows={[
              [`${F}.openingBalance`, m(data.openingBalance)],
              [`${F}.invoiced`, m(data.invoiced)],
              [`${F}.paid`, m(data.paid)],
              [`${F}.closingBalance`, m(data.closingBalance)],
              [`${F}.overdueAmount`, m(data.overdueAmount)],
              [`${F}.creditLimit`, m(data.creditLimit)],
            ]}
          />
          <SimpleTable
            label={`${R}.tabs.statement`}
            nowrap={[0, 4, 5, 6, 7]}
            heads={[
              `${F}.date`,
              `${F}.documentNumber`,
              `${F}.lineType`,
              `${F}.description`,
              `${F}.debit`,
              `${F}.credit`,
              `${F}.balance`,
              `${F}.dueDate`,
            ]}
            rows={data.lines.map((l) => [
              countryDate(l.date, a.country),
              l.documentNumber,
              translate(`${R}.lineType.${l.type}`),
              l.description,
              l.debit ? m(l.debit) : '—',
              l.credit ? m(l.credit) : '—',
              m(l.balance),
              <Stack key='d' direction='row' spacing={1} alignItems='center'>
                <span>{l.dueDate ? countryDate(l.dueDate, a.country) : '—'}</span>
                {l.overdue && <StatusChip tone='bad' label={translate('admin.common.overdue')} />}
              </Stack>,
            ])}
          />
        </>
      )}
    </Stack>
  )
}
