import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import {
  Datagrid,
  FunctionField,
  List,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type HttpError,
} from 'react-admin'
import type { LeadQuoteBody, StaffLeadDetail, StaffLeadSummary } from '../../../../../types/service/staff-schemas'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { DetailToggle } from '../../../components/DetailToggle'
import { Facts } from '../../../components/Facts'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime, money } from '../../../format'
import { RequesterFacts, RowDetail, requester } from '../common'

const STATUSES = ['open', 'quoted', 'closed'] as const
const P = 'resources.leads'

/** an account's country from its currency (INR: India; else China) */
const countryOfCurrency = (currency: string | null) => (currency === 'INR' ? 'in' : 'cn')

/** Leads (GET /admin/leads), newest first: open ones are turned into an S-quote for the lead's account. */
export function LeadQueue() {
  return (
    <List filterDefaultValues={{ status: 'open' }} exporter={false} perPage={25}>
      <StatusTabs statuses={STATUSES} labelPrefix={`${P}.status`} />
      <Datagrid bulkActionButtons={false} expand={<LeadDetail />} rowClick='expand' expandSingle>
        <FunctionField source='requestId' sortable={false} render={() => <DetailToggle source='requestId' />} />
        <FunctionField<StaffLeadSummary> source='requester' sortable={false} render={(r) => requester(r)} />
        <FunctionField<StaffLeadSummary> source='itemCount' sortable={false} render={(r) => r.itemCount} />
        <FunctionField<StaffLeadSummary> source='currency' sortable={false} render={(r) => r.currency ?? '—'} />
        <FunctionField<StaffLeadSummary>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, countryOfCurrency(r.currency))}
        />
        <FunctionField<StaffLeadSummary> source='quoteNumber' sortable={false} render={(r) => r.quoteNumber ?? '—'} />
      </Datagrid>
    </List>
  )
}

function LeadDetail() {
  const row = useRecordContext<StaffLeadSummary>()
  return (
    <RowDetail<StaffLeadDetail & { id: string }> resource='leads' id={row?.requestId}>
      {(r) => <LeadView r={r} />}
    </RowDetail>
  )
}

