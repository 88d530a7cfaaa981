import { Box, Stack } from '@mui/material'
import { Datagrid, FunctionField, List, TextField as RaTextField, useRecordContext, useTranslate } from 'react-admin'
import type { SupplyCentreReview } from '../../../../../types/account/staff-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { RejectButton } from '../../../components/RejectButton'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'
import { accountLabel, DecisionStatus, DetailToggle, Fields, userLabel } from '../common'

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
const F = 'resources.supply-centre-requests.fields'

/** Supply-centre applications and changes (GET /admin/supply-centre-requests), the most overdue first. */
export function SupplyCentreQueue() {
  return (
    <List filterDefaultValues={{ status: 'PENDING' }} exporter={false} perPage={25}>
      <StatusTabs statuses={STATUSES} labelPrefix='admin.decision' />
      <Datagrid bulkActionButtons={false} expand={<SupplyCentreDetail />} rowClick='expand' expandSingle>
        <RaTextField source='requestId' sortable={false} />
        <FunctionField<SupplyCentreReview> source='kind' sortable={false} render={(r) => <KindLabel kind={r.kind} />} />
        <FunctionField<SupplyCentreReview> source='account' sortable={false} render={(r) => accountLabel(r.account)} />
        <RaTextField source='shipToNum' sortable={false} />
        <FunctionField<SupplyCentreReview>
          source='supplyCenterId'
          sortable={false}
          render={(r) => `${r.currentSupplyCenterId ?? '—'} → ${r.supplyCenterId}`}
        />
        <FunctionField<SupplyCentreReview>
          source='submittedAt'
          sortable={false}
          render={(r) => countryDateTime(r.submittedAt, r.account.country)}
        />
        <FunctionField<SupplyCentreReview>
          source='status'
          sortable={false}
          render={(r) => <DecisionStatus status={r.status} overdue={r.overdue} />}
        />
        <FunctionField label='admin.account.detail' render={() => <DetailToggle />} />
      </Datagrid>
    </List>
  )
}

function KindLabel({ kind }: { kind: SupplyCentreReview['kind'] }) {
  const translate = useTranslate()
  return <span>{translate(`resources.supply-centre-requests.kinds.${kind}`)}</span>
}

/** The request's detail and its decision: approve (the centre serves the ship-to) or reject with a reason. */
function SupplyCentreDetail() {
  const r = useRecordContext<SupplyCentreReview>()
  const translate = useTranslate()
  if (!r) return null
  const country = r.account.country
  const rows: [string, string | null][] = [
    [`${F}.user`, userLabel(r.user)],
    [`${F}.account`, accountLabel(r.account)],
    [`${F}.shipToNum`, r.shipToNum],
    [`${F}.currentSupplyCenterId`, r.currentSupplyCenterId ?? translate('admin.common.none')],
    [`${F}.supplyCenterName`, `${r.supplyCenterName} (${r.supplyCenterId}) · ${r.supplyCenterStatus}`],
    [`${F}.reason`, r.reason],
    [`${F}.reviewDueBy`, countryDateTime(r.reviewDueBy, country)],
  ]
  if (r.status !== 'PENDING')
    rows.push([`${F}.decidedBy`, `${r.decidedBy ?? '—'} · ${countryDateTime(r.decidedAt, country)}`])
  if (r.decisionReason) rows.push([`${F}.decisionReason`, r.decisionReason])
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Fields rows={rows} />
      {r.status === 'PENDING' && (
        <Stack direction='row' spacing={2}>
          <DecisionButton
            label={translate('admin.common.approve')}
            color='success'
            question={translate('resources.supply-centre-requests.approveQuestion', {
              centre: r.supplyCenterName,
              shipTo: r.shipToNum,
            })}
            onConfirm={() => adminCall('supplyCentreApprove', { params: { id: r.requestId }, body: {} })}
          />
          <RejectButton
            question={translate('resources.supply-centre-requests.rejectQuestion')}
            onConfirm={(reason) => adminCall('supplyCentreReject', { params: { id: r.requestId }, body: { reason } })}
          />
        </Stack>
      )}
    </Box>
  )
}
