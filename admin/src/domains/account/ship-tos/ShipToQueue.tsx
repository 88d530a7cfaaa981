import { useState } from 'react'
import { Box, Stack, TextField, Typography } from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  TextField as RaTextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { ShipToReview } from '../../../../../types/account/staff-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { RejectButton } from '../../../components/RejectButton'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'
import { DecisionStatus, DetailToggle } from '../common'

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const

/** New ship-tos under review (GET /admin/ship-tos), oldest first: the overdue ones lead. */
export function ShipToQueue() {
  return (
    <List
      filterDefaultValues={{ status: 'PENDING' }}
      exporter={false}
      perPage={25}
      sort={{ field: 'submittedAt', order: 'ASC' }}
    >
      <StatusTabs statuses={STATUSES} labelPrefix='admin.decision' />
      <Datagrid bulkActionButtons={false} expand={<ShipToDetail />} rowClick='expand' expandSingle>
        <RaTextField source='webReference' sortable={false} />
        <FunctionField<ShipToReview>
          source='account'
          sortable={false}
          render={(r) => `${r.account.name} (${r.account.accountNumber ?? '—'})`}
        />
        <FunctionField<ShipToReview>
          source='address'
          sortable={false}
          render={(r) =>
            [r.address.city, r.address.streetAddress, r.address.companyOrInstitution].filter(Boolean).join(', ')
          }
        />
        <FunctionField<ShipToReview>
          source='submittedAt'
          sortable={false}
          render={(r) => countryDateTime(r.submittedAt, r.account.country)}
        />
        <FunctionField<ShipToReview> source='waitingOrders' sortable={false} render={(r) => r.waitingOrders.length} />
        <FunctionField<ShipToReview>
          source='status'
          sortable={false}
          render={(r) => <DecisionStatus status={r.status} overdue={r.overdue} />}
        />
        <FunctionField label='admin.account.detail' render={() => <DetailToggle />} />
      </Datagrid>
    </List>
  )
}

/** The review's detail and its decision: approve (with the ship-to number) or reject (with the reason). */
function ShipToDetail() {
  const r = useRecordContext<ShipToReview>()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const [shipToNumber, setShipToNumber] = useState('')
  if (!r) return null
  const a = r.address
  const line = (label: string, value: string | null | undefined) => (
    <>
      <Typography component='dt' variant='body2' color='text.secondary'>
        {translate(label)}
      </Typography>
      <Typography component='dd' variant='body2' sx={{ m: 0 }}>
        {value || '—'}
      </Typography>
    </>
  )
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box
        component='dl'
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}
      >
        {line('resources.ship-tos.fields.attentionTo', a.attentionTo)}
        {line('resources.ship-tos.fields.companyOrInstitution', a.companyOrInstitution)}
        {line('resources.ship-tos.fields.deptOrLab', a.deptOrLab)}
        {line(
          'resources.ship-tos.fields.address',
          [a.country, a.stateOrProvince, a.city, a.streetAddress, a.buildingOrRoom, a.zipCode]
            .filter(Boolean)
            .join(', '),
        )}
        {line('resources.ship-tos.fields.phone', [a.phoneNumber, a.mobile].filter(Boolean).join(' / '))}
        {line('resources.ship-tos.fields.email', a.email)}
        {line(
          'resources.ship-tos.fields.submittedBy',
          r.submittedBy ? `${r.submittedBy.name} (${r.submittedBy.userName})` : null,
        )}
        {line('resources.ship-tos.fields.reviewDueBy', countryDateTime(r.reviewDueBy, r.account.country))}
        {line('resources.ship-tos.fields.waitingOrders', r.waitingOrders.join(', '))}
        {r.status !== 'PENDING' &&
          line(
            'resources.ship-tos.fields.decidedBy',
            `${r.decidedBy ?? '—'} · ${countryDateTime(r.decidedAt, r.account.country)}`,
          )}
        {r.decisionReason && line('resources.ship-tos.fields.decisionReason', r.decisionReason)}
        {r.shipToNumber && line('resources.ship-tos.fields.shipToNumber', r.shipToNumber)}
      </Box>
      {r.status === 'PENDING' && (
        <Stack direction='row' spacing={2}>
          <DecisionButton
            label={translate('admin.common.approve')}
            color='success'
            question={translate('resources.ship-tos.approveQuestion', {
              orders: r.waitingOrders.length,
              smart_count: r.waitingOrders.length,
            })}
            extra={
              <TextField
                label={translate('resources.ship-tos.fields.shipToNumber')}
                helperText={translate('resources.ship-tos.shipToNumberHelp')}
                value={shipToNumber}
                onChange={(e) => setShipToNumber(e.target.value)}
                inputProps={{ maxLength: 32, lang: locale }}
              />
            }
            onConfirm={() =>
              adminCall('shipToApprove', {
                params: { id: r.id },
                body: shipToNumber.trim() ? { shipToNumber: shipToNumber.trim() } : {},
              })
            }
          />
          <RejectButton
            question={translate('resources.ship-tos.rejectQuestion')}
            onConfirm={(reason) => adminCall('shipToReject', { params: { id: r.id }, body: { reason } })}
          />
        </Stack>
      )}
    </Box>
  )
}
