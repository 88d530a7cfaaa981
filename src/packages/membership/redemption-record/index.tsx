import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import type { RedemptionStatus } from '../../../../types/membership/redemption'
import type { RedemptionSummary } from '../../../../types/membership/gifts-schemas'
import { MemberPage, MemberBlocked } from '../../../components/membership/member-gate'
import Picture from '../../../components/picture'
import Tappable, { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT, useLocale } from '../../../store/locale'
import { useGifts } from '../../../store/membership/gifts'
import { formatTimestamp, formatPoints } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import './index.scss'

/**
 * The redemption record (spec §2: "The gift centre also has redemption record and redemption
 * feedback entries; both need login."): the member's redemptions, newest first, with status (spec §4
 * "Redemption: created, submitted, shipped, cancelled, partial_shipped, pending_shipped, expired"),
 * gift, points and date; Details opens the redemption (lines, ship-to, contact) in place.
 */
export default titledScreen(MemberPage, 'record.title', Record)

const STATUS_KEY: Record<RedemptionStatus, MessageKey> = {
  created: 'record.status.created',
  submitted: 'record.status.submitted',
  shipped: 'record.status.shipped',
  cancelled: 'record.status.cancelled',
  partial_shipped: 'record.status.partial_shipped',
  pending_shipped: 'record.status.pending_shipped',
  expired: 'record.status.expired',
}

function Record() {
  const t = useT()
  const { records, recordsTotal, recordsStatus, error } = useGifts()
  const [open, setOpen] = useState<string | null>(null)
  useEffect(() => {
    useGifts.getState().loadRecords()
  }, [])
  useDidShow(() => {
    if (useGifts.getState().recordsStatus === 'ready') useGifts.getState().loadRecords()
  })

  if (recordsStatus === 'blocked') return <MemberBlocked message={error ?? t('member.blocked')} />
  if (recordsStatus === 'failed' && !records.length) {
    return (
      <StatePanel
        block='rr-state'
        error={error}
        action={{ label: t('gifts.retry'), onTap: () => useGifts.getState().loadRecords() }}
      />
    )
  }
  if (recordsStatus !== 'ready' && !records.length)
    return <LoadingPanel className='rr-state' message={t('gifts.loading')} />
  return (
    <View className='rr'>
      {records.length === 0 && (
        <View className='rr-state'>
          <Text>{t('record.empty')}</Text>
        </View>
      )}
      {records.map((r) => (
        <Item
          key={r.redemptionNumber}
          r={r}
          open={open === r.redemptionNumber}
          onToggle={() => {
            const next = open === r.redemptionNumber ? null : r.redemptionNumber
            setOpen(next)
            if (next) useGifts.getState().loadDetail(next)
          }}
        />
      ))}
      {records.length < recordsTotal && (
        <View className='rr-more' {...tapProps(() => useGifts.getState().loadRecords(true))}>
          {t('gifts.loadMore')}
        </View>
      )}
    </View>
  )
}

function Item({ r, open, onToggle }: { r: RedemptionSummary; open: boolean; onToggle: () => void }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const detail = useGifts((s) => (s.detail?.redemptionNumber === r.redemptionNumber ? s.detail : null))
  return (
    <View className={`rr-item rr-item--${r.status}`} data-number={r.redemptionNumber} data-status={r.status}>
      <View className='rr-item__head'>
        <Text className='rr-item__number'>{r.redemptionNumber}</Text>
        <Text className={`rr-item__status rr-item__status--${r.status}`}>{t(STATUS_KEY[r.status])}</Text>
      </View>
      <View className='rr-item__row'>
        <Picture
          className='rr-item__image'
          src={productImageUrl(r.image, 150, API_BASE_URL)}
          alt={r.giftName}
          lazyLoad
        />
        <View className='rr-item__body'>
          <Text className='rr-item__gift'>{r.giftName}</Text>
          <Text className='rr-item__meta'>
            {t('record.quantity', { count: r.quantity })} · {t('gifts.points', { points: formatPoints(r.points) })}
          </Text>
          <Text className='rr-item__meta'>{t('record.date', { date: formatTimestamp(r.createdAt, country) })}</Text>
        </View>
      </View>
      <View className='rr-item__actions'>
        <View
          className='rr-item__toggle'
          {...tapProps(onToggle, {
            selected: open,
            label: `${open ? t('record.hide') : t('record.details')} ${r.redemptionNumber}`,
          })}
        >
          {open ? t('record.hide') : t('record.details')}
        </View>
        <Tappable
          className='rr-item__feedback'
          to={{ route: 'redemptionFeedback', params: { number: r.redemptionNumber } }}
        >
          {t('record.feedback')}
        </Tappable>
      </View>
      {open && (
        <View
          className='rr-detail'
          {...ariaProps('region', { label: t('record.detailsLabel', { number: r.redemptionNumber }) })}
        >
          {!detail ? (
            <AtActivityIndicator />
          ) : (
            <>
              {detail.lines.map((l) => (
                <Text key={l.giftId} className='rr-detail__line'>
                  {l.name} × {l.quantity} = {t('gifts.points', { points: formatPoints(l.points) })}
                </Text>
              ))}
              <Text className='rr-detail__label'>{t('record.shipTo')}</Text>
              <Text className='rr-detail__value'>
                {[detail.shipTo.company, detail.shipTo.address].filter(Boolean).join(' · ')}
              </Text>
              <Text className='rr-detail__label'>{t('record.contact')}</Text>
              <Text className='rr-detail__value'>
                {detail.contact.name} {detail.contact.phone}
              </Text>
              {detail.remark && (
                <>
                  <Text className='rr-detail__label'>{t('record.remark')}</Text>
                  <Text className='rr-detail__value'>{detail.remark}</Text>
                </>
              )}
              <Text className='rr-detail__meta'>
                {t('record.updated', { date: formatTimestamp(detail.updatedAt, country) })}
              </Text>
            </>
          )}
        </View>
      )}
    </View>
  )
}
