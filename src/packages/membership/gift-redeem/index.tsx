import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { MAX_REDEEM_QTY, redeemRefusal, type RedeemRefusal } from '../../../../types/membership/gifts'
import type { Gift, RedeemResult } from '../../../../types/membership/gifts-schemas'
import { PHONE_PATTERN } from '../../../../types/account/address-rules'
import FormField from '../../../components/form-field'
import { MemberPage, MemberBlocked } from '../../../components/membership/member-gate'
import Picture from '../../../components/picture'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import LinkRow, { type RowLink } from '../../../components/membership/link-row'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useGifts, EXCHANGE_STATUS_KEY } from '../../../store/membership/gifts'
import { showToast } from '../../../store/toast'
import { pageParam } from '../../../rules/page-params'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { addressLine, attentionOf, isActive, shipToTitle } from '../../../rules/account/ship-to'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import { REMARK_MAX } from '../../../../types/order/totals'
import { formatPoints } from '../../../rules/format'
import './index.scss'

/**
 * Redeeming a gift (spec §4 "Redemption: order number, status."; §8 "Redeem: gift missing, off
 * sale, out of stock, over limit, below minimum, insufficient points, black-listed user."). The
 * quantity is checked with the server's own rule (types/membership/gifts.ts redeemRefusal) before
 * sending; the server decides in one transaction and the answer (or its refusal) is shown. A retry
 * after a lost answer reuses the attempt's Idempotency-Key: a gift is never redeemed twice by it.
 */
export default titledScreen(MemberPage, 'redeem.title', Redeem)

const REFUSAL_KEY: Record<RedeemRefusal, MessageKey> = {
  off_sale: 'redeem.refusal.off_sale',
  draw_only: 'redeem.refusal.draw_only',
  below_minimum: 'redeem.refusal.below_minimum',
  out_of_stock: 'redeem.refusal.out_of_stock',
  over_limit: 'redeem.refusal.over_limit',
  insufficient_points: 'redeem.refusal.insufficient_points',
}

function Redeem() {
  const t = useT()
  const { params } = useRouter()
  const id = pageParam(params, 'id')
  const { gift, giftStatus, error } = useGifts()
  const [done, setDone] = useState<RedeemResult | null>(null)
  useEffect(() => {
    if (id) useGifts.getState().loadGift(id)
  }, [id])

  if (giftStatus === 'blocked') return <MemberBlocked message={error ?? t('member.blocked')} />
  if (done) return <Success result={done} />
  if (giftStatus === 'failed' || !id) {
    return (
      <StatePanel
        block='gr-state'
        error={error ?? t('gifts.msg.generic')}
        action={{ label: t('redeem.backToCentre'), to: { route: 'giftCentre' } }}
      />
    )
  }
  if (!gift || gift.id !== id) return <LoadingPanel className='gr-state' message={t('gifts.loading')} />
  return <Form gift={gift} onDone={setDone} />
}

