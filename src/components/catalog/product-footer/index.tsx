import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT } from '../../../store/locale'
import { useCart, cartBadgeCount } from '../../../store/cart/cart'
import CartBadge from '../../cart/cart-badge'
import type { RouteName } from '../../../../types/routes'
import Tappable, { tapProps } from '../../tappable'
import { hiddenProps } from '../../../platform/a11y'
import './index.scss'

/**
 * Spec section 2: "On product pages the footer has Home, Category and Cart plus an action button
 * (add to cart, or request quote)."
 */
export default function ProductFooter({
  action,
  onAction,
  busy,
  categoryParams,
}: {
  action: 'cart' | 'lead'
  onAction: () => void
  busy?: boolean
  categoryParams?: Record<string, string>
}) {
  const t = useT()
  const links: { key: string; icon: string; label: string; route: RouteName; params?: Record<string, string> }[] = [
    { key: 'home', icon: 'home', label: t('nav.home'), route: 'home' },
    { key: 'category', icon: 'list', label: t('productFooter.category'), route: 'categories', params: categoryParams },
    { key: 'cart', icon: 'shopping-cart', label: t('nav.cart'), route: 'cart' },
  ]
  const count = useCart(cartBadgeCount)
  return (
    <View className='product-footer'>
      {links.map((l) => (
        <Tappable
          key={l.key}
          className={`product-footer__link product-footer__link--${l.key}`}
          to={{ route: l.route, params: l.params }}
        >
          <View className='product-footer__icon' {...hiddenProps()}>
            <AtIcon value={l.icon} size='20' color='#596579' />
          </View>
          {l.key === 'cart' && <CartBadge count={count} />}
          <Text className='product-footer__label'>{l.label}</Text>
        </Tappable>
      ))}
      <View
        className={`product-footer__action product-footer__action--${action}${busy ? ' product-footer__action--busy' : ''}`}
        {...tapProps(onAction, { disabled: busy })}
      >
        <Text className='product-footer__action-text'>
          {action === 'lead' ? t('lead.button') : t('cart.addButton')}
        </Text>
      </View>
    </View>
  )
}