function LeadView({ r }: { r: StaffLeadDetail }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const country = countryOfCurrency(r.currency)
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Facts preWrap>
        <RequesterFacts prefix={P} r={r} createdAt={countryDateTime(r.createdAt, country)} />
      </Facts>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size='small' aria-label={translate(`${P}.items`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${P}.fields.catalogNumber`)}</TableCell>
              <TableCell>{translate(`${P}.fields.itemName`)}</TableCell>
              <TableCell align='right'>{translate(`${P}.fields.quantity`)}</TableCell>
              <TableCell>{translate(`${P}.fields.salesStatus`)}</TableCell>
              <TableCell align='right'>{translate(`${P}.fields.listPrice`)}</TableCell>
              <TableCell align='right'>{translate(`${P}.fields.accountPrice`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.items.map((i, n) => (
              <TableRow key={`${i.catalogNumber}-${n}`}>
                <TableCell>{i.catalogNumber || '—'}</TableCell>
                <TableCell>{i.itemName}</TableCell>
                <TableCell align='right'>{i.itemCount}</TableCell>
                <TableCell>
                  {i.known
                    ? translate(`${P}.salesStatus.${i.salesStatus ?? 'active'}`, { _: i.salesStatus ?? '' })
                    : translate(`${P}.unknown`)}
                </TableCell>
                <TableCell align='right'>{money(i.listPrice, r.currency, locale)}</TableCell>
                <TableCell align='right'>{money(i.accountPrice, r.currency, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {r.quote && (
        <Alert severity='success'>
          {translate(`${P}.quoted`, {
            quoteNumber: r.quote.orderHeader.quoteNumber,
            total: money(r.quote.orderHeader.totalPrice, r.quote.orderHeader.currency, locale),
            expiresAt: countryDateTime(r.quote.orderHeader.expiresAt, country),
          })}
        </Alert>
      )}
      {r.state === 'open' &&
        (r.accountNumber && r.currency ? (
          <QuoteForm lead={r} />
        ) : (
          <Alert severity='info'>{translate(`${P}.noAccount`)}</Alert>
        ))}
    </Box>
  )
}

interface LineDraft {
  catalogNumber: string
  quantity: string
  unitPrice: string
}

/** a date 30 days ahead, as the date field shows it (China time) */
function defaultExpiry(): string {
  return new Date(Date.now() + 8 * 3600_000 + 30 * 86400_000).toISOString().slice(0, 10)
}

/** The "turn into an S-quote" form: the lines (the lead's items to start with), the expiry date, a note. */
function QuoteForm({ lead }: { lead: StaffLeadDetail }) {
  const translate = useTranslate()
  const [lines, setLines] = useState<LineDraft[]>(() =>
    lead.items.map((i) => ({ catalogNumber: i.catalogNumber, quantity: String(i.itemCount), unitPrice: '' })),
  )
  const [expiry, setExpiry] = useState(defaultExpiry)
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (n: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((l, k) => (k === n ? { ...l, ...patch } : l)))
  const body = (): LeadQuoteBody => ({
    lines: lines.map((l) => ({
      catalogNumber: l.catalogNumber.trim(),
      quantity: Number(l.quantity),
      ...(l.unitPrice.trim() ? { unitPrice: Number(l.unitPrice) } : {}),
    })),
    // the end of the chosen day, China time
    expiresAt: `${expiry}T23:59:59+08:00`,
    ...(note.trim() ? { note: note.trim() } : {}),
  })
  const send = async () => {
    setErrors({})
    try {
      return await adminCall('leadStaffQuote', { params: { requestId: lead.requestId }, body: body() })
    } catch (e) {
      setErrors((e as HttpError & { body?: { errors?: Record<string, string> } }).body?.errors ?? {})
      throw e
    }
  }
  const err = (key: string) => errors[key] ?? errors[`/${key.replace(/\./g, '/')}`]
  return (
    <Box component='section' aria-label={translate(`${P}.quoteForm`)} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant='subtitle2' component='h3'>
        {translate(`${P}.quoteForm`)}
      </Typography>
      <Typography variant='body2' color='text.secondary'>
        {translate(`${P}.quoteHelp`, { currency: lead.currency ?? '' })}
      </Typography>
      {lines.map((l, n) => (
        <Stack key={n} direction='row' spacing={1} alignItems='flex-start' flexWrap='wrap' useFlexGap>
          <TextField
            size='small'
            label={translate(`${P}.fields.catalogNumber`)}
            value={l.catalogNumber}
            onChange={(e) => set(n, { catalogNumber: e.target.value })}
            error={!!err(`lines.${n}.catalogNumber`)}
            helperText={err(`lines.${n}.catalogNumber`)}
            inputProps={{ maxLength: 40 }}
            sx={{ width: 220 }}
            required
          />
          <TextField
            size='small'
            type='number'
            label={translate(`${P}.fields.quantity`)}
            value={l.quantity}
            onChange={(e) => set(n, { quantity: e.target.value })}
            error={!!err(`lines.${n}.quantity`)}
            helperText={err(`lines.${n}.quantity`)}
            inputProps={{ min: 1, max: 999, step: 1 }}
            sx={{ width: 120 }}
            required
          />
          <TextField
            size='small'
            type='number'
            label={translate(`${P}.fields.unitPrice`, { currency: lead.currency ?? '' })}
            value={l.unitPrice}
            onChange={(e) => set(n, { unitPrice: e.target.value })}
            error={!!err(`lines.${n}.unitPrice`)}
            helperText={err(`lines.${n}.unitPrice`) ?? translate(`${P}.unitPriceHelp`)}
            inputProps={{ min: 0.01, step: 0.01 }}
            sx={{ width: 200 }}
          />
          <IconButton
            aria-label={translate(`${P}.removeLine`, { n: n + 1 })}
            onClick={() => setLines(lines.filter((_, k) => k !== n))}
            disabled={lines.length <= 1}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button
          size='small'
          variant='outlined'
          onClick={() => setLines([...lines, { catalogNumber: '', quantity: '1', unitPrice: '' }])}
          disabled={lines.length >= 200}
        >
          {translate(`${P}.addLine`)}
        </Button>
      </Box>
      <Stack direction='row' spacing={2} flexWrap='wrap' useFlexGap>
        <TextField
          size='small'
          type='date'
          label={translate(`${P}.fields.expiresAt`)}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={!!err('expiresAt')}
          helperText={err('expiresAt') ?? translate(`${P}.expiryHelp`)}
          InputLabelProps={{ shrink: true }}
          sx={{ width: 220 }}
          required
        />
        <TextField
          size='small'
          label={translate(`${P}.fields.note`)}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={!!err('note')}
          helperText={err('note')}
          multiline
          sx={{ flex: 1, minWidth: 240 }}
          inputProps={{ maxLength: 1000 }}
        />
      </Stack>
      <Box>
        <DecisionButton
          label={translate(`${P}.quote`)}
          question={translate(`${P}.quoteQuestion`, {
            smart_count: lines.length,
            account: `${lead.accountName ?? ''} (${lead.accountNumber ?? ''})`,
          })}
          disabled={!lines.length || !expiry}
          onConfirm={send}
        />
      </Box>
    </Box>
  )
}
