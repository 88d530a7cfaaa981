import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useEffect } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { MemberInteraction } from '../../../../types/membership'
import Tappable from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useInteractions } from '../../../store/membership/tasks'
import { formatTimestamp, formatPoints } from '../../../rules/format'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import { MemberPage } from '../../../components/membership/member-gate'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import './index.scss'

/** My interaction history (spec §2, the profile tab): draws and prizes, task credits, invitations; newest first, paged. */
export default function InteractionHistoryPage() {
  const t = useT()
  return (
    <MemberPage title={t('play.screen.interactionHistory')}>
      <History />
    </MemberPage>
  )
}

function History() {
  const t = useT()
  const { status, error, items, total, loadingMore } = useInteractions()
  useEffect(() => {
    void useInteractions.getState().load()
  }, [])
  useDidShow(() => {
    if (useInteractions.getState().status === 'ready') void useInteractions.getState().load()
  })
  if (status === 'failed' && !items.length) {
    return (
      <StatePanel
        block='pl-state'
        body={error ?? t('play.loadFailed')}
        action={{ label: t('play.retry'), onTap: () => useInteractions.getState().load() }}
      />
    )
  }
  if (status !== 'ready' && !items.length) return <LoadingPanel className='pl-state' message={t('play.loading')} />
  if (!items.length)
    return (
      <View className='pl-state'>
        <Text className='pl-state__body'>{t('play.hist.empty')}</Text>
      </View>
    )
  return (
    <View className='pl'>
      <View {...ariaProps('list')}>
        {items.map((i) => (
          <Row key={i.id} item={i} />
        ))}
      </View>
      {items.length < total && (
        <Tappable className='pl-more' onTap={() => useInteractions.getState().more()} disabled={loadingMore}>
          {t('play.hist.more')}
        </Tappable>
      )}
    </View>
  )
}

function Row({ item: i }: { item: MemberInteraction }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const title = i.kind === 'task' ? t(`play.task.name.${i.title}` as MessageKey) : i.title
  const points = i.points + i.pointsWon
  return (
    <View className={`pl-row pl-row--${i.kind}`} data-kind={i.kind} {...ariaProps('listitem')}>
      <View className='pl-row__body'>
        <Text className='pl-row__kind'>{t(`play.hist.kind.${i.kind}`)}</Text>
        <Text className='pl-row__title'>{title}</Text>
        {i.kind === 'draw' && i.detail && (
          <Text className='pl-row__meta'>{t('play.hist.prize', { prize: i.detail })}</Text>
        )}
        {(i.kind === 'invited' || i.kind === 'joined') && i.detail && <Text className='pl-row__meta'>{i.detail}</Text>}
        <Text className='pl-row__meta'>{formatTimestamp(i.at, country)}</Text>
      </View>
      <Text className={`pl-row__points${points < 0 ? ' pl-row__points--minus' : ''}`}>
        {t('play.hist.points', { points: formatPoints(points, { signed: true }) })}
      </Text>
    </View>
  )
}
