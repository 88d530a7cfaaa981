import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text, Input } from '@tarojs/components'
import type { PricedLine } from '../../../../types'
import { PO_NUMBER_MAX, REMARK_MAX, ADDITIONAL_EMAILS_MAX } from '../../../../types/order/totals'
import DetailPage from '../../../components/detail-page'
import AddressCard from '../../../components/account/address-card'
import PriceDetails from '../../../components/order/price-details'
import BottomSheet from '../../../components/bottom-sheet'
import FullScreenLoader from '../../../components/full-screen-loader'
import FormField from '../../../components/form-field'
import Picture from '../../../components/picture'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { storedAddressKey } from '../../../store/account/addresses'
import { useCheckout, priceDetails } from '../../../store/order/checkout'
import { orderShipTo } from '../../../rules/account/ship-to'
import { formatMoney } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { pageParam } from '../../../rules/page-params'
import { navigation } from '../../../platform/navigation'
import { fieldLabelProps, ariaProps } from '../../../platform/a11y'
import './index.scss'

/**
 * /submit-order (spec section 2 "Submit-order page: product lines, price details, an info drawer"):
 * the cart (or an S-quote, ?staticQuoteId) priced by the server, the delivery address, PO number,
 * remark, additional emails, the terms, and placement. The checkout store owns every transition.
 */
export default titledScreen(DetailPage, 'screen.submitOrder', Checkout)

function Checkout() {
  const t = useT()
  const { params } = useRouter()
  const staticQuoteId = pageParam(params, 'staticQuoteId') || null
  const addressParam = pageParam(params, 'addressKey') || null
  const userInfo = useSession((s) => s.userInfo)
  const c = useCheckout()
  const [info, setInfo] = useState(false)

  useEffect(() => {
    if (userInfo) useCheckout.getState().init({ staticQuoteId, addressKey: addressParam })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- again for another user, not for every new userInfo object of the same user
  }, [userInfo?.userProfile.userId, staticQuoteId, addressParam])
  // back from the address chooser (it keeps the choice as storedAddressKey): price for that address
  useDidShow(() => {
    const s = useCheckout.getState()
    const chosen = orderShipTo(useSession.getState().userInfo, storedAddressKey())
    if (s.status === 'ready' && chosen && chosen.shipTo.addressKey !== s.addressKey) {
      s.setAddress(chosen.shipTo.addressKey)
      s.reprice()
    }
  })

  if (!userInfo) return null

  if (c.registrationIncomplete) {
    return (
      <StatePanel
        block='so-state'
        className='so-lite'
        title={t('order.lite.title')}
        body={t('order.lite.body')}
        action={{
          label: t('acct.my.completeRegistration'),
          onTap: () => navigation.go('shipToAddress', { new: '1', back: 'submitOrder' }),
        }}
      />
    )
  }
  if (c.status === 'failed') {
    return (
      <StatePanel
        block='so-state'
        body={c.loadError}
        action={{ label: t('order.retry'), onTap: () => useCheckout.getState().reprice() }}
      />
    )
  }
  if (!c.priced || c.status === 'idle' || (c.status === 'loading' && !c.priced)) {
    return <LoadingPanel className='so-state' message={t('order.loading')} />
  }
  const priced = c.priced
  if (!priced.itemList.length) {
    return (
      <StatePanel
        block='so-state'
        className='so-empty'
        body={t('order.empty')}
        action={{ label: t('order.continueShopping'), onTap: () => navigation.go('home') }}
      />
    )
  }
  const address = orderShipTo(userInfo, c.addressKey)
  const currency = priced.summary.currency
  const chooseAddress = () => navigation.go('deliveryAddress', { addressKey: c.addressKey })
  const submitting = c.status === 'submitting'

  return (
    <View className='so'>
      <View className='so-section so-address'>
        <View className='so-section__head'>
          <Text className='so-section__title'>{t('order.address.title')}</Text>
          <View className='so-link' {...tapProps(chooseAddress)}>
            {t(address ? 'order.address.change' : 'order.address.choose')}
          </View>
        </View>
        {address ? (
          <AddressCard shipTo={address.shipTo} onClick={chooseAddress} />
        ) : (
          <Text className='so-error'>{t('order.error.address')}</Text>
        )}
      </View>

      <View className='so-section so-lines'>
        <Text className='so-section__title'>{t('order.lines.title', { count: priced.itemList.length })}</Text>
        <View className='so-mode' data-mode={priced.deliveryMode}>
          <Text className='so-mode__label'>{t('cart.deliveryMode')}</Text>
          <Text className='so-mode__value'>{t(`cart.deliveryMode.${priced.deliveryMode}`)}</Text>
        </View>
        {priced.itemList.map((l) => (
          <Line key={`${l.lineNumber}-${l.sku}`} line={l} currency={currency} />
        ))}
        {priced.blockedLines.map((b) => (
          <Text key={b.catalogNumber} className='so-error so-blocked'>
            {t('order.blockedLine', { catalogNumber: b.catalogNumber, reason: b.reason })}
          </Text>
        ))}
      </View>

      <PriceDetails summary={priced.summary} onInfo={() => setInfo(true)} />

      <View className='so-section so-fields'>
        <FormField
          block='so-field'
          name='po'
          label={t('order.po')}
          inputClassName='so-input--po'
          value={c.form.poNumber}
          maxlength={PO_NUMBER_MAX + 10}
          placeholder={t('order.poPlaceholder')}
          error={c.errors.poNumber && t(c.errors.poNumber, { max: PO_NUMBER_MAX })}
          onInput={(v) => c.setField('poNumber', v)}
        />
        <FormField
          block='so-field'
          name='remark'
          label={t('order.remark')}
          multiline
          value={c.form.remark}
          maxlength={REMARK_MAX + 10}
          placeholder={t('order.remarkPlaceholder')}
          error={c.errors.remark && t(c.errors.remark, { max: REMARK_MAX })}
          onInput={(v) => c.setField('remark', v)}
        />
        <FormField
          block='so-field'
          name='emails'
          label={t('order.emails', { max: ADDITIONAL_EMAILS_MAX })}
          error={c.errors.emails && t(c.errors.emails, { max: ADDITIONAL_EMAILS_MAX })}
        >
          {c.form.emails.map((e, i) => (
            <View key={i} className='so-email'>
              <Input
                className='so-field__input so-input--email'
                type='text'
                value={e}
                placeholder={t('order.emailPlaceholder')}
                {...fieldLabelProps(`${t('order.emailLabel')} ${i + 1}`)}
                onInput={(ev) => c.setEmail(i, ev.detail.value)}
              />
              {(c.form.emails.length > 1 || e) && (
                <View
                  className='so-email__remove'
                  {...tapProps(() => c.removeEmail(i), { label: t('order.emailRemove') })}
                >
                  ×
                </View>
              )}
            </View>
          ))}
          {c.form.emails.length < ADDITIONAL_EMAILS_MAX && (
            <View className='so-link so-email__add' {...tapProps(() => c.addEmail())}>
              {t('order.emailAdd')}
            </View>
          )}
        </FormField>
        <View className={`so-terms${c.errors.terms ? ' so-terms--invalid' : ''}`}>
          <View
            className='so-terms__row'
            {...tapProps(() => c.setTerms(!c.form.terms), {
              role: 'checkbox',
              selected: c.form.terms,
              label: t('order.terms'),
            })}
          >
            <View className={`so-terms__box${c.form.terms ? ' so-terms__box--on' : ''}`}>
              {c.form.terms ? '✓' : ''}
            </View>
            <Text className='so-terms__text'>{t('order.terms')}</Text>
          </View>
          <Text className='so-terms__notice'>{t('order.notClinical')}</Text>
          {c.errors.terms && (
            <Text className='so-error' {...ariaProps('alert')}>
              {t(c.errors.terms)}
            </Text>
          )}
        </View>
      </View>

      <View className='so-bar'>
        <View className='so-bar__total'>
          <Text className='so-bar__label'>{t('order.price.total')}</Text>
          <Text className='so-bar__value'>{formatMoney(priceDetails(priced.summary).total, currency)}</Text>
        </View>
        <View
          className='so-bar__submit'
          {...tapProps(
            () => {
              c.submit()
            },
            { disabled: submitting || c.status !== 'ready' },
          )}
        >
          {t('order.submit')}
        </View>
      </View>

      {info && (
        <BottomSheet title={t('order.info.title')} onClose={() => setInfo(false)}>
          <Text className='so-info__p'>{t('order.info.prices')}</Text>
          <Text className='so-info__p'>{t('order.info.taxes')}</Text>
          <Text className='so-info__p'>{t('order.info.channels')}</Text>
        </BottomSheet>
      )}
      {submitting && <FullScreenLoader message={t('order.placing')} />}
    </View>
  )
}

