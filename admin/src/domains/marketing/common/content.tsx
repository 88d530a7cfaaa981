import type { ReactNode } from 'react'
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material'
import {
  Create,
  CreateButton,
  Datagrid,
  Edit,
  EditButton,
  FunctionField,
  List,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin'
import { DecisionButton } from '../../../components/DecisionButton'
import { RecordTitle } from '../../../components/RecordTitle'
import { StatusTabs } from '../../../components/StatusTabs'
import { submissionErrorsOf } from './server-errors'
import { LINK_TARGETS } from './RichText'
import { countryDateTime } from '../../../format'

/** Where an item stands against its window (types/marketing/staff-schemas.ts MARKETING_STATES). */
export const STATES = ['scheduled', 'running', 'ended'] as const

/**
 * A marketing list: tabs by state with their counts (the server pages and counts each), the rows, each with its
 * edit link (keyboard-reachable; a row's click opens it too), and the create button.
 */
export function StateList({ children, empty }: { children: ReactNode; empty?: string }) {
  return (
    <List
      filterDefaultValues={{ status: 'scheduled' }}
      exporter={false}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <StatusTabs statuses={STATES} labelPrefix='admin.marketing.state' />
      <Datagrid bulkActionButtons={false} rowClick='edit' empty={empty ? <EmptyRows text={empty} /> : undefined}>
        {children}
        <EditButton />
      </Datagrid>
    </List>
  )
}

function EmptyRows({ text }: { text: string }) {
  const translate = useTranslate()
  return (
    <Typography sx={{ p: 2 }} color='text.secondary'>
      {translate(text)}
    </Typography>
  )
}

/** an item's state as a chip with its word (not colour alone) */
export function StateChip({ state }: { state: string }) {
  const translate = useTranslate()
  // dark enough on white for AA (4.5:1) at the chip's small size
  const color = state === 'running' ? '#1b5e20' : state === 'scheduled' ? '#01579b' : '#424242'
  return (
    <Chip
      size='small'
      variant='outlined'
      label={translate(`admin.marketing.state.${state}`)}
      sx={{ color, borderColor: color, fontWeight: 500 }}
    />
  )
}

/**
 * The form's submit for the staff API: the body made from the form's values (`toBody`), on a change only the fields
 * that differ from the record's (the server's change bodies take any non-empty subset, and a running sale's start
 * must not be sent moved by a rounding of its seconds). The server's refusal: its field errors next to the fields,
 * its message in the notice.
 */
export function useContentSubmit<B extends Record<string, unknown>>(opts: {
  toBody: (values: Record<string, unknown>) => B
  create?: (body: B) => Promise<Record<string, unknown>>
  change?: (id: string, body: Partial<B>) => Promise<unknown>
  /** the created item's key (default 'id') */
  key?: string
  /** the fields a change may not send (the identity: country, product, code) */
  fixed?: readonly string[]
}) {
  const notify = useNotify()
  const redirect = useRedirect()
  const refresh = useRefresh()
  const resource = useResourceContext()
  const record = useRecordContext()
  const translate = useTranslate()
  return async (values: Record<string, unknown>) => {
    try {
      if (record && opts.change) {
        const body = opts.toBody(values)
        const was = opts.toBody(record as Record<string, unknown>)
        const diff = Object.fromEntries(
          Object.entries(body).filter(
            ([k, v]) => !opts.fixed?.includes(k) && JSON.stringify(v) !== JSON.stringify(was[k]),
          ),
        ) as Partial<B>
        if (!Object.keys(diff).length) {
          notify(translate('admin.marketing.nothingChanged'), { type: 'info' })
          return undefined
        }
        await opts.change(String(record.id), diff)
        notify(translate('admin.marketing.saved'), { type: 'success' })
        refresh()
        return undefined
      }
      if (!opts.create) return undefined
      const saved = await opts.create(opts.toBody(values))
      notify(translate('admin.marketing.created'), { type: 'success' })
      redirect('edit', resource, String(saved[opts.key ?? 'id']))
      return undefined
    } catch (e) {
      const { errors, message } = submissionErrorsOf(e)
      const status = (e as { status?: number }).status
      notify(
        status === 403 ? translate('admin.common.forbidden') : message || translate('ra.notification.http_error'),
        {
          type: 'error',
        },
      )
      return errors ?? undefined
    }
  }
}

/** The edit page's actions: End (asks first: it cannot be undone), shown while the item has not ended. */
export function EndActions({ onEnd, question }: { onEnd: (id: string) => Promise<unknown>; question: string }) {
  const record = useRecordContext()
  const translate = useTranslate()
  return (
    <TopToolbar>
      {record && record.state !== 'ended' && (
        <DecisionButton
          label={translate('admin.marketing.end')}
          color='error'
          variant='outlined'
          question={translate(question)}
          onConfirm={() => onEnd(String(record.id))}
          done={translate('admin.marketing.ended')}
        />
      )}
    </TopToolbar>
  )
}

/** What the edit page says above the form: the item's state, its last editor, and that an ended item stays as it is. */
export function ItemHeader({ children }: { children?: ReactNode }) {
  const record = useRecordContext()
  const translate = useTranslate()
  if (!record) return null
  return (
    <Box sx={{ px: 2, pt: 2, display: 'grid', gap: 1 }}>
      <Stack direction='row' spacing={1} alignItems='center' flexWrap='wrap' useFlexGap>
        <StateChip state={String(record.state)} />
        <Typography variant='body2' color='text.secondary'>
          {translate('admin.marketing.lastChange', {
            at: countryDateTime(record.updatedAt as string, (record.country as string | undefined) ?? 'cn'),
            by: record.updatedBy ?? translate('admin.marketing.seeded'),
          })}
        </Typography>
        {children}
      </Stack>
      {record.state === 'ended' && <Alert severity='info'>{translate('admin.marketing.endedNote')}</Alert>}
    </Box>
  )
}

/**
 * The rich text as the server saved it (sanitised by the storefront's rules, server/lib/sanitize.ts) and as buyers
 * get it: both languages. The console's CSP runs no inline script, and the server removed every one on save.
 */
export function SavedHtml({ source, title }: { source: string; title?: string }) {
  const record = useRecordContext()
  const translate = useTranslate()
  const html = record?.[source] as { en?: string; zh?: string } | undefined
  if (!html) return null
  return (
    <Box component='section' aria-labelledby={`saved-${source}`} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={`saved-${source}`} component='h2' variant='subtitle1' sx={{ fontWeight: 600 }}>
        {translate(title ?? 'admin.marketing.savedPreview')}
      </Typography>
      <Typography variant='body2' color='text.secondary'>
        {translate('admin.marketing.savedPreviewHelp')}
      </Typography>
      {(['en', 'zh'] as const).map((l) => (
        <Paper key={l} variant='outlined' sx={{ p: 2, overflowX: 'auto' }}>
          <Typography variant='overline' component='p'>
            {translate(l === 'en' ? 'admin.marketing.english' : 'admin.marketing.chinese')}
          </Typography>
          <Box
            className='saved-html'
            data-lang={l}
            lang={l === 'zh' ? 'zh-CN' : 'en'}
            sx={{
              '& img': { maxWidth: '100%', height: 'auto' },
              '& table': { borderCollapse: 'collapse' },
              ...LINK_TARGETS,
            }}
            dangerouslySetInnerHTML={{ __html: html[l] ?? '' }}
          />
        </Paper>
      ))}
    </Box>
  )
}

/** the form beside an aside (a preview), stacked below 1200 px */
export function WithAside({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      <Box sx={{ minWidth: 0 }}>{aside}</Box>
    </Box>
  )
}

/** the form's toolbar: Save only (items are ended, never deleted) */
export const SaveOnly = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
)

