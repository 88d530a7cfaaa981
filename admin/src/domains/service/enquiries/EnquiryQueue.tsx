import { useRef, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Chip,
  List as MuiList,
  ListItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type HttpError,
} from 'react-admin'
import type {
  StaffEnquiryDetail,
  StaffEnquirySummary,
  StaffInteraction,
} from '../../../../../types/service/staff-schemas'
import { ENQUIRY_FILE_TYPES } from '../../../../../types/service/staff-schemas'
import { RETURN_FILE_MAX_BYTES, RETURN_FILES_MAX } from '../../../../../types/order/return-rules'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { DetailToggle } from '../../../components/DetailToggle'
import { Fact, Facts as SharedFacts } from '../../../components/Facts'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'
import { RequesterFacts, RowDetail, requester } from '../common'

const STATUSES = ['pending', 'in_progress', 'completed'] as const
const KINDS = ['lead', 'quote'] as const
const INTERACTION = ['pending', 'approved', 'rejected', 'autoApproved'] as const
const P = 'resources.enquiries'

/** the list's filters (react-admin translates the choices' names) */
const FILTERS = [
  <SelectInput key='kind' source='kind' alwaysOn choices={KINDS.map((k) => ({ id: k, name: `${P}.kind.${k}` }))} />,
  <SelectInput
    key='interactionStatus'
    source='interactionStatus'
    alwaysOn
    choices={INTERACTION.map((k) => ({ id: k, name: `${P}.interaction.${k}` }))}
  />,
]

/** Enquiries and quote requests (GET /admin/enquiries), newest first, by status; a row opens its thread. */
export function EnquiryQueue() {
  return (
    <List filterDefaultValues={{ status: 'pending' }} filters={FILTERS} exporter={false} perPage={25}>
      <StatusTabs statuses={STATUSES} labelPrefix={`${P}.status`} />
      <Datagrid bulkActionButtons={false} expand={<EnquiryDetail />} rowClick='expand' expandSingle>
        <FunctionField source='requestId' sortable={false} render={() => <DetailToggle source='requestId' />} />
        <FunctionField<StaffEnquirySummary>
          source='kind'
          sortable={false}
          render={(r) => <KindLabel kind={r.kind} />}
        />
        <FunctionField<StaffEnquirySummary> source='requester' sortable={false} render={(r) => requester(r)} />
        <FunctionField<StaffEnquirySummary>
          source='interactionStatus'
          sortable={false}
          render={(r) => <InteractionLabel status={r.interactionStatus} />}
        />
        <FunctionField<StaffEnquirySummary> source='itemCount' sortable={false} render={(r) => r.itemCount} />
        <FunctionField<StaffEnquirySummary>
          source='interactionCount'
          sortable={false}
          render={(r) => r.interactionCount}
        />
        <FunctionField<StaffEnquirySummary>
          source='lastActivityAt'
          sortable={false}
          render={(r) => countryDateTime(r.lastActivityAt, null)}
        />
      </Datagrid>
    </List>
  )
}

function KindLabel({ kind }: { kind: string }) {
  const translate = useTranslate()
  return <>{translate(`${P}.kind.${kind}`)}</>
}

function InteractionLabel({ status }: { status: string }) {
  const translate = useTranslate()
  return <>{translate(`${P}.interaction.${status}`)}</>
}

/** One request: who asked, the items, the thread with its files, a reply and the decision. */
function EnquiryDetail() {
  const row = useRecordContext<StaffEnquirySummary>()
  return (
    <RowDetail<StaffEnquiryDetail & { id: string }> resource='enquiries' id={row?.requestId}>
      {(r) => <EnquiryView r={r} />}
    </RowDetail>
  )
}

function EnquiryView({ r }: { r: StaffEnquiryDetail }) {
  const translate = useTranslate()
  const open = r.status !== 'completed'
  const undecided = r.interactionStatus === 'pending'
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <SharedFacts preWrap>
        <RequesterFacts prefix={P} r={r} userName={r.userName} createdAt={countryDateTime(r.createdAt, null)} />
        {r.staticQuoteId && <Fact label={`${P}.fields.staticQuoteId`} value={r.staticQuoteId} />}
      </SharedFacts>
      <Items items={r.items} />
      <Thread interactions={r.interactions} />
      {open ? <ReplyForm requestId={r.requestId} /> : <Alert severity='info'>{translate(`${P}.closed`)}</Alert>}
      {open && undecided && (
        <Stack direction='row' spacing={2} flexWrap='wrap' useFlexGap>
          <StatusDecision requestId={r.requestId} status='approved' />
          <StatusDecision requestId={r.requestId} status='rejected' />
        </Stack>
      )}
    </Box>
  )
}

