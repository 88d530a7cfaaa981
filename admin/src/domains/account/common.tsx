import { useEffect, useState, type ReactNode } from 'react'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import { useExpanded, useRecordContext, useResourceContext, useTranslate, type HttpError } from 'react-admin'
import { adminCall, type AdminAnswer, type AdminKey, type CallInput } from '../../api/client'
import type { AdminEndpoints } from '../../../../types/staff/admin-endpoints'

/** What the account domain's screens share: a decision's status with its overdue chip, a detail's list of fields. */

export function DecisionStatus({ status, overdue }: { status: string; overdue: boolean }) {
  const translate = useTranslate()
  return (
    <Stack direction='row' spacing={1} alignItems='center'>
      <span>{translate(`admin.decision.${status}`)}</span>
      {overdue && <StatusChip tone='bad' label={translate('admin.common.overdue')} />}
    </Stack>
  )
}

/**
 * A small status chip whose words carry the meaning (the colour only repeats it), in colours that keep AA contrast
 * on white (MUI's outlined warning and success texts do not).
 */
const TONES = {
  ok: { color: '#1b5e20', borderColor: '#2e7d32' },
  warn: { color: '#7a3e00', borderColor: '#ed6c02' },
  bad: { color: '#ffffff', borderColor: '#b71c1c', bgcolor: '#b71c1c' },
  plain: { color: 'text.primary', borderColor: 'grey.500' },
} as const
export function StatusChip({ tone, label }: { tone: keyof typeof TONES; label: string }) {
  return <Chip size='small' variant='outlined' label={label} sx={{ ...TONES[tone], fontWeight: 500 }} />
}

/**
 * A queue row's detail opened and closed by a real button (react-admin's own expand icon is hidden from the keyboard
 * and from screen readers; clicking the row still works too).
 */
export function DetailToggle() {
  const record = useRecordContext()
  const resource = useResourceContext()
  const translate = useTranslate()
  const [expanded, toggle] = useExpanded(resource ?? '', record?.id ?? '', true)
  if (!record) return null
  return (
    <Button
      size='small'
      variant='text'
      aria-expanded={expanded}
      onClick={(e) => {
        e.stopPropagation()
        toggle()
      }}
    >
      {translate(expanded ? 'admin.account.hideDetail' : 'admin.account.showDetail')}
    </Button>
  )
}

/** A definition list of label → value rows (labels are message keys); empty values read "—". */
export function Fields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  const translate = useTranslate()
  return (
    <Box
      component='dl'
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component='dt' variant='body2' color='text.secondary'>
            {translate(label)}
          </Typography>
          <Typography component='dd' variant='body2' sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

/** An account as a queue names it: "name (number)". */
export const accountLabel = (a: { name: string; accountNumber: string | null } | null | undefined) =>
  a ? `${a.name} (${a.accountNumber ?? '—'})` : null

/** A user as a queue names it: "name (user name)". */
export const userLabel = (u: { name: string; userName: string } | null | undefined) =>
  u ? `${u.name} (${u.userName})` : null

/**
 * One call of the staff API for a screen that is not a react-admin list (an account's invoices, its statement):
 * the answer, the refusal, and whether it is loading; called again when `key`, or the input's JSON, changes.
 */
export function useAdminCall<K extends AdminKey>(key: K, input: CallInput<AdminEndpoints[K]>, enabled = true) {
  const [state, setState] = useState<{ data?: AdminAnswer<K>; error?: HttpError; loading: boolean }>({
    loading: enabled,
  })
  const json = JSON.stringify(input)
  useEffect(() => {
    if (!enabled) return
    let live = true
    setState((s) => ({ ...s, loading: true }))
    adminCall(key, JSON.parse(json) as CallInput<AdminEndpoints[K]>).then(
      (data) => live && setState({ data, loading: false }),
      (error: HttpError) => live && setState({ error, loading: false }),
    )
    return () => {
      live = false
    }
  }, [key, json, enabled])
  return state
}
