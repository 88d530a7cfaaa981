import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import type { PointsEntry } from '../../../../types/membership/points-schemas'
import { MemberPage, MemberBlocked } from '../../../components/membership/member-gate'
import Tappable, { tapProps } from '../../../components/tappable'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT, useLocale } from '../../../store/locale'
import { usePoints } from '../../../store/membership/points'
import { formatTimestamp, formatPoints } from '../../../rules/format'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import './index.scss'

/**
 * Point detail (spec §2 "/giftcenter/rewarddetail Point detail; login needed"): the balance, the
 * points expiring next and when, and the entries of the ledger (kind, points signed, what for, date),
 * a page at a time.
 */
export default titledScreen(MemberPage, 'screen.rewardDetail', Detail)

const KIND_KEY: Record<PointsEntry['kind'], MessageKey> = {
  earned: 'points.kind.earned',
  spent: 'points.kind.spent',
  expired: 'points.kind.expired',
  reversed: 'points.kind.reversed',
}
const FOR_KEY: Record<PointsEntry['source'], MessageKey> = {
  order: 'points.for.order',
  redemption: 'points.for.redemption',
  draw: 'points.for.draw',
  task: 'points.for.task',
  invitation: 'points.for.invitation',
  expiry: 'points.for.expiry',
  adjustment: 'points.for.adjustment',
}

function Detail() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const p = usePoints()
  const state = useMemberState(usePoints, 'gifts', 'pd-state', !!p.summary)
  if (p.status === 'blocked') return <MemberBlocked message={p.error ?? t('member.blocked')} />
  if (!p.summary) return state
  const { balance, expiring } = p.summary
  return (
    <View className='pd'>
      <View className='pd-balance' {...ariaProps('region', { label: t('points.balance') })}>
        <Text className='pd-balance__label'>{t('points.balance')}</Text>
        <Text className='pd-balance__value'>{formatPoints(balance)}</Text>
        <Text className='pd-balance__expiring'>
          {expiring
            ? t('points.expiring', {
                points: formatPoints(expiring.points),
                date: formatTimestamp(expiring.expiresAt, country, 'YYYY-MM-DD'),
              })
            : t('points.noneExpiring')}
        </Text>
        <Tappable className='pd-balance__rules' to={{ route: 'rewardsRules' }}>
          {t('points.rulesLink')}
        </Tappable>
      </View>
      <View className='pd-list' {...ariaProps('region', { label: t('points.entries') })}>
        <Text className='pd-list__title' {...ariaProps('heading', { level: '2' })}>
          {t('points.entries')}
        </Text>
        {p.entries.length === 0 && <Text className='pd-list__empty'>{t('points.empty')}</Text>}
        {p.entries.map((e) => (
          <View key={e.id} className={`pd-entry pd-entry--${e.kind}`} data-id={e.id}>
            <View className='pd-entry__main'>
              <Text className='pd-entry__for'>{t(FOR_KEY[e.source], { ref: e.sourceRef ?? '' })}</Text>
              <Text className='pd-entry__meta'>
                {t(KIND_KEY[e.kind])} · {formatTimestamp(e.createdAt, country)}
              </Text>
            </View>
            <Text className={`pd-entry__points pd-entry__points--${e.points > 0 ? 'plus' : 'minus'}`}>
              {formatPoints(e.points, { signed: true })}
            </Text>
          </View>
        ))}
        {p.entries.length < p.total && (
          <View
            className='pd-list__more'
            {...tapProps(() => usePoints.getState().loadMore(), { disabled: p.loadingMore })}
          >
            {p.loadingMore ? t('gifts.loading') : t('gifts.loadMore')}
          </View>
        )}
      </View>
    </View>
  )
}
