import { useState } from 'react'
import { Box, MenuItem, Stack, TextField } from '@mui/material'
import { Datagrid, FunctionField, List, SelectInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin'
import type { AdminRedemption } from '../../../../../types/membership/staff-endpoints'
import { TRACKING_NUMBER_PATTERN } from '../../../../../types/membership/staff-rules'
import { CARRIERS, carrierName } from '../../../../../types/order/carriers'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { DetailToggle } from '../../../components/DetailToggle'
import { StatusTabs } from '../../../components/StatusTabs'
import { countryDateTime } from '../../../format'
import { Fact, Facts } from '../../../components/Facts'

const P = 'resources.redemptions'
/** toShip: submitted, pending_shipped, partial_shipped (what may be shipped now); created: a prize order waiting for its address */
const STATUSES = ['toShip', 'created', 'shipped', 'cancelled', 'expired'] as const
const SHIPPABLE = ['submitted', 'pending_shipped', 'partial_shipped']
const CANCELLABLE = ['created', 'submitted', 'pending_shipped']
/** the carriers by their English names, once each */
const CARRIER_CHOICES = [...new Set(CARRIERS.map((c) => c.en))]

const FILTERS = [
  <SelectInput
    key='kind'
    source='kind'
    alwaysOn
    choices={['gift', 'prize'].map((k) => ({ id: k, name: `${P}.kind.${k}` }))}
  />,
]

/** Gift redemptions (RD-…) and prize orders (LD…) to ship (GET /admin/redemptions), oldest first. */
export function RedemptionQueue() {
  return (
    <List filterDefaultValues={{ status: 'toShip' }} filters={FILTERS} exporter={false} perPage={25}>
      <StatusTabs statuses={STATUSES} labelPrefix={`${P}.status`} />
      <Datagrid bulkActionButtons={false} expand={<RedemptionDetail />} rowClick='expand' expandSingle>
        <FunctionField source='number' sortable={false} render={() => <DetailToggle source='number' />} />
        <FunctionField<AdminRedemption>
          source='kind'
          sortable={false}
          render={(r) => <T k={`${P}.kind.${r.kind}`} />}
        />
        <FunctionField<AdminRedemption>
          source='member'
          sortable={false}
          render={(r) => `${r.member.userName}${r.member.accountNumber ? ` (${r.member.accountNumber})` : ''}`}
        />
        <FunctionField<AdminRedemption>
          source='items'
          sortable={false}
          render={(r) => r.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}
        />
        <FunctionField<AdminRedemption> source='points' sortable={false} render={(r) => r.points} />
        <FunctionField<AdminRedemption>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, null)}
        />
        <FunctionField<AdminRedemption>
          source='status'
          sortable={false}
          render={(r) => <T k={`${P}.state.${r.status}`} />}
        />
      </Datagrid>
    </List>
  )
}

function T({ k }: { k: string }) {
  const translate = useTranslate()
  return <>{translate(k)}</>
}

function RedemptionDetail() {
  const r = useRecordContext<AdminRedemption>()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const language = locale === 'zh' ? 'zh' : 'en'
  if (!r) return null
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Facts preWrap>
        <Fact label={`${P}.fields.member`} value={`${r.member.userName} · ${r.member.userId}`} />
        <Fact label={`${P}.fields.accountNumber`} value={r.member.accountNumber} />
        <Fact
          label={`${P}.fields.address`}
          value={r.address ? `${r.address.label} (${r.address.addressKey})` : translate(`${P}.noAddress`)}
        />
        <Fact label={`${P}.fields.contact`} value={r.contact ? `${r.contact.name} · ${r.contact.phone}` : null} />
        <Fact label={`${P}.fields.items`} value={r.items.map((i) => `${i.name} × ${i.quantity}`).join('\n')} />
        <Fact label={`${P}.fields.points`} value={r.points} />
        {r.shipment && (
          <Fact
            label={`${P}.fields.shipment`}
            value={translate(`${P}.shipped`, {
              carrier: carrierName(r.shipment.carrier, language),
              trackingNumber: r.shipment.trackingNumber,
              at: countryDateTime(r.shipment.shippedAt, null),
              by: r.shipment.shippedBy,
            })}
          />
        )}
      </Facts>
      <Stack direction='row' spacing={2} flexWrap='wrap' useFlexGap>
        {SHIPPABLE.includes(r.status) && <ShipButton redemption={r} />}
        {r.kind === 'gift' && CANCELLABLE.includes(r.status) && (
          <DecisionButton
            label={translate(`${P}.cancel`)}
            color='error'
            variant='outlined'
            question={translate(`${P}.cancelQuestion`, { points: r.points })}
            reasonLabel={translate('admin.common.reason')}
            reasonHelp={translate('admin.common.reasonHelp')}
            onConfirm={(reason) =>
              adminCall('membershipCancelRedemption', { params: { number: r.number }, body: { reason } })
            }
          />
        )}
      </Stack>
    </Box>
  )
}

const TRACKING = new RegExp(TRACKING_NUMBER_PATTERN)

/** Ship: the carrier (one of the list) and the tracking number, confirmed (the buyer is told at once). */
function ShipButton({ redemption }: { redemption: AdminRedemption }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const language = locale === 'zh' ? 'zh' : 'en'
  const [carrier, setCarrier] = useState('')
  const [tracking, setTracking] = useState('')
  const [touched, setTouched] = useState(false)
  const trackingBad = touched && !TRACKING.test(tracking.trim())
  return (
    <DecisionButton
      label={translate(`${P}.ship`)}
      question={translate(`${P}.shipQuestion`, { number: redemption.number })}
      extra={
        <Stack spacing={2}>
          <TextField
            select
            label={translate(`${P}.fields.carrier`)}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            required
            error={touched && !carrier}
          >
            {CARRIER_CHOICES.map((c) => (
              <MenuItem key={c} value={c}>
                {carrierName(c, language)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate(`${P}.fields.trackingNumber`)}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            onBlur={() => setTouched(true)}
            required
            error={trackingBad}
            helperText={translate(`${P}.trackingHelp`)}
            inputProps={{ maxLength: 40 }}
          />
        </Stack>
      }
      onConfirm={async () => {
        setTouched(true)
        if (!carrier || !TRACKING.test(tracking.trim())) throw new Error(translate(`${P}.shipMissing`))
        return adminCall('membershipShip', {
          params: { number: redemption.number },
          body: { carrier, trackingNumber: tracking.trim() },
        })
      }}
    />
  )
}
