import { Box, Typography } from '@mui/material'
import {
  ArrayInput,
  FormDataConsumer,
  FunctionField,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useTranslate,
} from 'react-admin'
import type {
  AdminDraw,
  ChangeDrawBody,
  CreateDrawBody,
  PrizeInput,
} from '../../../../../types/membership/staff-endpoints'
import { adminCall } from '../../../api/client'
import { ChinaDateTimeInput } from '../china-time'
import {
  COUNTRY_CHOICES,
  ScheduledCreate,
  ScheduledEdit,
  ScheduledList,
  T,
  cell,
  half,
  row,
  type Ending,
} from '../scheduled'

const P = 'resources.draws'
const KINDS = ['lucky', 'blind_box', 'wheel'] as const
const PERIODS = ['day', 'week', 'month'] as const
const PRIZE_KINDS = ['none', 'points', 'physical'] as const

const ENDING: Ending<AdminDraw> = {
  prefix: P,
  endedState: 'over',
  onEnd: (draw) => adminCall('membershipEndDraw', { params: { id: draw.id }, body: {} }),
}

/** Lucky draws (GET /admin/draws): by country, then the storefront's order. */
export function DrawList() {
  return (
    <ScheduledList<AdminDraw>
      {...ENDING}
      columns={[
        <FunctionField<AdminDraw>
          key='kind'
          source='kind'
          sortable={false}
          render={(r) => <T k={`${P}.kind.${r.kind}`} />}
        />,
        <FunctionField<AdminDraw>
          key='pointsPerDraw'
          source='pointsPerDraw'
          sortable={false}
          render={(r) => r.pointsPerDraw}
        />,
        <FunctionField<AdminDraw> key='prizes' source='prizes' sortable={false} render={(r) => r.prizes.length} />,
        <FunctionField<AdminDraw> key='draws' source='draws' sortable={false} render={(r) => r.draws} />,
      ]}
    />
  )
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v))

function prizeBody(p: Record<string, unknown>): PrizeInput {
  const kind = p.kind as PrizeInput['kind']
  return {
    ...(typeof p.id === 'number' ? { id: p.id } : {}),
    kind,
    nameEn: String(p.nameEn ?? ''),
    nameZh: String(p.nameZh ?? ''),
    points: kind === 'points' ? num(p.points) : null,
    weight: Number(p.weight),
    stock: kind === 'none' ? null : num(p.stock),
  }
}

/** Exactly the fields of a change (the server's schema is closed); prizes in the form's order (the slots). */
function changeBody(d: Record<string, unknown>): ChangeDrawBody {
  return {
    kind: d.kind as ChangeDrawBody['kind'],
    nameEn: String(d.nameEn ?? ''),
    nameZh: String(d.nameZh ?? ''),
    rulesEn: String(d.rulesEn ?? ''),
    rulesZh: String(d.rulesZh ?? ''),
    startAt: String(d.startAt ?? ''),
    endAt: String(d.endAt ?? ''),
    pointsPerDraw: Number(d.pointsPerDraw),
    period: d.period as ChangeDrawBody['period'],
    periodLimit: Number(d.periodLimit),
    totalLimit: Number(d.totalLimit),
    sortOrder: Number(d.sortOrder ?? 0),
    prizes: ((d.prizes as Record<string, unknown>[] | undefined) ?? []).map(prizeBody),
  }
}
const createBody = (d: Record<string, unknown>): CreateDrawBody => ({
  country: d.country as CreateDrawBody['country'],
  ...changeBody(d),
})

function validateDraw(values: Record<string, unknown>) {
  const errors: Record<string, unknown> = {}
  if (values.startAt && values.endAt && Date.parse(String(values.startAt)) >= Date.parse(String(values.endAt)))
    errors.endAt = 'resources.gifts.endBeforeStart'
  const prizes = (values.prizes as Record<string, unknown>[] | undefined) ?? []
  if (prizes.length < 2 || prizes.length > 12) errors.prizes = `${P}.prizeCount`
  return errors
}

