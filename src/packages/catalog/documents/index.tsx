import { useEffect, useState } from 'react'
import { View, Text, Input, Button } from '@tarojs/components'
import { useReachBottom, useRouter } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import type { DocumentRecord, DocumentType } from '../../../../types'
import PageShell from '../../../components/page-shell'
import { ListFooter } from '../../../components/catalog/product-list'
import Skeleton from '../../../components/skeleton'
import { showToast } from '../../../store/toast'
import { useT, useLocale } from '../../../store/locale'
import { DOCUMENT_TABS, documentQuery, useDocumentResults, type DocumentForm } from '../../../store/catalog/documents'
import { openDocument } from '../../../platform/open-document'
import { formatTimestamp } from '../../../rules/format'
import type { MessageKey } from '../../../i18n'
import { tapProps } from '../../../components/tappable'
import FieldLabel, { useFieldId } from '../../../components/field-label'
import { labelledFieldProps } from '../../../platform/labels'
import './index.scss'

const TYPE_ICON: Record<DocumentType, string> = { manual: 'file-generic', coa: 'check-circle', sds: 'alert-circle' }

function DocumentRow({ doc }: { doc: DocumentRecord }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const [opening, setOpening] = useState(false)
  const open = async () => {
    setOpening(true)
    try {
      await openDocument(doc)
    } catch {
      showToast(t('browse.docs.openFailed'))
    } finally {
      setOpening(false)
    }
  }
  return (
    <View className='doc-row' data-document-id={doc.id}>
      <View className={`doc-row__icon doc-row__icon--${doc.type}`}>
        <AtIcon value={TYPE_ICON[doc.type]} size='20' color='#ffffff' />
      </View>
      <View className='doc-row__body'>
        <Text className='doc-row__title'>{doc.title}</Text>
        <Text className='doc-row__meta'>
          {t('product.catalogNumber')} {doc.catalogNumber}
          {doc.lotNumber ? ` · ${t('browse.docs.lot')} ${doc.lotNumber}` : ''}
        </Text>
        <Text className='doc-row__meta'>
          {t(doc.language === 'zh' ? 'browse.docs.langZh' : 'browse.docs.langEn')} ·{' '}
          {t('browse.docs.updated', { date: formatTimestamp(doc.updatedAt, country, 'YYYY-MM-DD') })}
        </Text>
      </View>
      <View
        className={`doc-row__open${opening ? ' doc-row__open--busy' : ''}`}
        {...tapProps(() => {
          if (!opening) open()
        })}
      >
        <AtIcon value='download' size='14' color='#0b5fa5' />
        <Text className='doc-row__open-text'>{t('browse.docs.open')}</Text>
      </View>
    </View>
  )
}

/**
 * Document search (route 'documents'): manuals, certificates of analysis and safety data sheets,
 * found by catalogue number or text; a certificate of analysis needs the catalogue number and the
 * lot number. Each result opens the file the server serves.
 */
