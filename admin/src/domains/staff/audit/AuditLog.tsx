import { Box, Typography } from '@mui/material'
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextField as RaTextField,
  TextInput,
  useGetList,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { AuditEntry, StaffMember } from '../../../../../types/staff/endpoints'
import type { Permission } from '../../../../../types/staff/permissions'
import { countryDateTime } from '../../../format'

/** A date picked in the filter as the start (from) or the end (to) of that day in China time, as the API takes it. */
const dayStart = (v: string) => (v ? `${v.slice(0, 10)}T00:00:00+08:00` : v)
const dayEnd = (v: string) => (v ? `${v.slice(0, 10)}T23:59:59+08:00` : v)
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '')

/** The staff members, for the filter (their list needs staff.manage; without it the filter takes an id). */
function StaffFilter(props: { source: string; label: string; alwaysOn?: boolean }) {
  const { permissions } = usePermissions<Permission[]>()
  const translate = useTranslate()
  const may = !!permissions?.includes('staff.manage')
  const { data } = useGetList<StaffMember & { id: string }>(
    'staff',
    { pagination: { page: 1, perPage: 100 }, filter: {} },
    { enabled: may },
  )
  if (!may) return <TextInput {...props} helperText={false} />
  return (
    <SelectInput
      {...props}
      helperText={false}
      choices={(data ?? []).map((m) => ({ id: m.id, name: `${m.displayName} (${m.userName})` }))}
      emptyText={translate('resources.audit.anyone')}
    />
  )
}

/** The audit log (GET /admin/audit), newest first: by staff member, action, record and dates. Read only. */
export function AuditLog() {
  const filters = [
    <StaffFilter key='staffId' source='staffId' label='resources.audit.fields.staffId' alwaysOn />,
    <TextInput key='action' source='action' label='resources.audit.fields.action' helperText={false} alwaysOn />,
    <TextInput key='entity' source='entity' label='resources.audit.fields.entity' helperText={false} />,
    <TextInput key='entityId' source='entityId' label='resources.audit.fields.entityId' helperText={false} />,
    <DateInput
      key='from'
      source='from'
      label='resources.audit.fields.from'
      helperText={false}
      parse={dayStart}
      format={day}
      alwaysOn
    />,
    <DateInput
      key='to'
      source='to'
      label='resources.audit.fields.to'
      helperText={false}
      parse={dayEnd}
      format={day}
      alwaysOn
    />,
  ]
  return (
    <List filters={filters} exporter={false} perPage={50} empty={false}>
      <Datagrid bulkActionButtons={false} expand={<AuditDetail />} rowClick='expand'>
        <FunctionField<AuditEntry> source='at' sortable={false} render={(r) => countryDateTime(r.at, 'cn')} />
        <RaTextField source='staffId' sortable={false} />
        <RaTextField source='action' sortable={false} />
        <RaTextField source='entity' sortable={false} />
        <FunctionField<AuditEntry>
          source='entityId'
          sortable={false}
          render={(r) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>{r.entityId ?? '—'}</Box>}
        />
        <RaTextField source='permission' sortable={false} />
        <FunctionField<AuditEntry> source='ip' sortable={false} render={(r) => r.ip ?? '—'} />
      </Datagrid>
    </List>
  )
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component='h3' variant='subtitle2'>
        {label}
      </Typography>
      <Box
        component='pre'
        tabIndex={0}
        aria-label={label}
        sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', maxHeight: 320, fontSize: 13 }}
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  )
}

/** An entry's record before and after, the roles the actor held, where from. */
function AuditDetail() {
  const r = useRecordContext<AuditEntry>()
  const translate = useTranslate()
  if (!r) return null
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant='body2'>
        {translate('resources.audit.fields.roles')}: {r.roles || '—'} · {translate('resources.audit.fields.userAgent')}:{' '}
        {r.userAgent ?? '—'} · {translate('resources.audit.fields.requestId')}: {r.requestId ?? '—'}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Json label={translate('resources.audit.fields.before')} value={r.before} />
        <Json label={translate('resources.audit.fields.after')} value={r.after} />
      </Box>
    </Box>
  )
}
