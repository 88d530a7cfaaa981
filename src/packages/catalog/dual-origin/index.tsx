import { useCallback, useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import Taro, { useReachBottom, useRouter } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import type { DualOriginItem, DualOriginQuery, ProductOrigin } from '../../../../types'
import PageShell from '../../../components/page-shell'
import ProductList, { ListFooter } from '../../../components/catalog/product-list'
import Skeleton from '../../../components/skeleton'
import { formatCount } from '../../../components/catalog/category-tree/count'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useDualOriginList } from '../../../store/catalog/selection'
import { formatMoney } from '../../../rules/format'
import { SURCHARGE_PRICE_CHECK_HOURS } from '../../../rules/catalog/surcharge'
import type { MessageKey } from '../../../i18n'
import { tapProps } from '../../../components/tappable'
import './index.scss'

type Only = NonNullable<DualOriginQuery['only']> | 'all'
const FILTERS: { only: Only; label: MessageKey }[] = [
  { only: 'all', label: 'browse.dual.filter.all' },
  { only: 'dual', label: 'browse.dual.filter.dual' },
  { only: 'surcharge', label: 'browse.dual.filter.surcharge' },
]
const ORIGIN_LABEL: Record<ProductOrigin, MessageKey> = {
  imported: 'browse.dual.origin.imported',
  local: 'browse.dual.origin.local',
  dual: 'browse.dual.origin.dual',
}

/** Under each card: where the product comes from, and the surcharge with its reason. */
function OriginLine({ item }: { item: DualOriginItem }) {
  const t = useT()
  return (
    <View className='dual-line'>
      <Text className={`dual-line__origin dual-line__origin--${item.origin}`}>{t(ORIGIN_LABEL[item.origin])}</Text>
      {item.surcharge ? (
        <Text className='dual-line__surcharge'>
          {t('browse.dual.surcharge', {
            amount: formatMoney(item.surcharge.amount, item.surcharge.currency),
            reason: item.surcharge.reason,
          })}
        </Text>
      ) : (
        <Text className='dual-line__none'>{t('browse.dual.noSurcharge')}</Text>
      )}
    </View>
  )
}

/**
 * Dual-origin and surcharge products (route 'dualOrigin'): products sold both imported and made
 * locally, and products that carry a surcharge (with its amount and reason), priced for the user.
 */
export default function DualOrigin() {
  const t = useT()
  const { params } = useRouter()
  const { language, country } = useLocale()
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const sessionStatus = useSession((s) => s.status)
  const list = useDualOriginList()
  const [only, setOnly] = useState<Only>(params.only === 'dual' || params.only === 'surcharge' ? params.only : 'all')
  const key = `${language}|${country}|${userId ?? 'anonymous'}|${only}`
  const query: DualOriginQuery = only === 'all' ? {} : { only }

  useEffect(() => {
    if (sessionStatus !== 'USER_FETCHED') return
    if (useDualOriginList.getState().key !== key) useDualOriginList.getState().load(key, query)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionStatus, key])

  useReachBottom(() => {
    list.loadMore()
  })

  const pick = (next: Only) => {
    if (next === only) return
    setOnly(next)
    Taro.pageScrollTo({ scrollTop: 0, duration: 0 }).catch(() => undefined)
  }
  const extra = useCallback((p: DualOriginItem) => <OriginLine item={p} />, [])
  const current = list.key === key ? list : null

  return (
    <PageShell header={{ title: t('browse.dual.title') }}>
      <View className='dual'>
        <View className='dual__intro'>
          <AtIcon value='alert-circle' size='16' color='#0b5fa5' />
          <Text className='dual__intro-text'>{t('browse.dual.intro', { hours: SURCHARGE_PRICE_CHECK_HOURS })}</Text>
        </View>
        <View className='dual__filters'>
          {FILTERS.map((f) => (
            <Text
              key={f.only}
              className={`dual__filter${f.only === only ? ' dual__filter--on' : ''}`}
              {...tapProps(() => pick(f.only))}
            >
              {t(f.label)}
            </Text>
          ))}
        </View>
        {current && current.status !== 'loading' && current.total > 0 && (
          <Text className='dual__count'>{t('browse.cat.count', { count: formatCount(current.total) })}</Text>
        )}
        {(!current || (current.status === 'loading' && current.items.length === 0)) && (
          <Skeleton variant='card' count={4} />
        )}
        {current && (
          <ProductList items={current.items} loggedIn={userId !== null} placement='dual-origin' extra={extra} />
        )}
        {current && current.status === 'ready' && current.items.length === 0 && (
          <Text className='dual__empty'>{t('browse.dual.none')}</Text>
        )}
        {current && (current.items.length > 0 || current.status === 'failed') && (
          <ListFooter
            status={current.status}
            shown={current.items.length}
            total={current.total}
            onMore={() => list.loadMore()}
            onRetry={() => list.load(key, query)}
          />
        )}
      </View>
    </PageShell>
  )
}
