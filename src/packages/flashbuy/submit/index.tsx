import '../../../store/flashbuy/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text, Input } from '@tarojs/components'
import { CATALOGUE_LABEL, flashQuantityMax } from '../../../../types/flashbuy/rules'
import type { FlashBuyDetail } from '../../../../types/flashbuy/schemas'
import { PO_NUMBER_MAX, REMARK_MAX } from '../../../../types/order/totals'
import { QTY_CHECK_DELAY_MS, QTY_TOOLTIP_MS } from '../../../../types/cart/quantity'
import { titledScreen, HeaderPage } from '../../../components/page-shell/titled-screen'
import AddressCard from '../../../components/account/address-card'
import BottomSheet from '../../../components/bottom-sheet'
import ConfirmDialog from '../../../components/confirm-dialog'
import FullScreenLoader from '../../../components/full-screen-loader'
import FormField from '../../../components/form-field'
import LoginButtons from '../../../components/auth/login-buttons'
import LoginGate from '../../../components/auth/login-gate'
import Picture from '../../../components/picture'
import PriceDetails from '../../../components/order/price-details'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { needsRegistration } from '../../../store/order/attempt'
import {
  useFlashBuy,
  flashBillTo,
  flashLoggedIn,
  quantityOf,
  type FlashTextField,
} from '../../../store/flashbuy/submit'
import { priceDetails } from '../../../store/order/checkout'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { addressLine, billToTitle, isActive, orderShipTo, shipToTitle } from '../../../rules/account/ship-to'
import { pageParam } from '../../../rules/page-params'
import { CATALOGUE_KEY } from '../../../rules/flashbuy/catalogue-key'
import { navigation } from '../../../platform/navigation'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import { saleTimeLine } from '../../../rules/flashbuy/flash-sale-time'
import './index.scss'

/**
 * /flashbuy/submit?id={id}&qty={qty} (spec section 2 "Flash-buy submit screen"): the delivery
 * address with its More/collapse toggle over the editable address and contact section, the product
 * card, the quantity selector, PO number and remark, the not-yet-generated reminder, the terms, the
 * total and Submit order (Complete registration for partially registered users), and the
 * price-changed dialog. The flash-buy store owns every transition; a visitor can see the sale, and
 * Submit asks them to log in (check 1).
 */
export default titledScreen(HeaderPage, 'screen.flashbuySubmit', FlashSubmit)

const STATUS_MESSAGE: Partial<Record<FlashBuyDetail['flashBuyStatus'], MessageKey>> = {
  COMING_SOON: 'flashbuy.msg.comingSoon',
  OVER: 'flashbuy.msg.expired',
  SOLD_OUT: 'flashbuy.msg.soldOut',
}

