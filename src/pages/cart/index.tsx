import { useCallback, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import type { CartItem } from '../../../types/cart'
import PageShell from '../../components/page-shell'
import CartLine from '../../components/cart/cart-line'
import CouponSheet from '../../components/cart/coupon-sheet'
import QuickAdd from '../../components/cart/quick-add'
import ProductCard from '../../components/catalog/product-card'
import ConfirmDialog from '../../components/confirm-dialog'
import LoginButtons from '../../components/auth/login-buttons'
import Tappable, { tapProps } from '../../components/tappable'
import StatePanel, { LoadingPanel } from '../../components/state-panel'
import { useT } from '../../store/locale'
import { useSession } from '../../store/auth/session'
import { useCart, couponBlockMessage, type OrderPreference } from '../../store/cart/cart'
import { showToast } from '../../store/toast'
import { formatMoney } from '../../rules/format'
import { navigation } from '../../platform/navigation'
import { ariaProps } from '../../platform/a11y'
import './index.scss'

const PREFERENCES: OrderPreference[] = ['SMART_DISTRIBUTION', 'SC_PRIORITY']

/**
 * The Cart tab (spec sections 2, 3, 4): the lines of the server's cart, quick SKU add, add by assay
 * ID, a link to quick order, the coupon sheet, the order preference, the summary the server
 * computed, recommended products, an empty state, and Checkout (visitors log in; partially
 * registered users complete their registration; approved users go on to submit order).
 */
export default function CartPage() {
  const t = useT()
  const user = useSession((s) => s.userInfo)
  const sessionReady = useSession((s) => s.status === 'USER_FETCHED')
  const cart = useCart((s) => s.cart)
  const status = useCart((s) => s.status)
  const error = useCart((s) => s.error)
  const pendingQty = useCart((s) => s.pendingQty)
  const recommended = useCart((s) => s.recommended)
  const [sheet, setSheet] = useState(false)
  const [toDelete, setToDelete] = useState<CartItem | null>(null)
  const [deleting, setDeleting] = useState(false)

  useDidShow(() => {
    // the session's own change loads the cart at launch; coming back to the tab asks the server again
    if (sessionReady && useCart.getState().status !== 'loading')
      useCart
        .getState()
        .load()
        .catch(() => undefined)
    useCart
      .getState()
      .loadRecommended()
      .catch(() => undefined)
  })

  const onQuantity = useCallback(
    async (id: number, quantity: number) => {
      const r = await useCart.getState().setQuantity(id, quantity)
      return r.ok ? null : t('cart.qty.refused', { message: r.message })
    },
    [t],
  )
  const onDelete = useCallback((item: CartItem) => setToDelete(item), [])
  const confirmDelete = async () => {
    if (!toDelete) return
    setDeleting(true)
    const res = await useCart.getState().remove([toDelete.id])
    setDeleting(false)
    setToDelete(null)
    if (!res) showToast(t('cart.deleteFailed'))
  }

  const loggedIn = user !== null
  const lite = user?.userRoles.registrationStatus === 'Partially Registered'
  const items = cart?.cartItems ?? []
  const currency = cart?.summary.currency ?? 'CNY'
  const money = (n: number) => formatMoney(n, currency)

  let body
  if ((status === 'idle' || status === 'loading') && !cart) {
    body = <LoadingPanel className='cart-state' message={t('cart.loading')} />
  } else if (status === 'failed' && !cart) {
    body = (
      <StatePanel
        block='cart-state'
        error={error ?? t('cart.loadError')}
        action={{ label: t('cart.retry'), onTap: () => useCart.getState().load() }}
      />
    )
  } else if (items.length === 0) {
    body = (
      <StatePanel
        block='cart-empty'
        title={t('cart.empty.title')}
        body={t('cart.empty.body')}
        action={{ label: t('cart.empty.browse'), onTap: () => navigation.go('categories') }}
      />
    )
  } else {
    const s = cart!.summary
    const applied = cart!.coupons.filter((c) => c.valid).map((c) => c.code)
    body = (
      <>
        <Text className='cart-count'>{t('cart.lines', { count: cart!.itemCount })}</Text>
        <View className='cart-lines'>
          {items.map((item) => (
            <CartLine
              key={item.id}
              item={item}
              currency={currency}
              loggedIn={loggedIn}
              pendingQuantity={pendingQty[item.id]}
              onQuantity={onQuantity}
              onDelete={onDelete}
            />
          ))}
        </View>

        <Tappable className='cart-card cart-coupon-row' onTap={() => setSheet(true)}>
          <Text className='cart-coupon-row__label'>{t('cart.coupon.open')}</Text>
          <Text className='cart-coupon-row__value'>{applied.length ? applied.join(', ') : t('cart.coupon.none')}</Text>
        </Tappable>

        <View className='cart-card cart-pref' {...ariaProps('radiogroup', { label: t('cart.pref.title') })}>
          <Text className='cart-card__title'>{t('cart.pref.title')}</Text>
          {PREFERENCES.map((p) => {
            const on = cart!.orderPreference === p
            return (
              <Tappable
                key={p}
                className={`cart-pref__option${on ? ' cart-pref__option--on' : ''}`}
                role='radio'
                selected={on}
                onTap={() => {
                  if (!on)
                    useCart
                      .getState()
                      .setPreference(p)
                      .catch(() => undefined)
                }}
              >
                <View className='cart-pref__dot' />
                <View className='cart-pref__text'>
                  <Text className='cart-pref__name'>{t(`cart.pref.${p}`)}</Text>
                  <Text className='cart-pref__note'>{t(`cart.pref.${p}.note`)}</Text>
                </View>
              </Tappable>
            )
          })}
          <View className='cart-mode' data-mode={cart!.deliveryMode}>
            <Text className='cart-mode__label'>{t('cart.deliveryMode')}</Text>
            <Text className='cart-mode__value'>{t(`cart.deliveryMode.${cart!.deliveryMode}`)}</Text>
          </View>
        </View>

        <View className='cart-card cart-summary'>
          <Text className='cart-card__title'>{t('cart.summary.title')}</Text>
          <View className='cart-summary__row'>
            <Text>{t('cart.summary.list')}</Text>
            <Text>{money(s.totalPriceAmount)}</Text>
          </View>
          {s.savings > 0 && (
            <View className='cart-summary__row cart-summary__row--savings'>
              <Text>{t('cart.summary.savings')}</Text>
              <Text>-{money(s.savings)}</Text>
            </View>
          )}
          <View className='cart-summary__row'>
            <Text>{t('cart.summary.subtotal')}</Text>
            <Text>{money(s.totalAmount)}</Text>
          </View>
          {s.taxEnabled && (
            <View className='cart-summary__row'>
              <Text>{t('cart.summary.taxes')}</Text>
              <Text>{money(s.taxes)}</Text>
            </View>
          )}
          <View className='cart-summary__row cart-summary__row--total'>
            <Text>{t('cart.summary.total')}</Text>
            <Text className='cart-summary__total'>{money(s.total)}</Text>
          </View>
          {s.unpricedLines > 0 && (
            <Text className='cart-summary__note'>{t('cart.summary.unpriced', { count: s.unpricedLines })}</Text>
          )}
        </View>

        <View className='cart-checkout'>
          {!loggedIn ? (
            <View className='cart-checkout__login'>
              <Text className='cart-checkout__prompt'>{t('cart.checkout.login')}</Text>
              <LoginButtons compact />
            </View>
          ) : lite ? (
            <View
              className='cart-checkout__button cart-checkout__complete'
              {...tapProps(() => navigation.go('shipToAddress', { new: '1' }))}
            >
              {t('cart.checkout.complete')}
            </View>
          ) : (
            <View className='cart-checkout__button cart-checkout__go' {...tapProps(() => navigation.go('submitOrder'))}>
              {t('cart.checkout')} · {money(s.total)}
            </View>
          )}
        </View>
      </>
    )
  }

  return (
    <PageShell header={{ title: t('cart.title') }} footer='cart'>
      <View className='cart'>
        {body}
        <View className='cart-card cart-tools'>
          <QuickAdd />
          <Tappable className='cart-tools__quick-order' to={{ route: 'quickOrder' }}>
            {t('cart.quickOrderLink')} ›
          </Tappable>
        </View>
        {recommended.length > 0 && (
          <View className='cart-recommended'>
            <Text className='cart-recommended__title'>{t('cart.recommended')}</Text>
            {recommended.map((p) => (
              <ProductCard key={p.catalogNumber} product={p} loggedIn={loggedIn} placement='cart-recommended' />
            ))}
          </View>
        )}
      </View>
      <CouponSheet open={sheet} onClose={() => setSheet(false)} blocked={sheet ? couponBlockMessage() : null} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('cart.deleteTitle')}
        body={toDelete ? t('cart.deleteBody', { title: toDelete.productTitle }) : undefined}
        yesText={t('cart.deleteYes')}
        noText={t('cart.deleteNo')}
        busy={deleting}
        onYes={confirmDelete}
        onNo={() => setToDelete(null)}
      />
    </PageShell>
  )
}
