import { Box, Typography } from '@mui/material'
import {
  BooleanInput,
  FunctionField,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { AdminGift, ChangeGiftBody, CreateGiftBody } from '../../../../../types/membership/staff-endpoints'
import { MAX_GIFT_IMAGE_LENGTH, safeGiftImage } from '../../../../../types/membership/staff-rules'
import { adminCall } from '../../../api/client'
import { ChinaDateTimeInput } from '../china-time'
import {
  COUNTRY_CHOICES,
  ScheduledCreate,
  ScheduledEdit,
  ScheduledList,
  cell,
  half,
  row,
  type Ending,
} from '../scheduled'

const P = 'resources.gifts'
const CATEGORIES = ['lab', 'office', 'lifestyle', 'voucher', 'equipment'] as const
const STATES = ['scheduled', 'live', 'ended'] as const

const FILTERS = [
  <SelectInput key='state' source='state' alwaysOn choices={STATES.map((s) => ({ id: s, name: `${P}.state.${s}` }))} />,
]

const ENDING: Ending<AdminGift> = {
  prefix: P,
  endedState: 'ended',
  onEnd: (gift) => adminCall('membershipEndGift', { params: { id: gift.id }, body: {} }),
}

/** Gifts of the gift centre (GET /admin/gifts): by country, then the storefront's order. */
export function GiftList() {
  return (
    <ScheduledList<AdminGift>
      {...ENDING}
      filters={FILTERS}
      columns={[
        <FunctionField<AdminGift> key='points' source='points' sortable={false} render={(r) => r.points} />,
        <FunctionField<AdminGift> key='stock' source='stock' sortable={false} render={(r) => r.stock} />,
        <FunctionField<AdminGift> key='redeemed' source='redeemed' sortable={false} render={(r) => r.redeemed} />,
      ]}
    />
  )
}

/** Exactly the fields of a change (the server's schema is closed). */
function changeBody(d: Record<string, unknown>): ChangeGiftBody {
  const image = typeof d.image === 'string' && d.image.trim() ? d.image.trim() : null
  return {
    nameEn: String(d.nameEn ?? ''),
    nameZh: String(d.nameZh ?? ''),
    descriptionEn: String(d.descriptionEn ?? ''),
    descriptionZh: String(d.descriptionZh ?? ''),
    category: d.category as ChangeGiftBody['category'],
    image,
    points: Number(d.points),
    stock: Number(d.stock),
    minQty: Number(d.minQty),
    limitQty: d.limitQty === null || d.limitQty === undefined || d.limitQty === '' ? null : Number(d.limitQty),
    drawOnly: !!d.drawOnly,
    sortOrder: Number(d.sortOrder ?? 0),
    startAt: (d.startAt as string | null) || null,
    endAt: (d.endAt as string | null) || null,
  }
}
const createBody = (d: Record<string, unknown>): CreateGiftBody => ({
  country: d.country as CreateGiftBody['country'],
  ...changeBody(d),
})

const validateImage = (v: unknown) =>
  typeof v === 'string' && v.trim() && !safeGiftImage(v.trim()) ? 'resources.gifts.imageInvalid' : undefined

function validateGift(values: Record<string, unknown>) {
  const errors: Record<string, string> = {}
  const min = Number(values.minQty)
  if (
    values.limitQty !== null &&
    values.limitQty !== undefined &&
    values.limitQty !== '' &&
    Number(values.limitQty) < min
  )
    errors.limitQty = 'resources.gifts.limitBelowMin'
  if (values.startAt && values.endAt && Date.parse(String(values.startAt)) >= Date.parse(String(values.endAt)))
    errors.endAt = 'resources.gifts.endBeforeStart'
  return errors
}

function GiftFields({ create }: { create?: boolean }) {
  const translate = useTranslate()
  return (
    <>
      {create && (
        <SelectInput source='country' choices={COUNTRY_CHOICES} validate={required()} sx={{ maxWidth: 300 }} />
      )}
      <Box {...row}>
        <TextInput source='nameEn' validate={[required(), maxLength(120)]} {...half} />
        <TextInput source='nameZh' validate={[required(), maxLength(120)]} {...half} />
      </Box>
      <Box {...row}>
        <TextInput source='descriptionEn' multiline minRows={2} validate={maxLength(1000)} {...half} />
        <TextInput source='descriptionZh' multiline minRows={2} validate={maxLength(1000)} {...half} />
      </Box>
      <Box {...row}>
        <SelectInput
          source='category'
          choices={CATEGORIES.map((c) => ({ id: c, name: `${P}.category.${c}` }))}
          validate={required()}
          {...half}
        />
        <TextInput
          source='image'
          helperText={`${P}.imageHelp`}
          validate={[maxLength(MAX_GIFT_IMAGE_LENGTH), validateImage]}
          {...half}
        />
      </Box>
      <Box {...row}>
        <NumberInput source='points' validate={[required(), minValue(1), maxValue(10_000_000)]} step={1} {...cell} />
        <NumberInput
          source='stock'
          helperText={`${P}.stockHelp`}
          validate={[required(), minValue(0), maxValue(1_000_000)]}
          step={1}
          {...cell}
        />
        <NumberInput source='minQty' validate={[required(), minValue(1), maxValue(99)]} step={1} {...cell} />
        <NumberInput
          source='limitQty'
          helperText={`${P}.limitHelp`}
          validate={[minValue(1), maxValue(99)]}
          step={1}
          {...cell}
        />
        <NumberInput source='sortOrder' validate={[required(), minValue(0), maxValue(100_000)]} step={1} {...cell} />
      </Box>
      <BooleanInput source='drawOnly' helperText={`${P}.drawOnlyHelp`} />
      <Typography variant='body2' color='text.secondary'>
        {translate(`${P}.scheduleHelp`)}
      </Typography>
      <Box {...row}>
        <ChinaDateTimeInput source='startAt' {...half} />
        <ChinaDateTimeInput source='endAt' {...half} />
      </Box>
    </>
  )
}

const GIFT_DEFAULTS = {
  country: 'cn',
  descriptionEn: '',
  descriptionZh: '',
  image: null,
  stock: 0,
  minQty: 1,
  limitQty: null,
  drawOnly: false,
  sortOrder: 0,
  startAt: null,
  endAt: null,
}

/** A new gift: POST /admin/gifts. */
export function GiftCreate() {
  return (
    <ScheduledCreate toBody={createBody} defaultValues={GIFT_DEFAULTS} validate={validateGift} maxWidth={960}>
      <GiftFields create />
    </ScheduledCreate>
  )
}

function EndedNotice() {
  const gift = useRecordContext<AdminGift>()
  const translate = useTranslate()
  if (gift?.state !== 'ended') return null
  return (
    <Typography role='status' color='error' sx={{ mb: 1 }}>
      {translate(`${P}.endedNotice`)}
    </Typography>
  )
}

/** A gift's change: PUT /admin/gifts/:id with every field; the End button in its toolbar. */
export function GiftEdit() {
  return (
    <ScheduledEdit<AdminGift> {...ENDING} toBody={changeBody} validate={validateGift} maxWidth={960}>
      <EndedNotice />
      <GiftFields />
    </ScheduledEdit>
  )
}