function Form({ gift: g, onDone }: { gift: Gift; onDone: (r: RedeemResult) => void }) {
  const t = useT()
  const user = useSession((s) => s.userInfo)
  const balance = useGifts((s) => s.balance)
  const redeeming = useGifts((s) => s.redeeming)
  const shipTos = (user?.allShipToBillToAddresses ?? []).map((e) => e.shipTo).filter(isActive)
  const initial = shipTos.find((s) => s.isDefault) ?? shipTos[0]
  const [qty, setQty] = useState(g.minQty)
  const [addressKey, setAddressKey] = useState(initial?.addressKey ?? '')
  const [name, setName] = useState(
    () =>
      attentionOf(initial ?? { attentionTo: null }).name ||
      `${user?.userProfile.lastName ?? ''}${user?.userProfile.firstName ?? ''}`,
  )
  const [phone, setPhone] = useState(
    () => attentionOf(initial ?? { attentionTo: null }).phone || (user?.userProfile.contactInfo.phone ?? ''),
  )
  const [remark, setRemark] = useState('')
  const [message, setMessage] = useState<string | null>(null)

  // the balance the gift list knew, else what this gift's status says is enough
  const have = balance ?? 0
  const limitLeft = g.limitQty === null ? MAX_REDEEM_QTY : g.limitQty - g.redeemedThisPeriod
  const top = Math.max(g.minQty, Math.min(MAX_REDEEM_QTY, g.stock, limitLeft))
  const total = g.points * qty
  const refusalText = (r: RedeemRefusal) =>
    t(REFUSAL_KEY[r], {
      min: g.minQty,
      limit: g.limitQty ?? 0,
      count: g.redeemedThisPeriod,
      need: formatPoints(total),
      balance: formatPoints(have),
    })

  const submit = async () => {
    setMessage(null)
    const r = redeemRefusal(
      { onSale: true, drawOnly: g.drawOnly, stock: g.stock, minQty: g.minQty, limitQty: g.limitQty, points: g.points },
      { balance: balance ?? Number.MAX_SAFE_INTEGER, redeemedInPeriod: g.redeemedThisPeriod },
      qty,
    )
    if (r) {
      setMessage(refusalText(r))
      return
    }
    if (!name.trim() || !PHONE_PATTERN.test(phone.trim())) {
      setMessage(t('redeem.contactInvalid'))
      return
    }
    const out = await useGifts
      .getState()
      .redeem({ giftId: g.id, quantity: qty, addressKey, contact: { name: name.trim(), phone: phone.trim() }, remark })
    if (out.ok) onDone(out.result)
    else if (out.reason !== 'BUSY') {
      setMessage(out.message)
      showToast(out.message)
    }
  }

  return (
    <View className='gr'>
      <View className='gr-gift' data-id={g.id}>
        <Picture className='gr-gift__image' src={productImageUrl(g.image, 150, API_BASE_URL)} alt={g.name} />
        <View className='gr-gift__body'>
          <Text className='gr-gift__name' {...ariaProps('heading', { level: '2' })}>
            {g.name}
          </Text>
          <Text className='gr-gift__points'>{t('gifts.points', { points: formatPoints(g.points) })}</Text>
          <Text className='gr-gift__desc'>{g.description}</Text>
          <View className='gr-gift__facts'>
            <Text>{t('gifts.stock', { count: g.stock })}</Text>
            <Text>{g.limitQty === null ? t('gifts.noLimit') : t('gifts.limit', { count: g.limitQty })}</Text>
            {g.minQty > 1 && <Text>{t('gifts.min', { count: g.minQty })}</Text>}
            {g.redeemedThisPeriod > 0 && <Text>{t('gifts.redeemedThisMonth', { count: g.redeemedThisPeriod })}</Text>}
          </View>
          <Text className={`gr-gift__status gr-gift__status--${g.exchangeStatus}`}>
            {t(EXCHANGE_STATUS_KEY[g.exchangeStatus])}
          </Text>
        </View>
      </View>

      <View className='gr-section gr-qty'>
        <Text className='gr-section__title'>{t('redeem.quantity')}</Text>
        <View className='gr-qty__stepper' {...ariaProps('group', { label: t('redeem.quantity') })}>
          <View
            className='gr-qty__btn gr-qty__minus'
            {...tapProps(() => setQty(Math.max(g.minQty, qty - 1)), {
              label: t('redeem.minus'),
              disabled: qty <= g.minQty,
            })}
          >
            −
          </View>
          <Text className='gr-qty__value' {...ariaProps('status')}>
            {qty}
          </Text>
          <View
            className='gr-qty__btn gr-qty__plus'
            {...tapProps(() => setQty(Math.min(top, qty + 1)), { label: t('redeem.plus'), disabled: qty >= top })}
          >
            +
          </View>
        </View>
      </View>

      <View className='gr-section gr-address' {...ariaProps('radiogroup', { label: t('redeem.shipTo') })}>
        <Text className='gr-section__title'>{t('redeem.shipTo')}</Text>
        {shipTos.length === 0 && <Text className='gr-address__none'>{t('redeem.noAddress')}</Text>}
        {shipTos.map((s) => (
          <View
            key={s.addressKey}
            className={`gr-address__item${s.addressKey === addressKey ? ' gr-address__item--on' : ''}`}
            {...tapProps(
              () => {
                setAddressKey(s.addressKey)
                const a = attentionOf(s)
                if (a.name) setName(a.name)
                if (a.phone) setPhone(a.phone)
              },
              { role: 'radio', selected: s.addressKey === addressKey },
            )}
          >
            <Text className='gr-address__name'>{shipToTitle(s)}</Text>
            <Text className='gr-address__line'>{addressLine(s)}</Text>
          </View>
        ))}
      </View>

      <View className='gr-section'>
        {[
          { name: 'name', label: t('redeem.contactName'), value: name, maxlength: 60, onInput: setName },
          { name: 'phone', label: t('redeem.contactPhone'), value: phone, maxlength: 30, onInput: setPhone },
        ].map((f) => (
          <FormField key={f.name} block='gr-field' inputClassName={`gr-input--${f.name}`} {...f} />
        ))}
        <FormField
          block='gr-field'
          name='remark'
          label={t('redeem.remark')}
          multiline
          value={remark}
          maxlength={REMARK_MAX}
          placeholder={t('redeem.remarkPlaceholder')}
          onInput={setRemark}
        />
      </View>

      {message && (
        <View className='gr-message' {...ariaProps('alert')}>
          <Text>{message}</Text>
        </View>
      )}

      <View className='gr-bar'>
        <View className='gr-bar__sum'>
          <Text className='gr-bar__total'>{t('redeem.total', { points: formatPoints(total) })}</Text>
          {balance !== null && (
            <Text className='gr-bar__after'>{t('redeem.after', { points: formatPoints(balance - total) })}</Text>
          )}
        </View>
        <View
          className='gr-bar__submit'
          {...tapProps(submit, { disabled: redeeming || !addressKey || g.exchangeStatus !== 'normal' })}
        >
          {redeeming ? t('redeem.submitting') : t('redeem.submit')}
        </View>
      </View>
    </View>
  )
}

// after a redemption: its record, or back to the centre
const DONE_LINKS: RowLink[] = [
  { mod: 'record', route: 'redemptionRecord', label: 'redeem.toRecord' },
  { mod: 'centre', route: 'giftCentre', label: 'redeem.backToCentre' },
]

function Success({ result }: { result: RedeemResult }) {
  const t = useT()
  const r = result.redemption
  return (
    <View className='gr-done' {...ariaProps('status')}>
      <Text className='gr-done__title'>{t('redeem.successTitle')}</Text>
      <Text className='gr-done__body'>
        {t('redeem.successBody', {
          number: r.redemptionNumber,
          points: formatPoints(r.points),
          balance: formatPoints(result.balance),
        })}
      </Text>
      <LinkRow className='gr-done__links' link='gr-done__link' links={DONE_LINKS} />
    </View>
  )
}
