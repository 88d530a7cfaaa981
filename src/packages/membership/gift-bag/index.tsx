import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import type { PrizeOrder } from '../../../../types/membership'
import Tappable from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useGiftBag } from '../../../store/membership/draws'
import { useSession } from '../../../store/auth/session'
import { showToast } from '../../../store/toast'
import { formatTimestamp } from '../../../rules/format'
import { addressLine, shipToTitle } from '../../../rules/account/ship-to'
import { ariaProps } from '../../../platform/a11y'
import { MemberPage } from '../../../components/membership/member-gate'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * The gift bag (spec §2 names the screen): the prize orders of the member's lucky draws. A prize
 * order waits for a ship-to (status created) — spec §9 "A lucky-draw order address is due within 14
 * days, else the order expires." — the member picks one of their own active ship-tos (submitted).
 */
export default titledScreen(MemberPage, 'play.screen.giftBag', Bag)

function Bag() {
  const t = useT()
  const { items } = useGiftBag()
  const state = useMemberState(useGiftBag, 'play', 'gb-state', items.length > 0, {
    body: t('play.bag.empty'),
    action: { label: t('play.bag.toDraws'), to: { route: 'luckyDraw' } },
  })
  if (state) return state
  return (
    <View className='gb' {...ariaProps('list')}>
      {items.map((o) => (
        <Order key={o.id} order={o} />
      ))}
    </View>
  )
}

function Order({ order: o }: { order: PrizeOrder }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const [picking, setPicking] = useState(false)
  const saving = useGiftBag((s) => s.saving === o.id)
  const shipTos = useSession((s) => s.userInfo?.allShipToBillToAddresses ?? [])
    .map((x) => x.shipTo)
    .filter((s) => s.addressStatus === 'ACTIVE')
  const choose = async (addressKey: string) => {
    const err = await useGiftBag.getState().setAddress(o.id, addressKey)
    if (err) showToast(err)
    else {
      setPicking(false)
      showToast(t('play.bag.saved'))
    }
  }
  return (
    <View
      className={`gb-order gb-order--${o.status}`}
      data-order={o.orderNumber}
      data-status={o.status}
      {...ariaProps('listitem')}
    >
      <View className='gb-order__top'>
        <Text className='gb-order__prize'>{o.prizeName}</Text>
        <Text className={`gb-order__status gb-order__status--${o.status}`}>{t(`play.bag.status.${o.status}`)}</Text>
      </View>
      <Text className='gb-order__meta'>{t('play.bag.order', { number: o.orderNumber })}</Text>
      <Text className='gb-order__meta'>
        {t('play.bag.from', { activity: o.activityName, date: formatTimestamp(o.createdAt, country) })}
      </Text>
      {o.status === 'created' && (
        <Text className='gb-order__due'>{t('play.bag.due', { date: formatTimestamp(o.addressDueAt, country) })}</Text>
      )}
      {o.shipTo && <Text className='gb-order__meta'>{t('play.bag.shipTo', { label: o.shipTo.label })}</Text>}
      {o.status === 'created' && !picking && (
        <Tappable
          className='gb-order__action'
          onTap={() => setPicking(true)}
          label={`${t('play.bag.addAddress')}: ${o.prizeName}`}
        >
          {t('play.bag.addAddress')}
        </Tappable>
      )}
      {o.status === 'created' && picking && (
        <View
          className='gb-pick'
          {...ariaProps('group', { label: t('play.bag.chooseShipTo', { prize: o.prizeName }) })}
        >
          <Text className='gb-pick__title'>{t('play.bag.chooseShipTo', { prize: o.prizeName })}</Text>
          {!shipTos.length && <Text className='gb-order__meta'>{t('play.bag.noShipTo')}</Text>}
          {shipTos.map((s) => (
            <Tappable
              key={s.addressKey}
              className='gb-pick__option'
              onTap={() => choose(s.addressKey)}
              disabled={saving}
              data={{ key: s.addressKey }}
            >
              <Text className='gb-pick__name'>{shipToTitle(s) || s.addressKey}</Text>
              <Text className='gb-pick__label'>{addressLine(s)}</Text>
            </Tappable>
          ))}
          <Tappable className='gb-pick__cancel' onTap={() => setPicking(false)}>
            {t('play.bag.cancel')}
          </Tappable>
        </View>
      )}
    </View>
  )
}