function Line({ line, currency }: { line: PricedLine; currency: string }) {
  const t = useT()
  const money = (n: number | null) => (n === null ? t('order.noPrice') : formatMoney(n, currency))
  const discounted = line.unitPrice !== null && line.finalPrice !== null && line.finalPrice < line.unitPrice
  return (
    <View className='so-line' data-sku={line.sku}>
      <Picture
        className='so-line__thumb'
        src={productImageUrl(line.image, 150, API_BASE_URL)}
        alt={line.productTitle}
      />
      <View className='so-line__text'>
        <View className='so-line__top'>
          <Text className={`so-line__channel so-line__channel--${line.deliveryChannel}`}>
            {t(line.deliveryChannel === 'SC' ? 'cart.channel.SC' : 'cart.channel.TFS')}
          </Text>
          <Text className='so-line__title'>{line.productTitle}</Text>
        </View>
        <Text className='so-line__meta'>{t('order.catNo', { catalogNumber: line.catalogNumber })}</Text>
        {line.size && <Text className='so-line__meta'>{t('order.size', { size: line.size })}</Text>}
        <View className='so-line__prices'>
          <Text className='so-line__qty'>{t('order.qty', { quantity: line.quantity })}</Text>
          {discounted && <Text className='so-line__unit'>{money(line.unitPrice)}</Text>}
          <Text className='so-line__final'>{money(line.finalPrice ?? line.unitPrice)}</Text>
        </View>
        {line.availableQuantity < line.quantity && (
          <Text className='so-line__backorder'>
            {t('order.backorder', { count: line.quantity - Math.max(0, line.availableQuantity) })}
          </Text>
        )}
        {line.freeGoodItem && (
          <Text className='so-line__meta'>{t('order.freeGood', { name: line.freeGoodItem.productName })}</Text>
        )}
      </View>
    </View>
  )
}
