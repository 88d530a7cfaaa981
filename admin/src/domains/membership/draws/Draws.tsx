import { Box, Typography } from '@mui/material'
import {
  ArrayInput,
  Create,
  CreateButton,
  Datagrid,
  Edit,
  EditButton,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField as RaTextField,
  TextInput,
  Toolbar,
  TopToolbar,
  maxLength,
  maxValue,
  minValue,
  required,
  useLocaleState,
  useRecordContext,
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
import { EndButton } from '../EndButton'
import { COUNTRY_CHOICES, Window } from '../gifts/Gifts'

const P = 'resources.draws'
const KINDS = ['lucky', 'blind_box', 'wheel'] as const
const PERIODS = ['day', 'week', 'month'] as const
const PRIZE_KINDS = ['none', 'points', 'physical'] as const

function T({ k }: { k: string }) {
  const translate = useTranslate()
  return <>{translate(k)}</>
}

const FILTERS = [<SelectInput key='country' source='country' alwaysOn choices={COUNTRY_CHOICES} />]

/** Lucky draws (GET /admin/draws): by country, then the storefront's order. */
export function DrawList() {
  const [locale] = useLocaleState()
  return (
    <List
      filters={FILTERS}
      exporter={false}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <RaTextField source='id' sortable={false} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField<AdminDraw>
          source='name'
          sortable={false}
          render={(r) => (locale === 'zh' ? r.nameZh : r.nameEn)}
        />
        <FunctionField<AdminDraw>
          source='country'
          sortable={false}
          render={(r) => <T k={`resources.gifts.countries.${r.country}`} />}
        />
        <FunctionField<AdminDraw> source='kind' sortable={false} render={(r) => <T k={`${P}.kind.${r.kind}`} />} />
        <FunctionField<AdminDraw> source='pointsPerDraw' sortable={false} render={(r) => r.pointsPerDraw} />
        <FunctionField<AdminDraw> source='prizes' sortable={false} render={(r) => r.prizes.length} />
        <FunctionField<AdminDraw> source='draws' sortable={false} render={(r) => r.draws} />
        <FunctionField<AdminDraw> source='state' sortable={false} render={(r) => <T k={`${P}.state.${r.state}`} />} />
        <FunctionField<AdminDraw>
          source='window'
          sortable={false}
          render={(r) => <Window startAt={r.startAt} endAt={r.endAt} country={r.country} />}
        />
        <FunctionField<AdminDraw>
          source='actions'
          sortable={false}
          label={`${P}.fields.actions`}
          render={(r) => <DrawActions draw={r} />}
        />
      </Datagrid>
    </List>
  )
}

function DrawActions({ draw }: { draw: AdminDraw }) {
  const translate = useTranslate()
  if (draw.state === 'over') return null
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <EditButton record={draw} aria-label={translate(`${P}.editOne`, { name: draw.nameEn })} />
      <EndButton
        question={translate(`${P}.endQuestion`, { name: draw.nameEn })}
        onConfirm={() => adminCall('membershipEndDraw', { params: { id: draw.id }, body: {} })}
      />
    </Box>
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
  const half = { sx: { flex: '1 1 260px', minWidth: 0 } }
  const cell = { sx: { flex: '1 1 160px', minWidth: 0 } }
  const row = { sx: { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } }
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
    <Create redirect='list' transform={(d: Record<string, unknown>) => createBody(d)}>
      <SimpleForm defaultValues={DRAW_DEFAULTS} validate={validateDraw} sx={{ maxWidth: 1100 }}>
        <DrawFields create />
      </SimpleForm>
    </Create>
  )
}

function DrawEditToolbar() {
  const draw = useRecordContext<AdminDraw>()
  const translate = useTranslate()
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <SaveButton />
      {draw && draw.state !== 'over' && (
        <EndButton
          variant='contained'
          question={translate(`${P}.endQuestion`, { name: draw.nameEn })}
          onConfirm={() => adminCall('membershipEndDraw', { params: { id: draw.id }, body: {} })}
        />
      )}
    </Toolbar>
  )
}

function DrawTitle() {
  const draw = useRecordContext<AdminDraw>()
  const translate = useTranslate()
  return <>{translate(`${P}.editTitle`, { id: draw?.id ?? '' })}</>
}

/** A draw's change: PUT /admin/draws/:id with every field; a prize keeps its id, one left out is removed. */
export function DrawEdit() {
  return (
    <Edit
      mutationMode='pessimistic'
      redirect='list'
      title={<DrawTitle />}
      transform={(d: Record<string, unknown>) => changeBody(d)}
    >
      <SimpleForm validate={validateDraw} toolbar={<DrawEditToolbar />} sx={{ maxWidth: 1100 }}>
        <DrawFields />
      </SimpleForm>
    </Edit>
  )
}
