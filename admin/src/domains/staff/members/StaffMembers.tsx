import { useId, useState } from 'react'
import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, Stack } from '@mui/material'
import { Datagrid, FunctionField, List, TextField as RaTextField, useRecordContext, useTranslate } from 'react-admin'
import type { StaffMember } from '../../../../../types/staff/endpoints'
import { STAFF_ROLES, type StaffRole } from '../../../../../types/staff/permissions'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'

/** The staff members and their roles (GET /admin/staff); a row opens into its roles, changed with confirmation. */
export function StaffMembers() {
  const translate = useTranslate()
  return (
    <List exporter={false} perPage={25} empty={false}>
      <Datagrid bulkActionButtons={false} expand={<RolesEditor />} rowClick='expand' expandSingle>
        <RaTextField source='userName' sortable={false} />
        <RaTextField source='displayName' sortable={false} />
        <RaTextField source='email' sortable={false} />
        <FunctionField<StaffMember>
          source='active'
          sortable={false}
          render={(r) => translate(r.active ? 'resources.staff.active' : 'resources.staff.inactive')}
        />
        <FunctionField<StaffMember>
          source='roles'
          sortable={false}
          render={(r) =>
            r.roles.length
              ? r.roles.map((x) => translate(`resources.staff.role.${x}`)).join(', ')
              : translate('resources.staff.noRole')
          }
        />
      </Datagrid>
    </List>
  )
}

function RolesEditor() {
  const m = useRecordContext<StaffMember>()
  const translate = useTranslate()
  const labelId = useId()
  const [roles, setRoles] = useState<StaffRole[]>(m?.roles ?? [])
  if (!m) return null
  const changed = [...roles].sort().join() !== [...m.roles].sort().join()
  const names = (rs: readonly StaffRole[]) =>
    rs.length ? rs.map((x) => translate(`resources.staff.role.${x}`)).join(', ') : translate('resources.staff.noRole')
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1 }} role='group' aria-labelledby={labelId}>
      <FormLabel id={labelId}>{translate('resources.staff.rolesOf', { name: m.displayName })}</FormLabel>
      <FormGroup row>
        {STAFF_ROLES.map((r) => (
          <FormControlLabel
            key={r}
            control={
              <Checkbox
                checked={roles.includes(r)}
                onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
              />
            }
            label={translate(`resources.staff.role.${r}`)}
          />
        ))}
      </FormGroup>
      <Stack direction='row' spacing={2}>
        <DecisionButton
          label={translate('resources.staff.saveRoles')}
          disabled={!changed}
          question={translate('resources.staff.saveQuestion', {
            name: m.displayName,
            before: names(m.roles),
            after: names(roles),
          })}
          onConfirm={() => adminCall('setRoles', { params: { id: m.id }, body: { roles } })}
        />
      </Stack>
    </Box>
  )
}