function Items({ items }: { items: StaffEnquiryDetail['items'] }) {
  const translate = useTranslate()
  if (!items.length) return null
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size='small' aria-label={translate(`${P}.items`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${P}.fields.catalogNumber`)}</TableCell>
            <TableCell>{translate(`${P}.fields.itemName`)}</TableCell>
            <TableCell align='right'>{translate(`${P}.fields.quantity`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i, n) => (
            <TableRow key={`${i.catalogNumber}-${n}`}>
              <TableCell>{i.catalogNumber || '—'}</TableCell>
              <TableCell>{i.itemName}</TableCell>
              <TableCell align='right'>{i.itemCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

const sizeOf = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

function Thread({ interactions }: { interactions: StaffInteraction[] }) {
  const translate = useTranslate()
  return (
    <Box component='section' aria-label={translate(`${P}.thread`)}>
      <Typography variant='subtitle2' component='h3' gutterBottom>
        {translate(`${P}.thread`)}
      </Typography>
      {!interactions.length && (
        <Typography variant='body2' color='text.secondary'>
          {translate(`${P}.noThread`)}
        </Typography>
      )}
      <MuiList disablePadding sx={{ display: 'grid', gap: 1 }}>
        {interactions.map((i) => (
          <ListItem key={i.id} disablePadding>
            <Paper
              variant='outlined'
              sx={{
                p: 1.5,
                width: '100%',
                minWidth: 0,
                bgcolor: i.author === 'staff' ? 'action.hover' : 'background.paper',
              }}
            >
              <Stack direction='row' spacing={1} alignItems='center' flexWrap='wrap' useFlexGap>
                <Typography variant='body2' fontWeight={600}>
                  {i.author === 'staff'
                    ? translate(`${P}.author.staff`, { staffId: i.staffId ?? '—' })
                    : translate(`${P}.author.customer`)}
                </Typography>
                <Chip size='small' variant='outlined' label={translate(`${P}.interaction.${i.status}`)} />
                <Typography variant='caption' color='text.secondary'>
                  {countryDateTime(i.createdAt, null)}
                </Typography>
              </Stack>
              {i.comment && (
                <Typography variant='body2' sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {i.comment}
                </Typography>
              )}
              {i.attachments.length > 0 && (
                <Box sx={{ mt: 1 }}>
                  <Typography variant='caption' color='text.secondary' component='p'>
                    {translate(`${P}.files`)}
                  </Typography>
                  <Box component='ul' sx={{ m: 0, pl: 3 }}>
                    {i.attachments.map((a, n) => (
                      <Typography component='li' variant='body2' key={`${a.name}-${n}`}>
                        {a.name}
                        {a.mime ? ` · ${a.mime}` : ''}
                        {a.size !== null ? ` · ${sizeOf(a.size)}` : ''}
                      </Typography>
                    ))}
                  </Box>
                </Box>
              )}
            </Paper>
          </ListItem>
        ))}
      </MuiList>
    </Box>
  )
}

interface PickedFile {
  name: string
  contentType: (typeof ENQUIRY_FILE_TYPES)[number]
  base64: string
  size: number
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** A staff reply: text, and up to two files (JPEG, PNG or PDF, at most 5 MB each), sent as base64. */
function ReplyForm({ requestId }: { requestId: string }) {
  const translate = useTranslate()
  const notify = useNotify()
  const refresh = useRefresh()
  const [text, setText] = useState('')
  const [files, setFiles] = useState<PickedFile[]>([])
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const fileInput = useRef<HTMLInputElement>(null)

  const pick = async (list: FileList | null) => {
    setProblem(null)
    const picked = Array.from(list ?? [])
    if (files.length + picked.length > RETURN_FILES_MAX) {
      setProblem(translate(`${P}.tooManyFiles`, { max: RETURN_FILES_MAX }))
      return
    }
    const next: PickedFile[] = []
    for (const f of picked) {
      const type = ENQUIRY_FILE_TYPES.find((t) => t === f.type)
      if (!type) {
        setProblem(translate(`${P}.wrongType`, { name: f.name }))
        return
      }
      if (f.size === 0 || f.size > RETURN_FILE_MAX_BYTES) {
        setProblem(translate(`${P}.wrongSize`, { name: f.name }))
        return
      }
      next.push({ name: f.name, contentType: type, base64: await readBase64(f), size: f.size })
    }
    setFiles([...files, ...next])
  }

  const send = async () => {
    if (!text.trim()) {
      setFieldErrors({ text: translate('ra.validation.required') })
      return
    }
    setBusy(true)
    setProblem(null)
    setFieldErrors({})
    try {
      await adminCall('enquiryStaffReply', {
        params: { requestId },
        body: {
          text,
          ...(files.length
            ? { attachments: files.map(({ name, contentType, base64 }) => ({ name, contentType, base64 })) }
            : {}),
        },
      })
      setText('')
      setFiles([])
      notify(translate(`${P}.replySent`), { type: 'success' })
      refresh()
    } catch (e) {
      const err = e as HttpError & { body?: { errors?: Record<string, string> } }
      const errors = err.body?.errors ?? {}
      setFieldErrors(errors)
      setProblem(err.status === 403 ? translate('admin.common.forbidden') : err.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box
      component='form'
      aria-label={translate(`${P}.reply`)}
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
      sx={{ display: 'grid', gap: 1.5, maxWidth: 720 }}
    >
      <Typography variant='subtitle2' component='h3'>
        {translate(`${P}.reply`)}
      </Typography>
      <TextField
        label={translate(`${P}.fields.text`)}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        required
        error={!!fieldErrors.text}
        helperText={fieldErrors.text ?? translate(`${P}.textHelp`)}
        inputProps={{ maxLength: 2000 }}
      />
      <Stack direction='row' spacing={1} alignItems='center' flexWrap='wrap' useFlexGap>
        <Button
          variant='outlined'
          size='small'
          disabled={files.length >= RETURN_FILES_MAX}
          onClick={() => fileInput.current?.click()}
        >
          {translate(`${P}.addFile`)}
        </Button>
        <input
          ref={fileInput}
          type='file'
          hidden
          multiple
          tabIndex={-1}
          aria-hidden='true'
          accept={ENQUIRY_FILE_TYPES.join(',')}
          onChange={(e) => {
            void pick(e.target.files)
            e.target.value = ''
          }}
        />
        <Typography variant='caption' color='text.secondary'>
          {translate(`${P}.fileHelp`, { max: RETURN_FILES_MAX })}
        </Typography>
      </Stack>
      {files.length > 0 && (
        <Box component='ul' sx={{ m: 0, pl: 3 }}>
          {files.map((f, n) => (
            <li key={`${f.name}-${n}`}>
              <Typography component='span' variant='body2' sx={{ overflowWrap: 'anywhere' }}>
                {f.name} · {sizeOf(f.size)}
              </Typography>
              <Button
                size='small'
                sx={{ ml: 1 }}
                aria-label={translate(`${P}.removeFile`, { name: f.name })}
                onClick={() => setFiles(files.filter((_, k) => k !== n))}
              >
                {translate(`${P}.remove`)}
              </Button>
            </li>
          ))}
        </Box>
      )}
      {(problem || fieldErrors.attachments) && (
        <Alert severity='error' role='alert'>
          {fieldErrors.attachments ?? problem}
        </Alert>
      )}
      <Box>
        <Button type='submit' variant='contained' size='small' disabled={busy}>
          {translate(`${P}.send`)}
        </Button>
      </Box>
    </Box>
  )
}

/** Approve or not approve the request (final: a decided request is not decided again), with an optional note. */
function StatusDecision({ requestId, status }: { requestId: string; status: 'approved' | 'rejected' }) {
  const translate = useTranslate()
  const [note, setNote] = useState('')
  return (
    <DecisionButton
      label={translate(`${P}.decide.${status}`)}
      color={status === 'approved' ? 'success' : 'error'}
      variant={status === 'approved' ? 'contained' : 'outlined'}
      question={translate(`${P}.decide.${status}Question`)}
      extra={
        <TextField
          label={translate(`${P}.fields.note`)}
          helperText={translate('admin.common.reasonHelp')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          inputProps={{ maxLength: 1000 }}
        />
      }
      onConfirm={() =>
        adminCall('enquiryStaffStatus', {
          params: { requestId },
          body: note.trim() ? { status, note: note.trim() } : { status },
        })
      }
    />
  )
}