function FlashSubmit() {
  const t = useT()
  const { params } = useRouter()
  const id = pageParam(params, 'id')
  const qty = pageParam(params, 'qty') || null
  const addressParam = pageParam(params, 'addressKey') || null
  const sessionStatus = useSession((s) => s.status)
  const userInfo = useSession((s) => s.userInfo)
  const userId = userInfo?.userProfile.userId ?? null
  const fb = useFlashBuy()
  const [expanded, setExpanded] = useState(false)
  const [termsOpen, setTermsOpen] = useState(false)

  // the detail once the session is known (the cap depends on being logged in); again for another user
  useEffect(() => {
    if (id && sessionStatus === 'USER_FETCHED') useFlashBuy.getState().init({ id, qty, addressKey: addressParam })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's quantity parameter seeds the attempt once; later changes are the stepper's
  }, [id, sessionStatus, userId, addressParam])
  // back from the address pages: the same attempt (what was typed stays), the address chosen there, the sale as it is now
  useDidShow(() => {
    const s = useFlashBuy.getState()
    if (id && s.id === id && s.status === 'ready') s.init({ id, qty, addressKey: addressParam })
  })
  // a contact or email refused (checks 7 and 8): open the section that holds them
  useEffect(() => {
    if (fb.lastFailure && (fb.lastFailure.check === 7 || fb.lastFailure.check === 8)) setExpanded(true)
  }, [fb.lastFailure])

  if (!id) {
    // a login-only route (spec section 6: orders need a login): a visitor is asked to log in first
    return (
      <LoginGate>
        <StatePanel
          block='fb-state'
          body={t('flashbuy.missingId')}
          action={{ label: t('flashbuy.toList'), onTap: () => navigation.go('flashSale') }}
        />
      </LoginGate>
    )
  }
  if (fb.status === 'failed') {
    return (
      <StatePanel
        block='fb-state'
        body={fb.loadError}
        action={{
          label: t('flashbuy.retry'),
          onTap: () => useFlashBuy.getState().init({ id, qty, addressKey: addressParam }),
        }}
      >
        <View className='fb-link' {...tapProps(() => navigation.go('flashSale'))}>
          {t('flashbuy.toList')}
        </View>
      </StatePanel>
    )
  }
  const detail = fb.detail
  if (!detail || fb.id !== id || fb.status === 'idle' || fb.status === 'loading') {
    return <LoadingPanel className='fb-state' message={t('flashbuy.loading')} />
  }

  const loggedIn = !!userInfo
  const lite = needsRegistration(userInfo)
  // the server's figures for the quantity on screen (line, taxes, total: GET /flashbuy/quote), as the checkout shows them
  const quote =
    fb.quote && fb.quote.unitPrice !== null && fb.quote.quantity === quantityOf(fb.form.quantityText) ? fb.quote : null
  const total = quote ? priceDetails(quote.summary).total : null
  const busy = fb.status !== 'ready'
  const statusMessage = STATUS_MESSAGE[detail.flashBuyStatus]

  return (
    <View className='fb' data-status={detail.flashBuyStatus}>
      {statusMessage && (
        <Text className={`fb-status fb-status--${CATALOGUE_LABEL[detail.flashBuyStatus]}`} {...ariaProps('status')}>
          {t(statusMessage)}
        </Text>
      )}

      {/* a visitor sees the sale, and in place of the address the login prompt (orders need a login) */}
      <View className='fb-gate'>
        <LoginGate>
          <AddressSection expanded={expanded} onToggle={() => setExpanded(!expanded)} loggedIn={loggedIn} />
        </LoginGate>
      </View>

      <ProductCard detail={detail} />

      <QuantitySection detail={detail} />

      {quote && <PriceDetails summary={quote.summary} />}

      <View className='fb-section fb-fields'>
        <FormField
          block='fb-field'
          name='po'
          label={t('flashbuy.po')}
          counter={t('flashbuy.counter', { count: Array.from(fb.form.poNumber).length, max: PO_NUMBER_MAX })}
          inputClassName='fb-input--po'
          value={fb.form.poNumber}
          maxlength={PO_NUMBER_MAX}
          placeholder={t('flashbuy.poPlaceholder')}
          onInput={(v) => fb.setField('poNumber', v)}
        />
        <FormField
          block='fb-field'
          name='remark'
          label={t('flashbuy.remark')}
          counter={t('flashbuy.counter', { count: Array.from(fb.form.remark).length, max: REMARK_MAX })}
          multiline
          inputClassName='fb-textarea--remark'
          value={fb.form.remark}
          maxlength={REMARK_MAX}
          placeholder={t('flashbuy.remarkPlaceholder')}
          onInput={(v) => fb.setField('remark', v)}
        />
      </View>

      <Text className='fb-reminder' {...ariaProps('note')}>
        {t('flashbuy.reminder')}
      </Text>

      <View className='fb-section fb-terms'>
        <View className='fb-terms__line'>
          <View
            className='fb-terms__row'
            {...tapProps(() => fb.setTerms(!fb.form.terms), {
              role: 'checkbox',
              selected: fb.form.terms,
              label: t('flashbuy.terms.checkbox'),
            })}
          >
            <View className={`fb-terms__box${fb.form.terms ? ' fb-terms__box--on' : ''}`}>
              {fb.form.terms ? '✓' : ''}
            </View>
            <Text className='fb-terms__text'>{t('flashbuy.terms.agree')}</Text>
          </View>
          <View className='fb-terms__link' {...tapProps(() => setTermsOpen(true))}>
            {t('flashbuy.terms.link')}
          </View>
        </View>
        <Text className='fb-terms__notice'>{t('flashbuy.terms.notClinical')}</Text>
      </View>

      <View className='fb-bar'>
        <View className='fb-bar__total'>
          <Text className='fb-bar__label'>{t('flashbuy.total')}</Text>
          <Text className='fb-bar__value'>
            {total === null || !quote ? '—' : formatMoney(total, quote.summary.currency)}
          </Text>
        </View>
        <View
          className='fb-bar__submit'
          {...tapProps(
            () => {
              useFlashBuy.getState().submit()
            },
            { disabled: busy },
          )}
        >
          {t(loggedIn && lite ? 'flashbuy.completeRegistration' : 'flashbuy.submit')}
        </View>
      </View>

      <ConfirmDialog
        open={fb.status === 'confirmPrice' && !!fb.priceChange}
        className='fb-price-dialog'
        title={t('flashbuy.priceChanged.title')}
        noText={t('flashbuy.priceChanged.cancel')}
        yesText={t('flashbuy.priceChanged.confirm')}
        onNo={() => {
          useFlashBuy.getState().cancelPrice()
        }}
        onYes={() => {
          useFlashBuy.getState().confirmPrice()
        }}
      >
        {fb.priceChange && (
          <View className='fb-price-table' {...ariaProps('table', { label: t('flashbuy.priceChanged.title') })}>
            <View className='fb-price-table__row fb-price-table__row--head' {...ariaProps('row')}>
              <Text className='fb-price-table__cell' {...ariaProps('columnheader')}>
                {t('flashbuy.priceChanged.catNo')}
              </Text>
              <Text className='fb-price-table__cell' {...ariaProps('columnheader')}>
                {t('flashbuy.priceChanged.flashPrice')}
              </Text>
              <Text className='fb-price-table__cell' {...ariaProps('columnheader')}>
                {t('flashbuy.priceChanged.realtimePrice')}
              </Text>
            </View>
            <View className='fb-price-table__row' {...ariaProps('row')}>
              <Text className='fb-price-table__cell fb-price-table__cat' {...ariaProps('cell')}>
                {fb.priceChange.catalogNumber}
              </Text>
              <Text className='fb-price-table__cell fb-price-table__flash' {...ariaProps('cell')}>
                {fb.priceChange.flashPrice === null
                  ? '—'
                  : formatMoney(fb.priceChange.flashPrice, fb.priceChange.currency)}
              </Text>
              <Text className='fb-price-table__cell fb-price-table__now' {...ariaProps('cell')}>
                {formatMoney(fb.priceChange.realtimePrice, fb.priceChange.currency)}
              </Text>
            </View>
          </View>
        )}
      </ConfirmDialog>

      {fb.loginPrompt && !loggedIn && (
        <BottomSheet
          className='fb-login'
          title={t('flashbuy.loginSheet')}
          onClose={() => useFlashBuy.getState().dismissLogin()}
        >
          <View className='fb-login__buttons'>
            <LoginButtons />
          </View>
        </BottomSheet>
      )}
      {termsOpen && (
        <BottomSheet
          className='fb-terms-sheet'
          title={t('flashbuy.terms.sheetTitle')}
          onClose={() => setTermsOpen(false)}
        >
          <Text className='fb-terms-sheet__p'>{t('flashbuy.terms.p1')}</Text>
          <Text className='fb-terms-sheet__p'>{t('flashbuy.terms.p2')}</Text>
          <Text className='fb-terms-sheet__p'>{t('flashbuy.terms.p3')}</Text>
        </BottomSheet>
      )}
      {fb.status === 'placing' && <FullScreenLoader message={t('flashbuy.placing')} />}
    </View>
  )
}

