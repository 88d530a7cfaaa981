import { useCallback, useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import type { ContentCard, SpecialColumn } from '../../../types'
import PageShell from '../../components/page-shell'
import ProductList, { ListFooter } from '../../components/catalog/product-list'
import Skeleton from '../../components/skeleton'
import Section from '../../components/section'
import Tappable from '../../components/tappable'
import Picture from '../../components/picture'
import { useT } from '../../store/locale'
import { useViewerKey } from '../../store/viewer'
import { useProductList } from '../../store/catalog/products'
import {
  articleTypeLabel,
  bannerColumns,
  flashSaleColumn,
  useHome,
  HOME_KNOWLEDGE_COUNT,
} from '../../store/marketing/home'
import { navigation } from '../../platform/navigation'
import type { RouteName } from '../../../types/routes'
import type { MessageKey } from '../../i18n'
import { hiddenProps } from '../../platform/a11y'
import { firstScreenReady } from '../../platform/first-screen'
import Banners from './banners'
import { mediaUrl } from './banner-slide'
import './index.scss'

const SHORTCUTS: { route: RouteName; icon: string; label: MessageKey; params?: Record<string, string> }[] = [
  { route: 'categories', icon: 'list', label: 'nav.categories' },
  { route: 'selectionTools', icon: 'filter', label: 'browse.shortcut.selection' },
  { route: 'documents', icon: 'file-generic', label: 'browse.shortcut.documents' },
  { route: 'dualOrigin', icon: 'tags', label: 'browse.shortcut.dualOrigin' },
  { route: 'contentHub', icon: 'bookmark', label: 'browse.shortcut.learning', params: { contentType: 'knowledge' } },
]

function FlashSaleEntry({ column }: { column: SpecialColumn }) {
  const t = useT()
  const open = () => navigation.go('flashSale', column.link.route === 'flashSale' ? column.link.params : {})
  return (
    <Tappable
      className='home-flash'
      to={{ route: 'flashSale', params: column.link.route === 'flashSale' ? column.link.params : {} }}
      onTap={open}
    >
      <View className='home-flash__icon' {...hiddenProps()}>
        <AtIcon value='lightning-bolt' size='22' color='#ffffff' />
      </View>
      <View className='home-flash__body'>
        <Text className='home-flash__label'>{t('browse.home.flashSale')}</Text>
        <Text className='home-flash__title'>{column.title}</Text>
        {column.subtitle && <Text className='home-flash__subtitle'>{column.subtitle}</Text>}
      </View>
      <View className='home-flash__go'>
        <Text>{t('browse.home.flashSaleGo')}</Text>
        <AtIcon value='chevron-right' size='12' color='#cc0029' />
      </View>
    </Tappable>
  )
}

function KnowledgeCard({ card }: { card: ContentCard }) {
  const t = useT()
  const labels = useHome((s) => s.articleTypes)
  const img = mediaUrl(card.coverImage)
  return (
    <Tappable
      className='home-article'
      data={{ 'content-id': card.id }}
      to={{ route: 'contentDetail', params: { id: card.id } }}
    >
      {img ? (
        <Picture className='home-article__cover' lazyLoad src={img} alt='' />
      ) : (
        <View className='home-article__cover home-article__cover--empty' {...hiddenProps()}>
          <AtIcon value='bookmark' size='24' color='#9fb3c8' />
        </View>
      )}
      <Text className='home-article__type'>{articleTypeLabel(labels, card.articleType)}</Text>
      <Text className='home-article__title'>{card.title}</Text>
      <Text className='home-article__meta'>{t('browse.home.readMinutes', { minutes: card.readMinutes })}</Text>
    </Tappable>
  )
}

/**
 * Home: promotions and banners, shortcuts, the flash-sale entry (only when there is one), the
 * learning centre, and recommended products priced for the visitor. Each section loads on its
 * own, with a skeleton while it does and a retry if it fails; pull down to refresh them all.
 */
export default function Home() {
  const t = useT()
  const { key, ready, loggedIn } = useViewerKey()
  const list = useProductList()
  const { columns, knowledge, key: homeKey } = useHome()

  useEffect(() => {
    // wait for the session so prices are asked for once, for the right user
    if (!ready) return
    if (useHome.getState().key !== key) useHome.getState().load(key)
    if (useProductList.getState().key !== key) useProductList.getState().load(key, {})
  }, [ready, key, homeKey, list.key])

  useReachBottom(() => {
    list.loadMore()
  })

  usePullDownRefresh(async () => {
    try {
      await Promise.all([useHome.getState().load(key), useProductList.getState().load(key, {})])
    } finally {
      Taro.stopPullDownRefresh()
    }
  })

  const retryList = useCallback(() => useProductList.getState().load(key, {}), [key])
  const banners = bannerColumns(columns.data)
  const flash = flashSaleColumn(columns.data)
  const columnsLoading = (columns.status === 'loading' || columns.status === 'idle') && columns.data.length === 0
  const knowledgeLoading =
    (knowledge.status === 'loading' || knowledge.status === 'idle') && knowledge.data.length === 0
  // H5: the server's drawing of this first screen gives way once the page has drawn its own
  const firstScreenDrawn = !columnsLoading && !knowledgeLoading
  useEffect(() => {
    if (firstScreenDrawn) firstScreenReady()
  }, [firstScreenDrawn])

  return (
    <PageShell header={{ searchBar: true }} footer='home'>
      <View className='home'>
        <View className='home__banners'>
          {columnsLoading && <Skeleton variant='banner' />}
          {columns.status === 'failed' && columns.data.length === 0 ? (
            <Section
              title={t('browse.home.promotions')}
              failed
              onRetry={() => useHome.getState().loadColumns()}
              className='home__section--flat'
            />
          ) : (
            <Banners columns={banners} />
          )}
        </View>

        <View className='home-shortcuts'>
          {SHORTCUTS.map((s) => (
            <Tappable key={s.route} className='home-shortcuts__item' to={{ route: s.route, params: s.params }}>
              <View className='home-shortcuts__icon' {...hiddenProps()}>
                <AtIcon value={s.icon} size='22' color='#0b5fa5' />
              </View>
              <Text className='home-shortcuts__label'>{t(s.label)}</Text>
            </Tappable>
          ))}
        </View>

        {flash && <FlashSaleEntry column={flash} />}

        <Section
          title={t('browse.home.learning')}
          more={{ label: t('browse.more'), onClick: () => navigation.go('contentHub', { contentType: 'knowledge' }) }}
          failed={knowledge.status === 'failed' && knowledge.data.length === 0}
          onRetry={() => useHome.getState().loadKnowledge()}
        >
          {knowledgeLoading ? (
            <Skeleton variant='content' count={HOME_KNOWLEDGE_COUNT} />
          ) : knowledge.data.length > 0 ? (
            <View className='home-articles'>
              {knowledge.data.map((c) => (
                <KnowledgeCard key={c.id} card={c} />
              ))}
            </View>
          ) : (
            <Text className='home__empty'>{t('browse.home.noArticles')}</Text>
          )}
        </Section>

        <Section title={t('browse.home.recommended')}>
          <ProductList items={list.items} loggedIn={loggedIn} placement='home' />
          {list.status === 'ready' && list.items.length === 0 && <Text className='home__empty'>{t('home.empty')}</Text>}
          <ListFooter
            status={list.status}
            shown={list.items.length}
            total={list.total}
            onMore={() => list.loadMore()}
            onRetry={retryList}
            moreClassName='home__more'
          />
        </Section>
      </View>
    </PageShell>
  )
}
