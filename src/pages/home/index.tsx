import { useEffect } from 'react'
import { View, Text, Button } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../components/page-shell'
import ProductCard from '../../components/product-card'
import { useT, useLocale } from '../../store/locale'
import { useSession } from '../../store/session'
import { useProductList } from '../../store/products'
import './index.scss'

/** Home: products from the server, priced for the visitor (list prices, account prices or ***). */
export default function Home() {
  const t = useT()
  const { language, country } = useLocale()
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const sessionStatus = useSession((s) => s.status)
  const { items, total, status, key, load, loadMore } = useProductList()
  const listKey = `${language}|${country}|${userId ?? 'anonymous'}`

  useEffect(() => {
    // wait for the session so prices are asked for once, for the right user
    if (sessionStatus === 'USER_FETCHED' && key !== listKey) load(listKey)
  }, [sessionStatus, listKey, key, load])

  useReachBottom(() => { loadMore() })

  const loggedIn = userId !== null
  return (
    <PageShell header={{ searchBar: true }} footer='home'>
      <View className='home__intro'>
        <Text className='home__title'>{t('home.title')}</Text>
        <Text className='home__subtitle'>{t('home.subtitle')}</Text>
      </View>
      <View className='home__list'>
        {items.map((p) => <ProductCard key={p.catalogNumber} product={p} loggedIn={loggedIn} />)}
      </View>
      {status === 'loading' && (
        <View className='home__state'><AtActivityIndicator content={t('home.loading')} /></View>
      )}
      {status === 'error' && (
        <View className='home__state'>
          <Text className='home__error'>{t('home.loadError')}</Text>
          <Button className='home__retry' onClick={() => (items.length ? loadMore() : load(listKey))}>{t('home.retry')}</Button>
        </View>
      )}
      {status === 'ready' && items.length === 0 && <View className='home__state'><Text>{t('home.empty')}</Text></View>}
      {status === 'ready' && items.length > 0 && (
        <View className='home__state'>
          {items.length < total
            ? <Button className='home__more' onClick={() => loadMore()}>{t('home.loadMore')} · {t('home.count', { shown: items.length, total })}</Button>
            : <Text className='home__end'>{t('home.noMore', { total })}</Text>}
        </View>
      )}
    </PageShell>
  )
}
