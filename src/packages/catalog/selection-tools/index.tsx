import { useEffect, useState } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import Taro, { useReachBottom, useRouter } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import type { SelectionFacet } from '../../../../types'
import PageShell from '../../../components/page-shell'
import ProductList, { ListFooter } from '../../../components/catalog/product-list'
import Skeleton from '../../../components/skeleton'
import { formatCount } from '../../../components/catalog/category-tree/count'
import { pageParam } from '../../../rules/page-params'
import { useT } from '../../../store/locale'
import { useViewerKey } from '../../../store/viewer'
import { useCategoryTreeIn } from '../../../store/catalog/categories'
import { isChosen, useSelection, useSelectionResults } from '../../../store/catalog/selection'
import { tapProps } from '../../../components/tappable'
import './index.scss'

/** values shown before "show all" (a facet with only a couple more shows them all) */
const FIRST_VALUES = 6
const FOLD_FROM = FIRST_VALUES + 3

function Facet({ facet }: { facet: SelectionFacet }) {
  const t = useT()
  const filters = useSelection((s) => s.filters)
  const toggle = useSelection((s) => s.toggle)
  const [all, setAll] = useState(false)
  // chosen values always show, even past the first few
  const shown =
    all || facet.values.length < FOLD_FROM
      ? facet.values
      : facet.values.filter((v, i) => i < FIRST_VALUES || isChosen(filters, facet.name, v.value))
  const hidden = facet.values.length - shown.length
  return (
    <View className='sel-facet' data-facet={facet.name}>
      <View className='sel-facet__head'>
        <Text className='sel-facet__label'>{facet.label}</Text>
        {facet.multiValued && <Text className='sel-facet__hint'>{t('browse.sel.multiHint')}</Text>}
      </View>
      <View className='sel-facet__values'>
        {shown.map((v) => {
          const on = isChosen(filters, facet.name, v.value)
          return (
            <View
              key={v.value}
              className={`sel-chip${on ? ' sel-chip--on' : ''}`}
              data-value={v.value}
              {...tapProps(() => toggle(facet, v.value))}
            >
              {on && <AtIcon value='check' size='10' color='#ffffff' />}
              <Text className='sel-chip__text'>{v.value}</Text>
              <Text className='sel-chip__count'>{formatCount(v.count)}</Text>
            </View>
          )
        })}
        {(hidden > 0 || all) && facet.values.length >= FOLD_FROM && (
          <Text className='sel-facet__more' {...tapProps(() => setAll(!all))}>
            {all ? t('browse.sel.showLess') : t('browse.sel.showAll', { count: hidden })}
          </Text>
        )}
      </View>
    </View>
  )
}

/**
 * Selection tools (route 'selectionTools'): pick a category (antibodies first), then attribute
 * values (host species, reactivity, conjugate, applications ...) from the server's facets; the
 * matching products follow every change; clear all starts over.
 */
