import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import type { MemberInteraction } from '../../../../types/membership'
import Tappable from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useInteractions } from '../../../store/membership/tasks'
import { formatTimestamp, formatPoints } from '../../../rules/format'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import { MemberPage } from '../../../components/membership/member-gate'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/** My interaction history (spec §2, the profile tab): draws and prizes, task credits, invitations; newest first, paged. */
export default titledScreen(MemberPage, 'play.screen.interactionHistory', History)

function History() {
  const t = useT()
  const { items, total, loadingMore } = useInteractions()
  const state = useMemberState(useInteractions, 'play', 'pl-state', items.length > 0, { body: t('play.hist.empty') })
  if (state) return state
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
