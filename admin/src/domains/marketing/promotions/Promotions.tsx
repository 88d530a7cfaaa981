import { Box } from '@mui/material'
import { FunctionField, TextInput, useTranslate } from 'react-admin'
import type { ChangePromotion, CreatePromotion, StaffPromotion } from '../../../../../types/marketing/staff-schemas'
import { adminCall } from '../../../api/client'
import {
  BilingualField,
  ContentCreate,
  ContentEdit,
  SavedHtml,
  StateChip,
  StateList,
  WindowField,
  newWindow,
} from '../common/content'
import {
  BilingualInput,
  CatalogNumbersInput,
  CountryDateTimeInput,
  FORM_ROW,
  FormHeading,
  parseList,
  SortOrderInput,
} from '../common/inputs'
import { BilingualRichText } from '../common/RichText'

/** Promotions (the /promotions/{category}/{subject}/{id} pages; GET /admin/promotions, promotion.manage). */
export function PromotionList() {
  return (
    <StateList empty='resources.promotions.empty'>
      <BilingualField source='title' sortable={false} />
      <FunctionField<StaffPromotion> source='page' sortable={false} render={(r) => `${r.category}/${r.subject}`} />
      <WindowField source='startAt' end='endAt' sortable={false} />
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
  const { start, end } = newWindow(14)
  return (
    <ContentCreate<CreatePromotion>
      prefix='resources.promotions'
      toBody={toBody}
      create={(body) => adminCall('promotionCreate', { body })}
      defaultValues={{ startAt: start, endAt: end, sortOrder: 0, products: [] }}
    >
      <PromotionFields />
    </ContentCreate>
  )
}

export function PromotionEdit() {
  return (
    <ContentEdit<CreatePromotion>
      prefix='resources.promotions'
      onEnd={(id) => adminCall('promotionEnd', { params: { id } })}
      toBody={toBody}
      change={(id, body) => adminCall('promotionChange', { params: { id }, body: body as ChangePromotion })}
      aside={<SavedHtml source='bodyHtml' />}
    >
      <PromotionFields />
    </ContentEdit>
  )
}

function PromotionFields() {
  const translate = useTranslate()
  const f = (name: string) => translate(`resources.promotions.fields.${name}`)
  const row = FORM_ROW
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
      <SortOrderInput label={f('sortOrder')} />
    </Box>
  )
}