type Submit<B extends Record<string, unknown>> = Parameters<typeof useContentSubmit<B>>[0]

/** A new item's page: the form (beside its `aside`, when there is one) and its submit to the staff API. */
export function ContentCreate<B extends Record<string, unknown>>({
  prefix,
  defaultValues,
  aside,
  children,
  idKey,
  ...submit
}: Omit<Submit<B>, 'change' | 'fixed' | 'key'> & {
  /** the resource's messages: the page's title is `${prefix}.create` */
  prefix: string
  /** the created item's key (default 'id'; `key` is React's) */
  idKey?: string
  defaultValues: Record<string, unknown>
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <Create title={`${prefix}.create`}>
      <CreateForm<B> {...submit} idKey={idKey} defaultValues={defaultValues} aside={aside}>
        {children}
      </CreateForm>
    </Create>
  )
}

function CreateForm<B extends Record<string, unknown>>({
  defaultValues,
  aside,
  children,
  idKey,
  ...opts
}: Omit<Submit<B>, 'key'> & {
  idKey?: string
  defaultValues: Record<string, unknown>
  aside?: ReactNode
  children: ReactNode
}) {
  const submit = useContentSubmit<B>({ ...opts, key: idKey })
  return (
    <SimpleForm onSubmit={submit} defaultValues={defaultValues}>
      {aside ? <WithAside aside={aside}>{children}</WithAside> : children}
    </SimpleForm>
  )
}

