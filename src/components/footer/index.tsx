import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT, useLocale } from '../../store/locale'
import { useCart, cartBadgeCount } from '../../store/cart/cart'
import CartBadge from '../cart/cart-badge'
import { footerItems, chunk, type FooterItem } from '../../rules/platform/footer'
import Tappable from '../tappable'
import { ariaProps, hiddenProps } from '../../platform/a11y'
import './index.scss'

const ICON: Record<FooterItem['key'], string> = { home: 'home', categories: 'list', cart: 'shopping-cart', my: 'user' }

/** Footer navigation (spec section 2): items by country, laid out in grid chunks of 4. */
export default function Footer({
  active,
  variant = 'full',
}: {
  active: FooterItem['key']
  variant?: 'full' | 'withoutMy'
}) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const rows = chunk(footerItems(country, variant))
  const count = useCart(cartBadgeCount)
  return (
    <View className='app-footer' {...ariaProps('navigation', { label: t('nav.label') })}>
      {rows.map((row, i) => (
        <View className='app-footer__row' key={i}>
          {row.map((item) => (
            <Tappable
              key={item.key}
              className={`app-footer__item${item.key === active ? ' app-footer__item--active' : ''}`}
              to={{ route: item.route }}
              current={item.key === active}
            >
              <View {...hiddenProps()}>
                <AtIcon value={ICON[item.key]} size='22' color={item.key === active ? '#0b5fa5' : '#5e6a80'} />
              </View>
              <Text className='app-footer__label'>{t(item.label)}</Text>
              {item.key === 'cart' && <CartBadge count={count} />}
            </Tappable>
          ))}
        </View>
      ))}
    </View>
  )
}
