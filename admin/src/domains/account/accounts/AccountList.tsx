import { Stack } from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  ShowButton,
  TextField as RaTextField,
  TextInput,
  useTranslate,
} from 'react-admin'
import type { AccountSummary } from '../../../../../types/account/staff-endpoints'
import { StatusChip } from '../common'

const F = 'resources.accounts.fields'

function useFilters() {
  const translate = useTranslate()
  return [
    <TextInput key='q' source='q' label={`${F}.q`} alwaysOn resettable />,
    <SelectInput
      key='country'
      source='country'
      label={`${F}.country`}
      alwaysOn
      choices={[
        { id: 'cn', name: translate('resources.accounts.countries.cn') },
        { id: 'in', name: translate('resources.accounts.countries.in') },
      ]}
    />,
    <SelectInput
      key='registrationStatus'
      source='registrationStatus'
      label={`${F}.registrationStatus`}
      alwaysOn
      choices={[
        { id: 'Siebel Approved', name: translate('resources.accounts.registration.Siebel Approved') },
        { id: 'Partially Registered', name: translate('resources.accounts.registration.Partially Registered') },
      ]}
    />,
  ]
}

/** Accounts (GET /admin/accounts), paged on the server: search by account number or name, country, registration. */
export function AccountList() {
  const translate = useTranslate()
  return (
    <List filters={useFilters()} exporter={false} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick='show'>
        <FunctionField<AccountSummary>
          source='accountNumber'
          sortable={false}
          render={(r) => r.accountNumber ?? translate('resources.accounts.noNumber')}
        />
        <RaTextField source='name' sortable={false} />
        <FunctionField<AccountSummary>
          source='accountType'
          sortable={false}
          render={(r) => translate(`resources.accounts.types.${r.accountType}`)}
        />
        <FunctionField<AccountSummary>
          source='country'
          sortable={false}
          render={(r) => translate(`resources.accounts.countries.${r.country}`, { _: r.country })}
        />
        <FunctionField<AccountSummary>
          source='buyers'
          sortable={false}
          render={(r) => (
            <Stack direction='row' spacing={1} alignItems='center'>
              <span>{r.buyers}</span>
              {r.partiallyRegistered > 0 && (
                <StatusChip
                  tone='plain'
                  label={translate('resources.accounts.partialCount', { smart_count: r.partiallyRegistered })}
                />
              )}
            </Stack>
          )}
        />
        <FunctionField<AccountSummary>
          source='shipTos'
          sortable={false}
          render={(r) => (
            <Stack direction='row' spacing={1} alignItems='center'>
              <span>{r.shipTos}</span>
              {r.pendingShipTos > 0 && (
                <StatusChip
                  tone='warn'
                  label={translate('resources.accounts.pendingCount', { smart_count: r.pendingShipTos })}
                />
              )}
            </Stack>
          )}
        />
        <ShowButton label='resources.accounts.open' />
      </Datagrid>
    </List>
  )
}