/**
 * An item's edit page: its title, End in the actions, the header (with `facts`), and the form beside its `aside`:
 * Save only, closed once the item has ended; a change sends only what differs. `values` turns the record into the
 * form's values where they differ.
 */
export function ContentEdit<B extends Record<string, unknown>>({
  prefix,
  titleValues = (r) => ({ title: (r?.title as { en?: string } | undefined)?.en ?? '' }),
  onEnd,
  facts,
  ...form
}: Omit<Submit<B>, 'create' | 'key'> & {
  /** the resource's messages: `${prefix}.editTitle` (with `titleValues`, default the English title) and `.endQuestion` */
  prefix: string
  titleValues?: (record: RaRecord | undefined) => Record<string, unknown>
  onEnd: (id: string) => Promise<unknown>
  facts?: ReactNode
  aside: ReactNode
  values?: (record: RaRecord) => RaRecord
  children: ReactNode
}) {
  return (
    <Edit
      title={<RecordTitle message={`${prefix}.editTitle`} values={titleValues} />}
      mutationMode='pessimistic'
      actions={<EndActions question={`${prefix}.endQuestion`} onEnd={onEnd} />}
    >
      <ItemHeader>{facts}</ItemHeader>
      <EditForm<B> {...form} />
    </Edit>
  )
}

function EditForm<B extends Record<string, unknown>>({
  aside,
  values,
  children,
  ...opts
}: Submit<B> & { aside: ReactNode; values?: (record: RaRecord) => RaRecord; children: ReactNode }) {
  const record = useRecordContext()
  const submit = useContentSubmit<B>(opts)
  return (
    <SimpleForm
      onSubmit={submit}
      {...(values && record ? { record: values(record) } : {})}
      disabled={record?.state === 'ended'}
      toolbar={SaveOnly}
    >
      <WithAside aside={aside}>{children}</WithAside>
    </SimpleForm>
  )
}

/** a new item's window: from the next whole hour (and `hoursLater` more), `days` long */
export function newWindow(days: number, hoursLater = 0) {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + hoursLater * 3_600_000)
  return { start: start.toISOString(), end: new Date(start.getTime() + days * 86_400_000).toISOString() }
}

/** a column of a text buyers read in both languages (`{ en, zh }`): in the console's language */
export function BilingualField({ source }: { source: string; sortable?: boolean }) {
  const [locale] = useLocaleState()
  return (
    <FunctionField
      source={source}
      sortable={false}
      render={(r) => {
        const text = r[source] as { en: string; zh: string }
        return locale === 'zh' ? text.zh : text.en
      }}
    />
  )
}

/**
 * a column of an item's window on its country's clock (China's for content without a country): from `source` to
 * `end`, or to `openEnd` (a message) where it has no end
 */
export function WindowField({
  source,
  end,
  openEnd,
}: {
  source: string
  end: string
  openEnd?: string
  sortable?: boolean
}) {
  const translate = useTranslate()
  return (
    <FunctionField
      source={source}
      sortable={false}
      render={(r) => {
        const country = (r.country as string | undefined) ?? 'cn'
        const until = r[end] as string | null
        return `${countryDateTime(r[source] as string, country)} – ${until ? countryDateTime(until, country) : translate(openEnd ?? '')}`
      }}
    />
  )
}

/** a titled panel beside a form (a preview, the rules that apply): a section named by its heading */
export function AsideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      component='section'
      aria-labelledby={id}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1 }}
    >
      <Typography id={id} component='h2' variant='subtitle1' sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}