/** The delivery address, and under More the editable address and contact section. */
function AddressSection({
  expanded,
  onToggle,
  loggedIn,
}: {
  expanded: boolean
  onToggle: () => void
  loggedIn: boolean
}) {
  const t = useT()
  const userInfo = useSession((s) => s.userInfo)
  const fb = useFlashBuy()
  const entry = orderShipTo(userInfo, fb.addressKey)
  const bill = flashBillTo(entry, fb.billToNumber)
  const active = (userInfo?.allShipToBillToAddresses ?? []).filter((e) => isActive(e.shipTo))
  const text = (field: FlashTextField, label: MessageKey, cls: string, placeholder: MessageKey, max: number) => (
    <FormField
      block='fb-field'
      name={field}
      label={t(label)}
      inputClassName={cls}
      value={fb.form[field]}
      maxlength={max}
      placeholder={t(placeholder)}
      onInput={(v) => fb.setField(field, v)}
    />
  )
  return (
    <View className='fb-section fb-address'>
      <View className='fb-section__head'>
        <Text className='fb-section__title'>{t('flashbuy.address.title')}</Text>
        {loggedIn && (
          <View className='fb-address__actions'>
            {entry && (
              <View
                className='fb-address__change'
                {...tapProps(() => navigation.go('deliveryAddress', { addressKey: entry.shipTo.addressKey }))}
              >
                {t('flashbuy.address.change')}
              </View>
            )}
            <View
              className='fb-address__toggle'
              {...tapProps(onToggle, {
                selected: expanded,
                label: t(expanded ? 'flashbuy.address.collapse' : 'flashbuy.address.more'),
              })}
            >
              {t(expanded ? 'flashbuy.address.collapse' : 'flashbuy.address.more')}
            </View>
          </View>
        )}
      </View>
      {loggedIn && !entry && (
        <View className='fb-address__none'>
          <Text>{t('flashbuy.address.none')}</Text>
          <View
            className='fb-link'
            {...tapProps(() => navigation.go('shipToAddress', { new: '1', back: 'flashbuySubmit' }))}
          >
            {t('flashbuy.address.add')}
          </View>
        </View>
      )}
      {entry && <AddressCard shipTo={entry.shipTo} />}
      {loggedIn && expanded && (
        <View className='fb-address__more'>
          {active.length > 1 && (
            <View className='fb-choices' {...ariaProps('radiogroup', { label: t('flashbuy.address.shipTo') })}>
              <Text className='fb-field__label'>{t('flashbuy.address.shipTo')}</Text>
              {active.map((e) => {
                const on = e.shipTo.addressKey === entry?.shipTo.addressKey
                return (
                  <View
                    key={e.shipTo.addressKey}
                    className={`fb-choice fb-choice--ship${on ? ' fb-choice--on' : ''}`}
                    data-address-key={e.shipTo.addressKey}
                    {...tapProps(() => fb.chooseAddress(e.shipTo.addressKey), { role: 'radio', selected: on })}
                  >
                    <Text className='fb-choice__title'>{shipToTitle(e.shipTo) || e.shipTo.addressKey}</Text>
                    <Text className='fb-choice__meta'>{addressLine(e.shipTo)}</Text>
                  </View>
                )
              })}
            </View>
          )}
          {entry && entry.billTos.length > 0 && (
            <View className='fb-choices' {...ariaProps('radiogroup', { label: t('flashbuy.address.billTo') })}>
              <Text className='fb-field__label'>{t('flashbuy.address.billTo')}</Text>
              {entry.billTos.map((b) => {
                const on = !!bill && b.addressKey === bill.addressKey
                return (
                  <View
                    key={b.addressKey}
                    className={`fb-choice fb-choice--bill${on ? ' fb-choice--on' : ''}`}
                    data-bill-to={b.accountNumber ?? ''}
                    {...tapProps(
                      () => {
                        if (b.accountNumber) fb.chooseBillTo(b.accountNumber)
                      },
                      { role: 'radio', selected: on, disabled: !b.accountNumber },
                    )}
                  >
                    <Text className='fb-choice__title'>
                      {billToTitle(b)}
                      {b.accountNumber ? ` · ${t('flashbuy.address.account', { number: b.accountNumber })}` : ''}
                    </Text>
                    <Text className='fb-choice__meta'>{addressLine(b)}</Text>
                  </View>
                )
              })}
            </View>
          )}
          <Text className='fb-address__subtitle'>{t('flashbuy.contact.title')}</Text>
          {text(
            'receiverName',
            'flashbuy.contact.receiver',
            'fb-input--receiver-name',
            'flashbuy.contact.namePlaceholder',
            60,
          )}
          {text(
            'receiverPhone',
            'flashbuy.contact.receiverPhone',
            'fb-input--receiver-phone',
            'flashbuy.contact.phonePlaceholder',
            30,
          )}
          {text(
            'invoiceName',
            'flashbuy.contact.invoiceReceiver',
            'fb-input--invoice-name',
            'flashbuy.contact.namePlaceholder',
            60,
          )}
          {text(
            'invoicePhone',
            'flashbuy.contact.invoicePhone',
            'fb-input--invoice-phone',
            'flashbuy.contact.phonePlaceholder',
            30,
          )}
          {bill && (
            <View className='fb-invoice'>
              <View className='fb-invoice__row'>
                <Text className='fb-invoice__label'>{t('flashbuy.invoice.title')}</Text>
                <Text className='fb-invoice__value'>{billToTitle(bill)}</Text>
              </View>
              <View className='fb-invoice__row'>
                <Text className='fb-invoice__label'>{t('flashbuy.invoice.address')}</Text>
                <Text className='fb-invoice__value'>{addressLine(bill)}</Text>
              </View>
            </View>
          )}
          {text('additionalEmail', 'flashbuy.email', 'fb-input--email', 'flashbuy.emailPlaceholder', 254)}
        </View>
      )}
      {loggedIn && !expanded && entry && (
        <Text className='fb-address__contacts'>
          {`${t('flashbuy.contact.receiver')}: ${[fb.form.receiverName, fb.form.receiverPhone].filter(Boolean).join(' ') || '—'} · ${t('flashbuy.contact.invoiceReceiver')}: ${[fb.form.invoiceName, fb.form.invoicePhone].filter(Boolean).join(' ') || '—'}`}
        </Text>
      )}
    </View>
  )
}