export default function SelectionTools() {
  const t = useT()
  const { params } = useRouter()
  const { key, locale, ready, loggedIn } = useViewerKey()
  const tree = useCategoryTreeIn(locale)
  const sel = useSelection()
  const results = useSelectionResults()
  const [facetsOpen, setFacetsOpen] = useState(true)

  useEffect(() => {
    if (ready) useSelection.getState().start(key, pageParam(params, 'categoryCode') || undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, key])

  useReachBottom(() => {
    results.loadMore()
  })

  const top =
    tree.tree.find((c) => c.code === sel.categoryCode || c.children.some((ch) => ch.code === sel.categoryCode)) ?? null
  const showResults = () => Taro.pageScrollTo({ selector: '#sel-results', duration: 200 }).catch(() => undefined)
  const loadingFacets = sel.facetsStatus === 'loading' && sel.facets.length === 0

  return (
    <PageShell header={{ title: t('screen.selectionTools') }}>
      <View className='sel'>
        <ScrollView className='sel__cats' scrollX enableFlex>
          {tree.tree.length === 0 && tree.status !== 'failed' && <Skeleton variant='chips' count={4} />}
          {tree.tree.map((c) => (
            <Text
              key={c.code}
              className={`sel__cat${top?.code === c.code ? ' sel__cat--on' : ''}`}
              {...tapProps(() => sel.setCategory(c.code))}
            >
              {c.name}
            </Text>
          ))}
        </ScrollView>
        {top && top.children.length > 0 && (
          <ScrollView className='sel__subcats' scrollX enableFlex>
            <Text
              className={`sel__subcat${sel.categoryCode === top.code ? ' sel__subcat--on' : ''}`}
              {...tapProps(() => sel.setCategory(top.code))}
            >
              {t('browse.cat.all')}
            </Text>
            {top.children.map((c) => (
              <Text
                key={c.code}
                className={`sel__subcat${sel.categoryCode === c.code ? ' sel__subcat--on' : ''}`}
                {...tapProps(() => sel.setCategory(c.code))}
              >
                {c.name}
              </Text>
            ))}
          </ScrollView>
        )}

        <View className='sel__panel'>
          <View className='sel__panel-head'>
            <Text className='sel__panel-title'>{t('browse.sel.filters')}</Text>
            <View className='sel__panel-actions'>
              {sel.filters.length > 0 && (
                <Text className='sel__clear' {...tapProps(() => sel.clear())}>
                  {t('browse.sel.clearAll')}
                </Text>
              )}
              <View className='sel__toggle' {...tapProps(() => setFacetsOpen(!facetsOpen))}>
                <Text>{facetsOpen ? t('browse.sel.hide') : t('browse.sel.show')}</Text>
                <AtIcon value={facetsOpen ? 'chevron-up' : 'chevron-down'} size='12' color='#0b5fa5' />
              </View>
            </View>
          </View>
          {sel.filters.length > 0 && (
            <View className='sel__chosen'>
              {sel.filters.map((f) => {
                const label = sel.facets.find((x) => x.name === f.name)?.label ?? f.name
                return (
                  <View key={`${f.name}:${f.value}`} className='sel__chosen-chip' {...tapProps(() => sel.remove(f))}>
                    <Text className='sel__chosen-text'>
                      {label}: {f.value}
                    </Text>
                    <AtIcon value='close' size='10' color='#0b5fa5' />
                  </View>
                )
              })}
            </View>
          )}
          {facetsOpen && (
            <View className='sel__facets'>
              {loadingFacets && <Skeleton variant='chips' count={8} />}
              {sel.facetsStatus === 'failed' && (
                <View className='sel__failed'>
                  <Text>{t('browse.sectionFailed')}</Text>
                  <Text className='sel__retry' {...tapProps(() => sel.refresh())}>
                    {t('home.retry')}
                  </Text>
                </View>
              )}
              {sel.facets.map((f) => (
                <Facet key={f.name} facet={f} />
              ))}
              {sel.facetsStatus === 'ready' && sel.facets.length === 0 && (
                <Text className='sel__note'>{t('browse.sel.noFacets')}</Text>
              )}
            </View>
          )}
        </View>

        <View id='sel-results' className='sel__results-head'>
          <Text className='sel__count'>
            {results.status === 'idle' || (results.status === 'loading' && results.items.length === 0)
              ? t('browse.sel.counting')
              : t('browse.sel.matching', { count: formatCount(results.total) })}
          </Text>
        </View>
        {results.status === 'loading' && results.items.length === 0 && <Skeleton variant='card' count={3} />}
        <ProductList items={results.items} loggedIn={loggedIn} placement='selection-tools' />
        {results.status === 'ready' && results.items.length === 0 && (
          <View className='sel__empty'>
            <Text>{t('browse.sel.none')}</Text>
            {sel.filters.length > 0 && (
              <Text className='sel__retry' {...tapProps(() => sel.clear())}>
                {t('browse.sel.clearAll')}
              </Text>
            )}
          </View>
        )}
        {results.items.length > 0 && (
          <ListFooter
            status={results.status}
            shown={results.items.length}
            total={results.total}
            onMore={() => results.loadMore()}
            onRetry={() => sel.refresh()}
          />
        )}
        {results.status === 'failed' && results.items.length === 0 && (
          <View className='sel__empty'>
            <Text>{results.error ?? t('error.generic')}</Text>
            <Text className='sel__retry' {...tapProps(() => sel.refresh())}>
              {t('home.retry')}
            </Text>
          </View>
        )}

        {facetsOpen && results.total > 0 && (
          <View className='sel__bar'>
            <View className='sel__bar-button' {...tapProps(showResults)}>
              <Text>{t('browse.sel.showResults', { count: formatCount(results.total) })}</Text>
            </View>
          </View>
        )}
      </View>
    </PageShell>
  )
}
