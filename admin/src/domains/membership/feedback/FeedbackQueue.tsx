import { Box } from '@mui/material'
import { Datagrid, FunctionField, List, useRecordContext, useTranslate } from 'react-admin'
import type { AdminFeedback } from '../../../../../types/membership/staff-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { DetailToggle } from '../../../components/DetailToggle'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'
import { Fact, Facts } from '../../../components/Facts'

const P = 'resources.redemption-feedback'
/** open: pending and In-Progress */
const STATUSES = ['open', 'completed'] as const

function T({ k }: { k: string }) {
  const translate = useTranslate()
  return <>{translate(k)}</>
}

/** Members' feedback on their redemptions (GET /admin/redemption-feedback), oldest first: resolve with a note. */
export function FeedbackQueue() {
  return (
    <List filterDefaultValues={{ status: 'open' }} exporter={false} perPage={25}>
      <StatusTabs statuses={STATUSES} labelPrefix={`${P}.status`} />
      <Datagrid bulkActionButtons={false} expand={<FeedbackDetail />} rowClick='expand' expandSingle>
        <FunctionField source='number' sortable={false} render={() => <DetailToggle source='number' />} />
        <FunctionField<AdminFeedback> source='member' sortable={false} render={(r) => r.member.userName} />
        <FunctionField<AdminFeedback>
          source='category'
          sortable={false}
          render={(r) => <T k={`${P}.category.${r.category}`} />}
        />
        <FunctionField<AdminFeedback> source='type' sortable={false} render={(r) => <T k={`${P}.type.${r.type}`} />} />
        <FunctionField<AdminFeedback>
          source='description'
          sortable={false}
          render={(r) => (r.description.length > 60 ? `${r.description.slice(0, 60)}…` : r.description)}
        />
        <FunctionField<AdminFeedback>
          source='state'
          sortable={false}
          render={(r) => <T k={`${P}.state.${r.status}`} />}
        />
        <FunctionField<AdminFeedback>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, null)}
        />
      </Datagrid>
    </List>
  )
}

function FeedbackDetail() {
  const r = useRecordContext<AdminFeedback>()
  const translate = useTranslate()
  if (!r) return null
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Facts preWrap>
        <Fact label={`${P}.fields.member`} value={`${r.member.userName} · ${r.member.userId}`} />
        <Fact label={`${P}.fields.number`} value={r.number} />
        <Fact label={`${P}.fields.description`} value={r.description} />
        {r.status === 'completed' && (
          <>
            <Fact label={`${P}.fields.result`} value={r.result} />
            <Fact
              label={`${P}.fields.resolvedBy`}
              value={`${r.resolvedBy ?? '—'} · ${countryDateTime(r.resolvedAt, null)}`}
            />
          </>
        )}
      </Facts>
      {r.status !== 'completed' && (
        <Box>
          <DecisionButton
            label={translate(`${P}.resolve`)}
            color='success'
            question={translate(`${P}.resolveQuestion`)}
            reasonLabel={translate(`${P}.fields.note`)}
            reasonHelp={translate('admin.common.reasonHelp')}
            onConfirm={(note) => adminCall('membershipResolveFeedback', { params: { id: r.id }, body: { note } })}
          />
        </Box>
      )}
    </Box>
  )
}