/** catalogue number, image, name, size, struck-through list price, flash price, supply-centre tag */
function ProductCard({ detail }: { detail: FlashBuyDetail }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const channel = useFlashBuy((s) => s.channel)
  const comingSoon = detail.flashBuyStatus === 'COMING_SOON' || detail.flashPrice === null
  const label = CATALOGUE_LABEL[detail.flashBuyStatus]
  const when = saleTimeLine(detail)
  return (
    <View className={`fb-section fb-product fb-product--${label}`} data-sku={detail.sku}>
      <Picture
        className='fb-product__image'
        src={productImageUrl(detail.skuImages[0] ?? null, 650, API_BASE_URL)}
        alt={detail.skuName}
      />
      <View className='fb-product__body'>
        <View className='fb-product__top'>
          <Text className={`fb-product__badge fb-product__badge--${label}`}>{t(CATALOGUE_KEY[label])}</Text>
          {channel === 'SC' && <Text className='fb-product__sc'>{t('flashbuy.product.scTag')}</Text>}
        </View>
        <Text className='fb-product__name'>{detail.skuName}</Text>
        <Text className='fb-product__meta fb-product__cat'>
          {t('flashbuy.product.catNo', { catalogNumber: detail.catalogNumber })}
        </Text>
        {detail.skuSize && (
          <Text className='fb-product__meta'>{t('flashbuy.product.size', { size: detail.skuSize })}</Text>
        )}
        <View className='fb-product__prices'>
          {comingSoon ? (
            <Text className='fb-product__display'>{detail.displayText || t('flashbuy.msg.comingSoon')}</Text>
          ) : (
            <Text className='fb-product__flash'>{formatMoney(detail.flashPrice as number, detail.currency)}</Text>
          )}
          {!comingSoon && detail.originalPrice !== null && (
            <Text className='fb-product__list'>{formatMoney(detail.originalPrice, detail.currency)}</Text>
          )}
        </View>
        {/* one start time: a coming sale's display text already says it (issue 22) */}
        {when && (
          <Text className='fb-product__meta fb-product__when'>
            {t(when.kind === 'starts' ? 'flashbuy.product.startsAt' : 'flashbuy.product.endsAt', {
              time: formatTimestamp(when.at, country),
            })}
          </Text>
        )}
      </View>
    </View>
  )
}

