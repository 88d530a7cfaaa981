import { useEffect, useState } from 'react'
import { Box } from '@mui/material'
import { FunctionField, SelectInput, TextInput, required, useTranslate } from 'react-admin'
import { useWatch } from 'react-hook-form'
import type { ChangeArticle, CreateArticle, StaffArticle } from '../../../../../types/marketing/staff-schemas'
import type { ArticleTypeList, ContentCategoryList, ContentType } from '../../../../../types/marketing'
import { adminCall, queryString, request } from '../../../api/client'
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
  formRow,
  parseList,
} from '../common/inputs'
import { BilingualRichText } from '../common/RichText'

const CONTENT_TYPES: ContentType[] = ['knowledge', 'application', 'workflow', 'industry', 'brand', 'campaign']

/** Articles (content items of the learning centre and the content pages; GET /admin/articles, content.manage). */
export function ArticleList() {
  const translate = useTranslate()
  return (
    <StateList empty='resources.articles.empty'>
      <BilingualField source='title' sortable={false} />
      <FunctionField<StaffArticle>
        source='contentType'
        sortable={false}
        render={(r) => translate(`resources.articles.contentTypes.${r.contentType}`)}
      />
      <WindowField source='publishFrom' end='publishUntil' openEnd='resources.articles.noEnd' sortable={false} />
      <FunctionField<StaffArticle> source='state' sortable={false} render={(r) => <StateChip state={r.state} />} />
    </StateList>
  )
}

function toBody(v: Record<string, unknown>): CreateArticle {
  const cover = typeof v.coverImage === 'string' ? v.coverImage.trim() : ''
  return {
    contentType: (v.contentType as ContentType) ?? 'knowledge',
    categoryId: String(v.categoryId ?? ''),
    articleType: String(v.articleType ?? ''),
    title: v.title as { en: string; zh: string },
    summary: v.summary as { en: string; zh: string },
    bodyHtml: v.bodyHtml as { en: string; zh: string },
    author: v.author as { en: string; zh: string },
    coverImage: cover || null,
    publishFrom: String(v.publishFrom ?? ''),
    publishUntil: typeof v.publishUntil === 'string' && v.publishUntil ? v.publishUntil : null,
    skus: Array.isArray(v.skus) ? (v.skus as string[]) : parseList(v.skus as string),
  }
}

export function ArticleCreate() {
  return (
    <ContentCreate<CreateArticle>
      prefix='resources.articles'
      toBody={toBody}
      create={(body) => adminCall('articleCreate', { body })}
      defaultValues={{ contentType: 'knowledge', publishFrom: newWindow(0).start, publishUntil: null, skus: [] }}
    >
      <ArticleFields />
    </ContentCreate>
  )
}

export function ArticleEdit() {
  return (
    <ContentEdit<CreateArticle>
      prefix='resources.articles'
      onEnd={(id) => adminCall('articleEnd', { params: { id } })}
      toBody={toBody}
      change={(id, body) => adminCall('articleChange', { params: { id }, body: body as ChangeArticle })}
      aside={<SavedHtml source='bodyHtml' />}
    >
      <ArticleFields />
    </ContentEdit>
  )
}

/** the content type's categories and the ARTICLE_TYPE dictionary, from the buyers' API the store reads them from */
function useChoices(contentType: string | undefined) {
  const [categories, setCategories] = useState<ContentCategoryList>([])
  const [types, setTypes] = useState<ArticleTypeList>([])
  useEffect(() => {
    request<ArticleTypeList>('GET', '/mkt/system/dict/ARTICLE_TYPE')
      .then(setTypes)
      .catch(() => setTypes([]))
  }, [])
  useEffect(() => {
    if (!contentType) return
    request<ContentCategoryList>('GET', `/mkt/category/getByContentType${queryString({ contentType })}`)
      .then(setCategories)
      .catch(() => setCategories([]))
  }, [contentType])
  return { categories, types }
}

function ArticleFields() {
  const translate = useTranslate()
  const f = (name: string) => translate(`resources.articles.fields.${name}`)
  const contentType = useWatch({ name: 'contentType' }) as string | undefined
  const { categories, types } = useChoices(contentType)
  const row = formRow(3)
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={row}>
        <SelectInput
          source='contentType'
          label={f('contentType')}
          choices={CONTENT_TYPES.map((c) => ({ id: c, name: translate(`resources.articles.contentTypes.${c}`) }))}
          helperText={false}
          validate={required()}
        />
        <SelectInput
          source='categoryId'
          label={f('categoryId')}
          choices={categories.map((c) => ({ id: c.id, name: c.name }))}
          helperText={false}
          validate={required()}
        />
        <SelectInput
          source='articleType'
          label={f('articleType')}
          choices={types.map((t) => ({ id: t.dictValue, name: t.dictLabel }))}
          helperText={false}
          validate={required()}
        />
      </Box>
      <FormHeading>{translate('admin.marketing.texts')}</FormHeading>
      <BilingualInput source='title' label='resources.articles.fields.title' required />
      <BilingualInput source='summary' label='resources.articles.fields.summary' multiline required />
      <BilingualInput source='author' label='resources.articles.fields.author' required />
      <BilingualRichText source='bodyHtml' label='resources.articles.fields.bodyHtml' />
      <TextInput
        source='coverImage'
        label={f('coverImage')}
        helperText={translate('admin.marketing.mediaHelp')}
        fullWidth
      />
      <FormHeading>{translate('admin.marketing.window')}</FormHeading>
      <Box sx={FORM_ROW}>
        <CountryDateTimeInput source='publishFrom' label={f('publishFrom')} required />
        <CountryDateTimeInput
          source='publishUntil'
          label={f('publishUntil')}
          helperText='resources.articles.publishUntilHelp'
        />
      </Box>
      <CatalogNumbersInput source='skus' label={f('skus')} helperText={translate('resources.articles.skusHelp')} />
    </Box>
  )
}
