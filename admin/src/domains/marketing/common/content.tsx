import type { ReactNode } from 'react'
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material'
import {
  CreateButton,
  Datagrid,
  EditButton,
  List,
  SaveButton,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin'
import { DecisionButton } from '../../../components/DecisionButton'
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