/**
 * The quantity selector: minus, the field, plus; the remaining inventory and the min/max hints.
 * Spec section 4: "Typed input is checked after a 1 second delay"; section 8: "Quantity errors show
 * a tooltip for 4 seconds" (the FLASHBUY_TIP_* messages). What was typed stays: Submit checks it (checks 4 and 5).
 */
function QuantitySection({ detail }: { detail: FlashBuyDetail }) {
  const t = useT()
  const fb = useFlashBuy()
  const [tip, setTip] = useState<string | null>(null)
  const checkTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const tipTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (checkTimer.current) clearTimeout(checkTimer.current)
      if (tipTimer.current) clearTimeout(tipTimer.current)
    },
    [],
  )
  const loggedIn = flashLoggedIn()
  const limits = {
    minOrderQty: detail.minOrderQty,
    maxOrderQty: detail.maxOrderQty,
    accountPurchaseLimitQty: detail.accountPurchaseLimitQty,
    remainQty: detail.remainQty,
    purchasedQty: detail.purchasedQty,
  }
  // what this account may still order (its purchases of this sale counted): the Maximum hint and the stepper's top
  const most = flashQuantityMax(limits, loggedIn)

  const check = () => {
    const r = useFlashBuy.getState().quantityTip()
    if (tipTimer.current) clearTimeout(tipTimer.current)
    if (!r) {
      setTip(null)
      return
    }
    setTip(t(r.key, r.params))
    tipTimer.current = setTimeout(() => {
      setTip(null)
      tipTimer.current = null
    }, QTY_TOOLTIP_MS)
  }
  const onInput = (e: { detail: { value: string } }) => {
    fb.setQuantityText(e.detail.value)
    if (checkTimer.current) clearTimeout(checkTimer.current)
    checkTimer.current = setTimeout(() => {
      checkTimer.current = null
      check()
    }, QTY_CHECK_DELAY_MS)
  }
  const step = (dir: 1 | -1) => {
    fb.stepQuantity(dir)
    check()
  }
  const n = quantityOf(fb.form.quantityText)
  const numeric = Number.isFinite(n)
  const top = Math.max(1, Math.min(most, detail.remainQty))
  const minusOff = numeric && n <= 1
  const plusOff = numeric && n >= top
  return (
    <View className='fb-section fb-qty'>
      <View className='fb-qty__row'>
        <Text className='fb-section__title'>{t('flashbuy.qty.label')}</Text>
        <View className='fb-qty__stepper' {...ariaProps('group', { label: t('flashbuy.qty.label') })}>
          <View
            className={`fb-qty__btn fb-qty__minus${minusOff ? ' fb-qty__btn--off' : ''}`}
            {...tapProps(() => step(-1), { label: t('flashbuy.qty.minus'), disabled: minusOff })}
          >
            <Text>−</Text>
          </View>
          <Input
            className='fb-qty__input'
            type='text'
            value={fb.form.quantityText}
            maxlength={4}
            onInput={onInput}
            {...fieldLabelProps(t('flashbuy.qty.label'))}
          />
          <View
            className={`fb-qty__btn fb-qty__plus${plusOff ? ' fb-qty__btn--off' : ''}`}
            {...tapProps(() => step(1), { label: t('flashbuy.qty.plus'), disabled: plusOff })}
          >
            <Text>+</Text>
          </View>
        </View>
      </View>
      {/* under the stepper, in the flow: over the hints it hid the very maximum it talks about */}
      {tip && (
        <View className='fb-qty__tip' {...ariaProps('alert')}>
          <Text>{tip}</Text>
        </View>
      )}
      <View className='fb-qty__hints'>
        <Text className='fb-qty__remaining'>
          {t('flashbuy.qty.remaining', { count: Math.max(0, detail.remainQty) })}
        </Text>
        <Text className='fb-qty__min'>{t('flashbuy.qty.min', { min: detail.minOrderQty })}</Text>
        <Text className='fb-qty__max'>{t('flashbuy.qty.max', { max: most })}</Text>
        {loggedIn && detail.purchasedQty > 0 && (
          <Text className='fb-qty__bought'>{t('flashbuy.qty.bought', { count: detail.purchasedQty })}</Text>
        )}
      </View>
    </View>
  )
}