export default function Documents() {
  const t = useT()
  const { params } = useRouter()
  const language = useLocale((s) => s.language)
  const results = useDocumentResults()
  const initialType = (DOCUMENT_TABS.find((x) => x.type === params.type)?.type ?? 'manual') as DocumentType
  const [type, setType] = useState<DocumentType>(initialType)
  const [form, setForm] = useState<DocumentForm>({
    text: params.q ?? '',
    catalogNumber: params.catalogNumber ?? '',
    lotNumber: params.lotNumber ?? '',
  })
  const [error, setError] = useState<MessageKey | null>(null)
  const [searched, setSearched] = useState<string | null>(null)
  const fieldId = useFieldId('docs')

  useEffect(() => {
    results.reset()
    // a link with a catalogue number (e.g. from a product page) searches at once
    if (params.catalogNumber || params.q) submit(initialType)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useReachBottom(() => {
    if (searched) results.loadMore()
  })

  function submit(forType = type) {
    const r = documentQuery(forType, form)
    if ('error' in r) {
      setError(r.error)
      return
    }
    setError(null)
    const key = `${language}|${JSON.stringify(r.query)}`
    setSearched(key)
    results.load(key, r.query)
  }

  const switchTab = (next: DocumentType) => {
    if (next === type) return
    setType(next)
    setError(null)
    setSearched(null)
    results.reset()
  }

  const set = (field: keyof DocumentForm) => (e: { detail: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.detail.value }))
    if (error) setError(null)
  }

  const current = searched && results.key === searched ? results : null

  return (
    <PageShell header={{ title: t('screen.documents') }}>
      <View className='docs'>
        <View className='docs__tabs'>
          {DOCUMENT_TABS.map((tab) => (
            <View
              key={tab.type}
              className={`docs__tab${tab.type === type ? ' docs__tab--active' : ''}`}
              {...tapProps(() => switchTab(tab.type))}
            >
              <Text>{t(tab.label)}</Text>
            </View>
          ))}
        </View>

        <View className='docs__form'>
          {type === 'coa' ? (
            <>
              <FieldLabel className='docs__label' fieldId={`${fieldId}-catalog`}>
                {t('browse.docs.catalogNumber')}
              </FieldLabel>
              <Input
                className={`docs__input${error === 'browse.docs.needCatalog' ? ' docs__input--error' : ''}`}
                value={form.catalogNumber}
                maxlength={40}
                placeholder={t('browse.docs.catalogPlaceholder')}
                {...labelledFieldProps(`${fieldId}-catalog`, t('browse.docs.catalogNumber'))}
                onInput={set('catalogNumber')}
                onConfirm={() => submit()}
              />
              <FieldLabel className='docs__label' fieldId={`${fieldId}-lot`}>
                {t('browse.docs.lotNumber')}
              </FieldLabel>
              <Input
                className={`docs__input${error === 'browse.docs.needLot' ? ' docs__input--error' : ''}`}
                value={form.lotNumber}
                maxlength={40}
                placeholder={t('browse.docs.lotPlaceholder')}
                {...labelledFieldProps(`${fieldId}-lot`, t('browse.docs.lotNumber'))}
                onInput={set('lotNumber')}
                onConfirm={() => submit()}
              />
              <Text className='docs__hint'>{t('browse.docs.coaHint')}</Text>
            </>
          ) : (
            <>
              <FieldLabel className='docs__label' fieldId={`${fieldId}-text`}>
                {t('browse.docs.textLabel')}
              </FieldLabel>
              <Input
                className={`docs__input${error ? ' docs__input--error' : ''}`}
                value={form.text}
                maxlength={100}
                placeholder={t('browse.docs.textPlaceholder')}
                {...labelledFieldProps(`${fieldId}-text`, t('browse.docs.textLabel'))}
                confirmType='search'
                onInput={set('text')}
                onConfirm={() => submit()}
              />
            </>
          )}
          {error && <Text className='docs__error'>{t(error)}</Text>}
          <Button className='docs__submit' {...tapProps(() => submit())}>
            {t('browse.docs.search')}
          </Button>
        </View>

        {current && current.status === 'loading' && current.items.length === 0 && <Skeleton variant='row' count={3} />}
        {current && current.items.length > 0 && (
          <>
            <Text className='docs__summary'>{t('browse.docs.found', { count: current.total })}</Text>
            <View className='docs__list'>
              {current.items.map((d) => (
                <DocumentRow key={d.id} doc={d} />
              ))}
            </View>
            <ListFooter
              status={current.status}
              shown={current.items.length}
              total={current.total}
              onMore={() => results.loadMore()}
              onRetry={() => submit()}
              quietEnd
            />
          </>
        )}
        {current && current.status === 'ready' && current.items.length === 0 && (
          <View className='docs__empty'>
            <AtIcon value='file-generic' size='36' color='#c3cad6' />
            <Text className='docs__empty-text'>{t(type === 'coa' ? 'browse.docs.noCoa' : 'browse.docs.none')}</Text>
          </View>
        )}
        {current && current.status === 'failed' && current.items.length === 0 && (
          <View className='docs__empty'>
            <Text className='docs__error'>{current.error ?? t('error.generic')}</Text>
            <Text className='docs__retry' {...tapProps(() => submit())}>
              {t('home.retry')}
            </Text>
          </View>
        )}
      </View>
    </PageShell>
  )
}
