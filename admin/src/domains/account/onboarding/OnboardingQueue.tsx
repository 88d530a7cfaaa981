import { useState } from 'react'
import { Alert, Box, Stack, TextField } from '@mui/material'
import {
  Datagrid,
  FunctionField,
  List,
  TextField as RaTextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { OnboardingReview } from '../../../../../types/account/staff-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { RejectButton } from '../../../components/RejectButton'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'
import { accountLabel, DecisionStatus, DetailToggle, Fields, userLabel } from '../common'

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
const F = 'resources.onboarding-requests.fields'

/**
 * Onboarding requests of Partially Registered buyers (GET /admin/onboarding-requests), oldest first: a link to an
 * existing account (decided here) or an address (decided with its ship-to in the ship-to queue).
 */
export function OnboardingQueue() {
  return (
    <List filterDefaultValues={{ status: 'PENDING' }} exporter={false} perPage={25}>
      <StatusTabs statuses={STATUSES} labelPrefix='admin.decision' />
      <Datagrid bulkActionButtons={false} expand={<OnboardingDetail />} rowClick='expand' expandSingle>
        <RaTextField source='requestId' sortable={false} />
        <FunctionField<OnboardingReview> source='kind' sortable={false} render={(r) => <KindLabel kind={r.kind} />} />
        <FunctionField<OnboardingReview> source='user' sortable={false} render={(r) => userLabel(r.user)} />
        <FunctionField<OnboardingReview>
          source='accountNumber'
          sortable={false}
          render={(r) =>
            r.kind === 'link-account' ? [r.accountNumber, r.companyOrInstitution].filter(Boolean).join(' · ') : '—'
          }
        />
        <FunctionField<OnboardingReview>
          source='submittedAt'
          sortable={false}
          render={(r) => countryDateTime(r.submittedAt, r.account.country)}
        />
        <FunctionField<OnboardingReview>
          source='status'
          sortable={false}
          render={(r) => <DecisionStatus status={r.status} overdue={r.overdue} />}
        />
        <FunctionField label='admin.account.detail' render={() => <DetailToggle />} />
      </Datagrid>
    </List>
  )
}

function KindLabel({ kind }: { kind: OnboardingReview['kind'] }) {
  const translate = useTranslate()
  return <span>{translate(`resources.onboarding-requests.kinds.${kind}`)}</span>
}

/** The request's detail and its decision: link (to the typed account, or the one staff name) or reject. */
function OnboardingDetail() {
  const r = useRecordContext<OnboardingReview>()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const [accountNumber, setAccountNumber] = useState('')
  if (!r) return null
  const country = r.account.country
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Fields
        rows={[
          [`${F}.user`, userLabel(r.user)],
          [
            `${F}.registrationStatus`,
            translate(`resources.onboarding-requests.registration.${r.user.registrationStatus}`),
          ],
          [`${F}.account`, accountLabel(r.account)],
          ...(r.kind === 'link-account'
            ? ([
                [`${F}.accountNumber`, r.accountNumber],
                [`${F}.companyOrInstitution`, r.companyOrInstitution],
                [`${F}.zipCode`, r.zipCode],
                [
                  `${F}.matchingAccount`,
                  r.matchingAccount
                    ? accountLabel(r.matchingAccount)
                    : translate('resources.onboarding-requests.noMatch'),
                ],
              ] as [string, string | null][])
            : []),
          [`${F}.reviewDueBy`, countryDateTime(r.reviewDueBy, country)],
          ...(r.status !== 'PENDING'
            ? ([[`${F}.decidedBy`, `${r.decidedBy ?? '—'} · ${countryDateTime(r.decidedAt, country)}`]] as [
                string,
                string,
              ][])
            : []),
          ...(r.decisionReason ? ([[`${F}.decisionReason`, r.decisionReason]] as [string, string][]) : []),
          ...(r.linkedAccount
            ? ([[`${F}.linkedAccount`, accountLabel(r.linkedAccount)]] as [string, string | null][])
            : []),
        ]}
      />
      {r.status === 'PENDING' && r.kind === 'address' && (
        <Alert severity='info'>
          {translate('resources.onboarding-requests.addressNote', { id: r.shipToReviewId ?? '—' })}
        </Alert>
      )}
      {r.status === 'PENDING' && r.kind === 'link-account' && (
        <Stack direction='row' spacing={2}>
          <DecisionButton
            label={translate('admin.common.approve')}
            color='success'
            question={translate('resources.onboarding-requests.approveQuestion', {
              account: r.matchingAccount ? accountLabel(r.matchingAccount) : (r.accountNumber ?? '—'),
            })}
            extra={
              <TextField
                label={translate(`${F}.linkTo`)}
                helperText={translate('resources.onboarding-requests.linkToHelp')}
                placeholder={r.accountNumber ?? ''}
                value={accountNumber}
                onChange={(e) => setAccountNumber(e.target.value)}
                inputProps={{ maxLength: 32, lang: locale }}
              />
            }
            onConfirm={() =>
              adminCall('onboardingApprove', {
                params: { id: r.requestId },
                body: accountNumber.trim() ? { accountNumber: accountNumber.trim() } : {},
              })
            }
          />
          <RejectButton
            question={translate('resources.onboarding-requests.rejectQuestion')}
            onConfirm={(reason) => adminCall('onboardingReject', { params: { id: r.requestId }, body: { reason } })}
          />
        </Stack>
      )}
    </Box>
  )
}
