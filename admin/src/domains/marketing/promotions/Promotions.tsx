import { Box } from '@mui/material'
import {
  Create,
  Edit,
  FunctionField,
  NumberInput,
  SimpleForm,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import type { ChangePromotion, CreatePromotion, StaffPromotion } from '../../../../../types/marketing/staff-schemas'
import { adminCall } from '../../../api/client'
import { countryDateTime } from '../../../format'
import {
  SaveOnly,
  EndActions,
  ItemHeader,
  SavedHtml,
  StateChip,
  StateList,
  WithAside,
  useContentSubmit,
} from '../common/content'
import { BilingualInput, CatalogNumbersInput, CountryDateTimeInput, FormHeading, parseList } from '../common/inputs'
import { BilingualRichText } from '../common/RichText'

/** Promotions (the /promotions/{category}/{subject}/{id} pages; GET /admin/promotions, promotion.manage). */
export function PromotionList() {
  const [locale] = useLocaleState()
  return (
    <StateList empty='resources.promotions.empty'>
      <FunctionField<StaffPromotion>
        source='title'
        sortable={false}
        render={(r) => (locale === 'zh' ? r.title.zh : r.title.en)}
      />
      <FunctionField<StaffPromotion> source='page' sortable={false} render={(r) => `${r.category}/${r.subject}`} />
      <FunctionField<StaffPromotion>
        source='startAt'
        sortable={false}
        render={(r) => `${countryDateTime(r.startAt, 'cn')} – ${countryDateTime(r.endAt, 'cn')}`}
      />
      <FunctionField<StaffPromotion> source='products' sortable={false} render={(r) => r.products.length} />
      <FunctionField<StaffPromotion> source='state' sortable={false} render={(r) => <StateChip state={r.state} />} />
    </StateList>
  )
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/

function toBody(v: Record<string, unknown>): CreatePromotion {
  const image = typeof v.bannerImage === 'string' ? v.bannerImage.trim() : ''
  return {
    category: String(v.category ?? '').trim(),
    subject: String(v.subject ?? '').trim(),
    title: v.title as { en: string; zh: string },
    summary: v.summary as { en: string; zh: string },
    bodyHtml: v.bodyHtml as { en: string; zh: string },
    bannerImage: image || null,
    startAt: String(v.startAt ?? ''),
    endAt: String(v.endAt ?? ''),
    sortOrder: Number(v.sortOrder ?? 0),
    products: Array.isArray(v.products) ? (v.products as string[]) : parseList(v.products as string),
  }
}

export function PromotionCreate() {
  const submit = useContentSubmit<CreatePromotion>({
    toBody,
    create: (body) => adminCall('promotionCreate', { body }),
  })
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000)
  return (
    <Create title='resources.promotions.create'>
      <SimpleForm
        onSubmit={submit}
        defaultValues={{
          startAt: start.toISOString(),
          endAt: new Date(start.getTime() + 14 * 86_400_000).toISOString(),
          sortOrder: 0,
          products: [],
        }}
      >
        <PromotionFields />
      </SimpleForm>
    </Create>
  )
}

export function PromotionEdit() {
  return (
    <Edit
      title={<PromotionTitle />}
      mutationMode='pessimistic'
      actions={
        <EndActions
          question='resources.promotions.endQuestion'
          onEnd={(id) => adminCall('promotionEnd', { params: { id } })}
        />
      }
    >
      <ItemHeader />
      <PromotionEditForm />
    </Edit>
  )
}

function PromotionTitle() {
  const r = useRecordContext<StaffPromotion>()
  const translate = useTranslate()
  return <span>{translate('resources.promotions.editTitle', { title: r?.title.en ?? '' })}</span>
}

function PromotionEditForm() {
  const record = useRecordContext<StaffPromotion>()
  const submit = useContentSubmit<CreatePromotion>({
    toBody,
    change: (id, body) => adminCall('promotionChange', { params: { id }, body: body as ChangePromotion }),
  })
  return (
    <SimpleForm onSubmit={submit} disabled={record?.state === 'ended'} toolbar={SaveOnly}>
      <WithAside aside={<SavedHtml source='bodyHtml' />}>
        <PromotionFields />
      </WithAside>
    </SimpleForm>
  )
}

function PromotionFields() {
  const translate = useTranslate()
  const f = (name: string) => translate(`resources.promotions.fields.${name}`)
  const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }
  const slug = (v: string) => (v && !SLUG.test(v) ? translate('resources.promotions.slugHelp') : undefined)
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={row}>
        <TextInput
          source='category'
          label={f('category')}
          required
          validate={slug}
          helperText={translate('resources.promotions.slugHelp')}
        />
        <TextInput
          source='subject'
          label={f('subject')}
          required
          validate={slug}
          helperText={translate('resources.promotions.slugHelp')}
        />
      </Box>
      <FormHeading>{translate('admin.marketing.texts')}</FormHeading>
      <BilingualInput source='title' label='resources.promotions.fields.title' required />
      <BilingualInput source='summary' label='resources.promotions.fields.summary' multiline required />
      <BilingualRichText source='bodyHtml' label='resources.promotions.fields.bodyHtml' />
      <TextInput
        source='bannerImage'
        label={f('bannerImage')}
        helperText={translate('admin.marketing.mediaHelp')}
        fullWidth
      />
      <FormHeading>{translate('admin.marketing.window')}</FormHeading>
      <Box sx={row}>
        <CountryDateTimeInput source='startAt' label={f('startAt')} required />
        <CountryDateTimeInput source='endAt' label={f('endAt')} required />
      </Box>
      <CatalogNumbersInput
        source='products'
        label={f('products')}
        helperText={translate('resources.promotions.productsHelp')}
      />
      <NumberInput
        source='sortOrder'
        label={f('sortOrder')}
        min={0}
        step={1}
        helperText={translate('admin.marketing.sortOrderHelp')}
      />
    </Box>
  )
}
