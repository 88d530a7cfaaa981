import { useEffect, useState } from 'react'
import { View, Text, Input } from '@tarojs/components'
import { useT, useLocale } from '../../../store/locale'
import { useCart } from '../../../store/cart/cart'
import { formatTimestamp } from '../../../rules/format'
import { tapProps } from '../../tappable'
import Dialog from '../../dialog'
import { ariaProps, fieldLabelProps, hiddenProps } from '../../../platform/a11y'
import type { AppliedCoupon } from '../../../../types/cart'
import './index.scss'

const NO_COUPONS: AppliedCoupon[] = []

/**
 * The coupon sheet (spec section 2, Cart: "a coupon sheet"): a bottom sheet with a code field, the
 * codes in the cart with their verdict, and the offers of GET /cart/coupon/list. Every refusal is
 * shown with its section 8 message (store: couponErrorMessage). A modal Dialog: focus kept inside,
 * Escape closes, focus back to the opener.
 */
export default function CouponSheet({
  open,
  onClose,
  blocked,
}: {
  open: boolean
  onClose: () => void
  blocked: string | null
}) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const coupons = useCart((s) => s.cart?.coupons) ?? NO_COUPONS
  const offers = useCart((s) => s.offers)
  const offersStatus = useCart((s) => s.offersStatus)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [verdict, setVerdict] = useState<{ ok: boolean; message: string } | null>(null)

  useEffect(() => {
    if (open && !blocked)
      useCart
        .getState()
        .loadOffers()
        .catch(() => undefined)
    if (open) setVerdict(null)
  }, [open, blocked])

  if (!open) return null

  const run = async (fn: () => Promise<{ ok: boolean; message: string | null }>) => {
    if (busy) return
    setBusy(true)
    try {
      const r = await fn()
      setVerdict(r.message ? { ok: r.ok, message: r.message } : null)
      return r
    } finally {
      setBusy(false)
    }
  }
  const apply = async (c: string) => {
    const value = c.trim()
    if (!value) {
      setVerdict({ ok: false, message: t('cart.coupon.required') })
      return
    }
    const r = await run(() => useCart.getState().applyCoupon(value))
    if (r?.ok) setCode('')
  }
  const remove = (c: string) => run(() => useCart.getState().removeCoupon(c))

  return (
    <Dialog
      className='coupon-sheet'
      maskClassName='coupon-sheet__mask'
      label={t('cart.coupon.title')}
      onClose={onClose}
    >
      <View className='coupon-sheet__panel'>
        <View className='coupon-sheet__head'>
          <Text className='coupon-sheet__title'>{t('cart.coupon.title')}</Text>
          <View className='coupon-sheet__close' {...tapProps(onClose, { label: t('cart.coupon.close') })}>
            <Text {...hiddenProps()}>×</Text>
          </View>
        </View>
        {blocked ? (
          <Text className='coupon-sheet__blocked' {...ariaProps('alert')}>
            {blocked}
          </Text>
        ) : (
          <>
            <View className='coupon-sheet__form'>
              <Input
                className='coupon-sheet__input'
                value={code}
                maxlength={40}
                placeholder={t('cart.coupon.input')}
                onInput={(e) => setCode(e.detail.value)}
                onConfirm={() => apply(code)}
                {...fieldLabelProps(t('cart.coupon.input'))}
              />
              <View
                className={`coupon-sheet__apply${busy ? ' coupon-sheet__apply--busy' : ''}`}
                {...tapProps(() => apply(code), { disabled: busy })}
              >
                {t('cart.coupon.apply')}
              </View>
            </View>
            {verdict && (
              <Text
                className={`coupon-sheet__verdict coupon-sheet__verdict--${verdict.ok ? 'ok' : 'error'}`}
                {...ariaProps('alert')}
              >
                {verdict.message}
              </Text>
            )}
            {coupons.length > 0 && (
              <View className='coupon-sheet__applied'>
                {coupons.map((c) => (
                  <View key={c.code} className='coupon-sheet__code' data-code={c.code}>
                    <View className='coupon-sheet__code-body'>
                      <Text className='coupon-sheet__code-name'>{c.code}</Text>
                      <Text className={`coupon-sheet__tag${c.valid ? '' : ' coupon-sheet__tag--invalid'}`}>
                        {c.valid ? t('cart.coupon.appliedTag') : t('cart.coupon.invalidTag')}
                      </Text>
                      {c.description && <Text className='coupon-sheet__desc'>{c.description}</Text>}
                    </View>
                    <View
                      className='coupon-sheet__remove'
                      {...tapProps(() => remove(c.code), {
                        disabled: busy,
                        label: `${t('cart.coupon.remove')} ${c.code}`,
                      })}
                    >
                      {t('cart.coupon.remove')}
                    </View>
                  </View>
                ))}
              </View>
            )}
            <Text className='coupon-sheet__section'>{t('cart.coupon.offers')}</Text>
            <View className='coupon-sheet__offers'>
              {offersStatus === 'ready' && offers.length === 0 && (
                <Text className='coupon-sheet__empty'>{t('cart.coupon.noOffers')}</Text>
              )}
              {offers.map((o) => (
                <View key={o.code} className='coupon-sheet__offer' data-code={o.code}>
                  <View className='coupon-sheet__offer-type' {...hiddenProps()}>
                    {o.type}
                  </View>
                  <View className='coupon-sheet__code-body'>
                    <Text className='coupon-sheet__code-name'>{o.code}</Text>
                    <Text className='coupon-sheet__desc'>{o.description}</Text>
                    <Text className='coupon-sheet__meta'>
                      {t('cart.coupon.validTo', { date: formatTimestamp(o.validTo, country, 'YYYY-MM-DD') })} ·{' '}
                      {o.skuCount > 0 ? t('cart.coupon.skus', { count: o.skuCount }) : t('cart.coupon.allSkus')}
                    </Text>
                  </View>
                  {o.applied ? (
                    <Text className='coupon-sheet__tag'>{t('cart.coupon.appliedTag')}</Text>
                  ) : (
                    <View
                      className='coupon-sheet__use'
                      {...tapProps(() => apply(o.code), {
                        disabled: busy,
                        label: `${t('cart.coupon.apply')} ${o.code}`,
                      })}
                    >
                      {t('cart.coupon.apply')}
                    </View>
                  )}
                </View>
              ))}
            </View>
          </>
        )}
      </View>
    </Dialog>
  )
}
