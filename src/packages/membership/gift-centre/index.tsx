import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import type { Gift } from '../../../../types/membership/gifts-schemas'
import { MemberPage, MemberBlocked } from '../../../components/membership/member-gate'
import Picture from '../../../components/picture'
import Tappable from '../../../components/tappable'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import LinkRow, { type RowLink } from '../../../components/membership/link-row'
import { useT } from '../../../store/locale'
import { useGifts, EXCHANGE_STATUS_KEY } from '../../../store/membership/gifts'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { ariaProps } from '../../../platform/a11y'
import { formatPoints } from '../../../rules/format'
import './index.scss'

/**
 * The gift centre (spec §2 names it; §4 "Gift: points, stock, limit per period, minimum exchange
 * quantity." "Exchange status: normal, out of stock, exceeds limit, insufficient points, draw-only.").
 * Members only (login; black-listed accounts are refused): the balance, the links to the point detail,
 * rules, redemption record and feedback, and every gift with its status for the member.
 */
export default titledScreen(MemberPage, 'gifts.title', Centre)

// the other screens of the centre
const CENTRE_LINKS: RowLink[] = [
  { mod: 'detail', route: 'rewardDetail', label: 'gifts.detailLink' },
  { mod: 'rules', route: 'rewardsRules', label: 'points.rulesLink' },
  { mod: 'record', route: 'redemptionRecord', label: 'gifts.recordLink' },
  { mod: 'feedback', route: 'redemptionFeedback', label: 'gifts.feedbackLink' },
]

function Centre() {
  const t = useT()
  const { status, gifts, balance, error } = useGifts()
  // back from a redemption, the page loads again: balance, stock and statuses have changed. Once
  // loaded the centre shows, gifts or none (its own line says there are none).
  const state = useMemberState(useGifts, 'gifts', 'gc-state', gifts.length > 0 || status === 'ready')
  if (status === 'blocked') return <MemberBlocked message={error ?? t('member.blocked')} />
  if (state) return state
  return (
    <View className='gc'>
      <View className='gc-head' {...ariaProps('region', { label: t('gifts.balance') })}>
        <View className='gc-head__balance'>
          <Text className='gc-head__label'>{t('gifts.balance')}</Text>
          <Text className='gc-head__value'>{formatPoints(balance ?? 0)}</Text>
        </View>
        <LinkRow className='gc-head__links' link='gc-head__link' links={CENTRE_LINKS} />
      </View>
      {gifts.length === 0 && (
        <View className='gc-state'>
          <Text>{t('gifts.empty')}</Text>
        </View>
      )}
      <View className='gc-list'>
        {gifts.map((g) => (
          <GiftItem key={g.id} gift={g} />
        ))}
      </View>
    </View>
  )
}

function GiftItem({ gift: g }: { gift: Gift }) {
  const t = useT()
  const normal = g.exchangeStatus === 'normal'
  return (
    <View className={`gc-gift gc-gift--${g.exchangeStatus}`} data-id={g.id} data-status={g.exchangeStatus}>
      <Picture className='gc-gift__image' src={productImageUrl(g.image, 150, API_BASE_URL)} alt={g.name} lazyLoad />
      <View className='gc-gift__body'>
        <Text className='gc-gift__name'>{g.name}</Text>
        <Text className='gc-gift__points'>{t('gifts.points', { points: formatPoints(g.points) })}</Text>
        <View className='gc-gift__facts'>
          <Text>{t('gifts.stock', { count: g.stock })}</Text>
          <Text>{g.limitQty === null ? t('gifts.noLimit') : t('gifts.limit', { count: g.limitQty })}</Text>
          {g.minQty > 1 && <Text>{t('gifts.min', { count: g.minQty })}</Text>}
          {g.redeemedThisPeriod > 0 && <Text>{t('gifts.redeemedThisMonth', { count: g.redeemedThisPeriod })}</Text>}
        </View>
        <View className='gc-gift__foot'>
          <Text className={`gc-gift__status gc-gift__status--${g.exchangeStatus}`}>
            {t(EXCHANGE_STATUS_KEY[g.exchangeStatus])}
          </Text>
          {normal ? (
            <Tappable
              className='gc-gift__action'
              to={{ route: 'giftRedeem', params: { id: g.id } }}
              label={t('gifts.redeemLabel', { name: g.name })}
            >
              {t('gifts.redeem')}
            </Tappable>
          ) : (
            <Tappable
              className='gc-gift__action gc-gift__action--off'
              disabled
              label={t('gifts.redeemLabel', { name: g.name })}
            >
              {t('gifts.redeem')}
            </Tappable>
          )}
        </View>
      </View>
    </View>
  )
}