function DrawFields({ create }: { create?: boolean }) {
  const translate = useTranslate()
  return (
    <>
      <Box {...row}>
        {create && <SelectInput source='country' choices={COUNTRY_CHOICES} validate={required()} {...cell} />}
        <SelectInput
          source='kind'
          choices={KINDS.map((k) => ({ id: k, name: `${P}.kind.${k}` }))}
          validate={required()}
          {...cell}
        />
      </Box>
      <Box {...row}>
        <TextInput source='nameEn' validate={[required(), maxLength(80)]} {...half} />
        <TextInput source='nameZh' validate={[required(), maxLength(80)]} {...half} />
      </Box>
      <Box {...row}>
        <TextInput source='rulesEn' multiline minRows={2} validate={[required(), maxLength(2000)]} {...half} />
        <TextInput source='rulesZh' multiline minRows={2} validate={[required(), maxLength(2000)]} {...half} />
      </Box>
      <Typography variant='body2' color='text.secondary'>
        {translate('resources.gifts.scheduleHelp')}
      </Typography>
      <Box {...row}>
        <ChinaDateTimeInput source='startAt' validate={required()} {...half} />
        <ChinaDateTimeInput source='endAt' validate={required()} {...half} />
      </Box>
      <Box {...row}>
        <NumberInput
          source='pointsPerDraw'
          validate={[required(), minValue(1), maxValue(1_000_000)]}
          step={1}
          {...cell}
        />
        <SelectInput
          source='period'
          choices={PERIODS.map((k) => ({ id: k, name: `${P}.period.${k}` }))}
          validate={required()}
          {...cell}
        />
        <NumberInput source='periodLimit' validate={[required(), minValue(1), maxValue(1000)]} step={1} {...cell} />
        <NumberInput source='totalLimit' validate={[required(), minValue(1), maxValue(100_000)]} step={1} {...cell} />
        <NumberInput source='sortOrder' validate={[required(), minValue(0), maxValue(100_000)]} step={1} {...cell} />
      </Box>
      <Typography variant='body2' color='text.secondary'>
        {translate(`${P}.prizesHelp`)}
      </Typography>
      <ArrayInput source='prizes'>
        <SimpleFormIterator
          inline
          disableClear
          // the remove and reorder buttons always shown (react-admin shows them on hover only: not for a keyboard)
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          <SelectInput
            source='kind'
            label={`${P}.prize.kind`}
            choices={PRIZE_KINDS.map((k) => ({ id: k, name: `${P}.prizeKind.${k}` }))}
            validate={required()}
            sx={{ width: 200 }}
          />
          <TextInput
            source='nameEn'
            label={`${P}.prize.nameEn`}
            validate={[required(), maxLength(80)]}
            sx={{ flex: '1 1 180px' }}
          />
          <TextInput
            source='nameZh'
            label={`${P}.prize.nameZh`}
            validate={[required(), maxLength(80)]}
            sx={{ flex: '1 1 180px' }}
          />
          <FormDataConsumer>
            {({ scopedFormData }) =>
              scopedFormData?.kind === 'points' ? (
                <NumberInput
                  source='points'
                  label={`${P}.prize.points`}
                  validate={[required(), minValue(1), maxValue(1_000_000)]}
                  step={1}
                  sx={{ width: 130 }}
                />
              ) : null
            }
          </FormDataConsumer>
          <NumberInput
            source='weight'
            label={`${P}.prize.weight`}
            validate={[required(), minValue(1), maxValue(1_000_000)]}
            step={1}
            sx={{ width: 130 }}
          />
          <FormDataConsumer>
            {({ scopedFormData }) =>
              scopedFormData?.kind !== 'none' ? (
                <NumberInput
                  source='stock'
                  label={`${P}.prize.stock`}
                  helperText={`${P}.stockHelp`}
                  validate={[minValue(0), maxValue(1_000_000)]}
                  step={1}
                  sx={{ width: 150 }}
                />
              ) : null
            }
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  )
}

const DRAW_DEFAULTS = {
  country: 'cn',
  kind: 'wheel',
  period: 'day',
  periodLimit: 1,
  totalLimit: 10,
  pointsPerDraw: 10,
  sortOrder: 0,
  prizes: [
    { kind: 'none', nameEn: 'Thanks for taking part', nameZh: '谢谢参与', points: null, weight: 50, stock: null },
    { kind: 'points', nameEn: '20 points', nameZh: '20 积分', points: 20, weight: 30, stock: null },
  ],
}

/** A new draw: POST /admin/draws. */
export function DrawCreate() {
  return (
    <ScheduledCreate toBody={createBody} defaultValues={DRAW_DEFAULTS} validate={validateDraw} maxWidth={1100}>
      <DrawFields create />
    </ScheduledCreate>
  )
}

/** A draw's change: PUT /admin/draws/:id with every field; a prize keeps its id, one left out is removed. */
export function DrawEdit() {
  return (
    <ScheduledEdit<AdminDraw> {...ENDING} toBody={changeBody} validate={validateDraw} maxWidth={1100}>
      <DrawFields />
    </ScheduledEdit>
  )
}
