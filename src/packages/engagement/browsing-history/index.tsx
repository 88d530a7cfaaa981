import { useEffect, useState } from 'react'
import { useDidShow, useReachBottom } from '@tarojs/taro'
import { View, Text, Picker, Button } from '@tarojs/components'
import type { HistoryItem } from '../../../../types'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import { mediaUrl } from '../../../components/rich-text/parse'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useHistory, type DateRange, type HistoryKind } from '../../../store/engagement/history'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { formatTimestamp } from '../../../rules/format'
import { ROUTES, type RouteName } from '../../../../types/routes'
import { navigation } from '../../../platform/navigation'
import { tapProps } from '../../../components/tappable'
import Picture from '../../../components/picture'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import './index.scss'

type RangeKind = DateRange['kind']
const RANGES: {
  kind: RangeKind
  label: 'history.all' | 'history.today' | 'history.last7' | 'history.last30' | 'history.custom'
}[] = [
  { kind: 'all', label: 'history.all' },
  { kind: 'today', label: 'history.today' },
  { kind: 'last7', label: 'history.last7' },
  { kind: 'last30', label: 'history.last30' },
  { kind: 'custom', label: 'history.custom' },
]

const imageOf = (i: HistoryItem) =>
  i.kind === 'product' ? productImageUrl(i.image, 150, API_BASE_URL) : mediaUrl(i.image, API_BASE_URL)

/**
 * Browsing history (spec section 2: "browsing history (tabs and a date filter)"): products and
 * content viewed, by date. A visitor sees the views kept on this device.
 */
export default function BrowsingHistory() {
  const t = useT()
  const { country, language } = useLocale()
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const sessionStatus = useSession((s) => s.status)
  const { items, total, status, query, list, more } = useHistory()
  const [kind, setKind] = useState<HistoryKind>('product')
  const [rangeKind, setRangeKind] = useState<RangeKind>('all')
  const [from, setFrom] = useState<string | null>(null)
  const [to, setTo] = useState<string | null>(null)
  const range: DateRange = rangeKind === 'custom' ? { kind: 'custom', from, to } : { kind: rangeKind }

  const reload = () => {
    if (sessionStatus === 'USER_FETCHED') list(kind, range)
  }
  useEffect(reload, [sessionStatus, userId, kind, rangeKind, from, to, language]) // eslint-disable-line react-hooks/exhaustive-deps
  useDidShow(reload)
  useReachBottom(() => {
    more()
  })

  const open = (i: HistoryItem) => {
    if (ROUTES.some((r) => r.name === i.link.route)) navigation.go(i.link.route as RouteName, i.link.params)
  }
  const local = query?.source === 'local'

  return (
    <PageShell header={{ title: t('screen.browsingHistory') }}>
      {/* spec section 6: history needs login ('Please login for better experience') */}
      <LoginGate>
        <View className='bh-tabs'>
          {(['product', 'content'] as HistoryKind[]).map((k) => (
            <View
              key={k}
              className={`bh-tabs__tab${kind === k ? ' bh-tabs__tab--on' : ''}`}
              {...tapProps(() => setKind(k))}
            >
              <Text>{t(k === 'product' ? 'history.products' : 'history.content')}</Text>
            </View>
          ))}
        </View>
        <View className='bh-filter'>
          {RANGES.map((r) => (
            <View
              key={r.kind}
              className={`bh-filter__chip${rangeKind === r.kind ? ' bh-filter__chip--on' : ''}`}
              {...tapProps(() => setRangeKind(r.kind))}
            >
              <Text>{t(r.label)}</Text>
            </View>
          ))}
        </View>
        {rangeKind === 'custom' && (
          <View className='bh-custom'>
            <RangeDate label={t('history.from')} value={from} bounds={{ end: to ?? undefined }} onPick={setFrom} />
            <Text className='bh-custom__dash'>–</Text>
            <RangeDate label={t('history.to')} value={to} bounds={{ start: from ?? undefined }} onPick={setTo} />
          </View>
        )}
        {local && sessionStatus === 'USER_FETCHED' && <Text className='bh-note'>{t('history.localNote')}</Text>}
        <View className='bh-list'>
          {items.map((i) => {
            const img = imageOf(i)
            return (
              <View key={`${i.kind}:${i.id}:${i.viewedAt}`} className='bh-item' {...tapProps(() => open(i))}>
                {img ? (
                  <Picture className='bh-item__image' src={img} alt={i.title} />
                ) : (
                  <View className='bh-item__image bh-item__image--none' />
                )}
                <View className='bh-item__body'>
                  <Text className='bh-item__title'>{i.title}</Text>
                  {i.subtitle && <Text className='bh-item__subtitle'>{i.subtitle}</Text>}
                  <Text className='bh-item__time'>
                    {t('history.viewedAt', { time: formatTimestamp(i.viewedAt, country) })}
                  </Text>
                </View>
              </View>
            )
          })}
          {(status === 'loading' || sessionStatus !== 'USER_FETCHED') && (
            <LoadingPanel className='bh-state' message={t('history.loading')} />
          )}
          {status === 'failed' && (
            <StatePanel
              block='bh-state'
              error={t('history.loadError')}
              button
              action={{ label: t('home.retry'), onTap: reload }}
            />
          )}
          {status === 'ready' && items.length === 0 && (
            <View className='bh-state'>
              <Text>{t('history.empty')}</Text>
            </View>
          )}
          {status === 'ready' && !local && items.length > 0 && items.length < total && (
            <View className='bh-state'>
              <Button className='bh-state__button' {...tapProps(() => more())}>
                {t('home.loadMore')}
              </Button>
            </View>
          )}
        </View>
      </LoginGate>
    </PageShell>
  )
}

/** one end of the custom range: a date picker that shows its label and the date picked (or "pick a date") */
function RangeDate({
  label,
  value,
  bounds,
  onPick,
}: {
  label: string
  value: string | null
  /** the other end, which this one may not pass */
  bounds: { start?: string; end?: string }
  onPick: (date: string) => void
}) {
  const t = useT()
  return (
    <Picker mode='date' value={value ?? ''} {...bounds} onChange={(e) => onPick(String(e.detail.value))}>
      <View className='bh-custom__field'>
        <Text className='bh-custom__label'>{label}</Text>
        <Text>{value ?? t('history.pickDate')}</Text>
      </View>
    </Picker>
  )
}
