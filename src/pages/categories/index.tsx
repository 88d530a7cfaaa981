import { useEffect, useMemo, useState } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import Taro, { useReachBottom, useRouter } from '@tarojs/taro'
import PageShell from '../../components/page-shell'
import ProductList, { ListFooter } from '../../components/catalog/product-list'
import CategoryTree from '../../components/catalog/category-tree'
import Skeleton from '../../components/skeleton'
import { useT } from '../../store/locale'
import { useViewerKey } from '../../store/viewer'
import { RECOMMENDED, resolveCategory, useCategoryProducts, useCategoryTreeIn } from '../../store/catalog/categories'
import { formatCount } from '../../components/catalog/category-tree/count'
import { pageParam } from '../../rules/page-params'
import { tapProps } from '../../components/tappable'
import './index.scss'
import { statusBarHeight } from '../../platform/system'

/**
 * Categories (/categories/All recommended/recommended, and /categories/{top}/{node}): a rail of
 * top-level categories, the chosen category's children as chips, and its products, loaded a page
 * at a time as the list scrolls. The footer tab opens All recommended.
 */
export default function Categories() {
  const t = useT()
  const { params } = useRouter()
  const { key: priceKey, locale, ready, loggedIn } = useViewerKey()
  const tree = useCategoryTreeIn(locale)
  const list = useCategoryProducts()

  // the node asked for by the address, then whatever the user taps
  const [picked, setPicked] = useState<string | null>(null)
  const asked = useMemo(
    () => ({ category: pageParam(params, 'category') || undefined, node: pageParam(params, 'node') || undefined }),
    [params],
  )

  const selection = useMemo(
    () =>
      picked !== null
        ? resolveCategory(tree.tree, undefined, picked)
        : resolveCategory(tree.tree, asked.category, asked.node),
    [tree.tree, picked, asked],
  )
  const needsTree =
    picked !== null ? picked !== RECOMMENDED : !!(asked.node && asked.node !== RECOMMENDED) || !!asked.category
  const treeReady = tree.status === 'ready' || (tree.tree.length > 0 && tree.key === locale)
  const categoryId = selection.node?.id
  const listQueryKey = `${priceKey}|${categoryId ?? RECOMMENDED}`

  useEffect(() => {
    if (!ready) return
    // a node from the address needs the tree to know its id; All recommended does not
    if (needsTree && !treeReady) return
    const now = useCategoryProducts.getState()
    if (now.key !== listQueryKey) now.load(listQueryKey, categoryId ? { categoryId } : {})
  }, [ready, needsTree, treeReady, listQueryKey, categoryId])

  useReachBottom(() => {
    list.loadMore()
  })

  const pick = (code: string) => {
    if (code === (selection.node?.code ?? RECOMMENDED)) return
    setPicked(code)
    Taro.pageScrollTo({ scrollTop: 0, duration: 0 }).catch(() => undefined)
  }

  const top = selection.top
  const title = top ? top.name : t('browse.cat.allRecommended')
  const waitingForTree = needsTree && !treeReady && tree.status !== 'failed'
  const treeFailed = tree.status === 'failed' && tree.tree.length === 0

  return (
    <PageShell header={{ searchBar: true }} footer='categories'>
      <View className='categories'>
        <View
          className='categories__rail'
          style={statusBarHeight ? { top: `calc(${statusBarHeight}px + ${Taro.pxTransform(96)})` } : undefined}
        >
          {tree.status !== 'failed' && tree.tree.length === 0 ? (
            <Skeleton variant='rail' count={6} />
          ) : (
            <CategoryTree
              tree={tree.tree}
              activeTop={top?.code ?? RECOMMENDED}
              onPick={pick}
              failed={treeFailed}
              onRetry={() => tree.load(locale)}
            />
          )}
        </View>
        <View className='categories__pane'>
          <View className='categories__head'>
            <Text className='categories__title'>{title}</Text>
            {list.status !== 'idle' && list.total > 0 && (
              <Text className='categories__count'>{t('browse.cat.count', { count: formatCount(list.total) })}</Text>
            )}
          </View>
          {selection.unknown && <Text className='categories__note'>{t('browse.cat.unknown')}</Text>}
          {top && top.children.length > 0 && (
            <ScrollView className='categories__chips' scrollX enableFlex>
              <Text
                className={`categories__chip${selection.node?.code === top.code ? ' categories__chip--active' : ''}`}
                {...tapProps(() => pick(top.code), { selected: selection.node?.code === top.code })}
              >
                {t('browse.cat.all')}
              </Text>
              {top.children.map((ch) => (
                <Text
                  key={ch.code}
                  className={`categories__chip${selection.node?.code === ch.code ? ' categories__chip--active' : ''}`}
                  {...tapProps(() => pick(ch.code), { selected: selection.node?.code === ch.code })}
                >
                  {ch.name}
                </Text>
              ))}
            </ScrollView>
          )}
          {waitingForTree && <Skeleton variant='card' count={4} compact />}
          {needsTree && treeFailed && <Text className='categories__note'>{t('browse.cat.treeFailed')}</Text>}
          <ProductList items={list.items} loggedIn={loggedIn} placement='categories' compact />
          {list.status === 'ready' && list.items.length === 0 && (
            <Text className='categories__note'>{t('browse.cat.empty')}</Text>
          )}
          {!waitingForTree && (
            <ListFooter
              status={list.status}
              shown={list.items.length}
              total={list.total}
              onMore={() => list.loadMore()}
              onRetry={() => list.load(listQueryKey, categoryId ? { categoryId } : {})}
              moreClassName='categories__more'
              compact
            />
          )}
        </View>
      </View>
    </PageShell>
  )
}
