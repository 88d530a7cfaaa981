import { useEffect, useRef, useState } from 'react'
import { View, Text, Input } from '@tarojs/components'
import Taro, { useReachBottom, useRouter } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import ProductList, { ListFooter } from '../../../components/catalog/product-list'
import SearchHistory from '../../../components/catalog/search-history'
import Skeleton from '../../../components/skeleton'
import { formatCount } from '../../../components/catalog/category-tree/count'
import { useT } from '../../../store/locale'
import { useViewerKey } from '../../../store/viewer'
import { normalizeKeyword, useSearchHistory, useSearchResults } from '../../../store/catalog/search'
import { DEFAULT_DEBOUNCE_MS } from '../../../rules/constants'
import { navigation } from '../../../platform/navigation'
import { pageParam } from '../../../rules/page-params'
import { tapProps } from '../../../components/tappable'
import { fieldLabelProps } from '../../../platform/a11y'
import './index.scss'

/**
 * Search (route 'search', /search?keyword=… also as a deep link): its own search box, the local
 * history, results from the server by catalogue number, name or attribute (English or Chinese),
 * loaded a page at a time, and when nothing matches, the server's suggestions to try instead.
 * Typing searches after the spec's default debounce (600 ms); pressing search does it at once.
 */
export default function Search() {
  const t = useT()
  const { params } = useRouter()
  const { key: priceKey, ready, loggedIn } = useViewerKey()
  const { history, hydrate, add, clear } = useSearchHistory()
  const results = useSearchResults()
  const initial = normalizeKeyword(pageParam(params, 'keyword'))
  const [text, setText] = useState(initial)
  const [query, setQuery] = useState(initial)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    hydrate()
    // a search that arrives by address (the header's search bar, a custom search URL) is a search made
    if (initial) add(initial)
    return () => {
      if (timer.current) clearTimeout(timer.current)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!ready || !query) return
    const key = `${priceKey}|${query}`
    if (useSearchResults.getState().key !== key) useSearchResults.getState().load(key, { q: query })
  }, [ready, query, priceKey])

  useReachBottom(() => {
    if (query) results.loadMore()
  })

  const run = (term: string, remember: boolean) => {
    if (timer.current) clearTimeout(timer.current)
    const k = normalizeKeyword(term)
    setText(k)
    setQuery(k)
    if (k && remember) add(k)
    if (k) Taro.pageScrollTo({ scrollTop: 0, duration: 0 }).catch(() => undefined)
  }

  const onInput = (value: string) => {
    setText(value)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => setQuery(normalizeKeyword(value)), DEFAULT_DEBOUNCE_MS)
  }

  const current = results.key === `${priceKey}|${query}` ? results : null
  const meta = current?.meta
  const noResult = !!current && current.status === 'ready' && current.items.length === 0
  const terms = meta?.suggestions.filter((s) => s.kind === 'term') ?? []
  const cats = meta?.suggestions.filter((s) => s.kind === 'category' && s.categoryCode) ?? []

  return (
    <PageShell header={{ title: t('screen.search') }}>
      <View className='search'>
        <View className='search__bar'>
          <View className='search__box'>
            <AtIcon value='search' size='16' color='#8a94a6' />
            <Input
              className='search__input'
              type='text'
              value={text}
              focus={!initial}
              maxlength={100}
              placeholder={t('browse.search.placeholder')}
              {...fieldLabelProps(t('header.searchLabel'))}
              confirmType='search'
              onInput={(e) => onInput(e.detail.value)}
              onConfirm={(e) => run(e.detail.value, true)}
            />
            {text && (
              <View className='search__clear' {...tapProps(() => run('', false), { label: t('header.clear') })}>
                <AtIcon value='close-circle' size='16' color='#596579' />
              </View>
            )}
          </View>
          <Text className='search__go' {...tapProps(() => run(text, true))}>
            {t('header.search')}
          </Text>
        </View>

        {!query && (
          <>
            <SearchHistory history={history} onPick={(h) => run(h, true)} onClear={clear} />
            <Text className='search__hint'>{t('browse.search.hint')}</Text>
          </>
        )}

        {query && (!current || (current.status === 'loading' && current.items.length === 0)) && (
          <Skeleton variant='card' count={4} />
        )}

        {query && current && current.items.length > 0 && (
          <>
            <Text className='search__summary'>
              {meta?.totalCapped
                ? t('browse.search.resultsCapped', { count: formatCount(current.total), keyword: query })
                : t('browse.search.results', { count: formatCount(current.total), keyword: query })}
            </Text>
            <ProductList items={current.items} loggedIn={loggedIn} placement='search' />
            <ListFooter
              status={current.status}
              shown={current.items.length}
              total={current.total}
              onMore={() => results.loadMore()}
              onRetry={() => results.load(`${priceKey}|${query}`, { q: query })}
            />
          </>
        )}

        {query && current && current.status === 'failed' && current.items.length === 0 && (
          <View className='search__empty'>
            <Text className='search__empty-title'>{current.error ?? t('error.generic')}</Text>
            <Text className='search__link' {...tapProps(() => results.load(`${priceKey}|${query}`, { q: query }))}>
              {t('home.retry')}
            </Text>
          </View>
        )}

        {noResult && (
          <View className='search__empty'>
            <AtIcon value='search' size='36' color='#c3cad6' />
            <Text className='search__empty-title'>{t('browse.search.noResult', { keyword: query })}</Text>
            <Text className='search__empty-body'>{t('browse.search.noResultHint')}</Text>
            {terms.length > 0 && (
              <View className='search__suggest'>
                <Text className='search__suggest-title'>{t('browse.search.tryTerms')}</Text>
                <View className='search__chips'>
                  {terms.map((s) => (
                    <Text key={s.text} className='search__chip' {...tapProps(() => run(s.text, true))}>
                      {s.text}
                    </Text>
                  ))}
                </View>
              </View>
            )}
            {cats.length > 0 && (
              <View className='search__suggest'>
                <Text className='search__suggest-title'>{t('browse.search.tryCategories')}</Text>
                <View className='search__chips'>
                  {cats.map((s) => (
                    <Text
                      key={s.categoryCode}
                      className='search__chip search__chip--category'
                      {...tapProps(() => navigation.go('categories', { category: s.text, node: s.categoryCode }))}
                    >
                      {s.text}
                    </Text>
                  ))}
                </View>
              </View>
            )}
          </View>
        )}
      </View>
    </PageShell>
  )
}
