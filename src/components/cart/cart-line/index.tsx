import { memo } from 'react'
import { View, Text } from '@tarojs/components'
import type { CartItem } from '../../../../types/cart'
import { useT } from '../../../store/locale'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { priceView } from '../../../rules/catalog/price-display'
import { formatMoney } from '../../../rules/format'
import { cleanTitle } from '../../../../types/catalog/product-title'
import AvailabilityBadge from '../../catalog/availability-badge'
import QuantityStepper from '../../quantity-stepper'
import Picture from '../../picture'
import Tappable, { tapProps } from '../../tappable'
import './index.scss'

export interface CartLineProps {
  item: CartItem
  currency: string
  loggedIn: boolean
  /** the quantity on its way to the server (optimistic), if any */
  pendingQuantity?: number
  onQuantity: (id: number, quantity: number) => Promise<string | null>
  onDelete: (item: CartItem) => void
}

/**
 * One cart line: picture, title, catalogue number, size, unit price and line total (the '***' rule
 * of rules/catalog/price-display for visitors), the availability the server computed for this quantity, the
 * delivery channel (SC or TFS), the quantity stepper and Delete.
 */
function CartLine({ item, currency, loggedIn, pendingQuantity, onQuantity, onDelete }: CartLineProps) {
  const t = useT()
  const unit = item.finalPrice ?? item.unitPrice
  const view = priceView(
    {
      currency,
      listPrice: item.listPrice,
      price: unit === null ? null : { amount: unit, priceType: item.priceType ?? 'list' },
    },
    loggedIn,
  )
  const quantity = pendingQuantity ?? item.quantity
  const link = {
    route: 'productDetails' as const,
    params: { title: cleanTitle(item.productTitle), catalogNumber: item.catalogNumber, productPlacement: 'cart' },
  }
  return (
    <View className='cart-line' data-line-id={item.id} data-catalog-number={item.catalogNumber}>
      <Tappable className='cart-line__image-link' to={link} label={item.productTitle}>
        <Picture
          className='cart-line__image'
          src={productImageUrl(item.image, 150, API_BASE_URL)}
          alt={item.productTitle}
        />
      </Tappable>
      <View className='cart-line__body'>
        <Tappable className='cart-line__title' to={link}>
          {item.productTitle}
        </Tappable>
        <View className='cart-line__meta'>
          <Text className='cart-line__cat'>
            {t('cart.catalogNumber')} {item.catalogNumber}
          </Text>
          <Text className='cart-line__size'>
            {t('cart.size')} {item.size}
          </Text>
        </View>
        <View className='cart-line__tags'>
          <Text className={`cart-line__channel cart-line__channel--${item.deliveryChannel}`}>
            {item.deliveryChannel} · {t(item.deliveryChannel === 'SC' ? 'cart.channel.SC' : 'cart.channel.TFS')}
          </Text>
          <AvailabilityBadge
            record={{
              catalogNumber: item.catalogNumber,
              availableQuantity: item.availibilityCount,
              displayInventory: item.displayInventory,
            }}
            status='ready'
            verdict={item.availability}
          />
        </View>
        <View className='cart-line__prices'>
          {view.kind === 'hidden' && <Text className='cart-line__price cart-line__price--hidden'>{view.text}</Text>}
          {view.kind === 'onRequest' && (
            <Text className='cart-line__price cart-line__price--request'>{t('cart.priceOnRequest')}</Text>
          )}
          {view.kind === 'amount' && (
            <>
              <Text className='cart-line__price'>{view.text}</Text>
              {view.listText && <Text className='cart-line__list-price'>{view.listText}</Text>}
            </>
          )}
        </View>
        <View className='cart-line__foot'>
          <QuantityStepper
            value={quantity}
            label={t('cart.qty.label', { title: item.productTitle })}
            onCommit={(q) => onQuantity(item.id, q)}
          />
          <View className='cart-line__total'>
            <Text className='cart-line__total-label'>{t('cart.lineTotal')}</Text>
            <Text className='cart-line__total-value'>
              {item.lineTotal === null
                ? loggedIn
                  ? '—'
                  : '***'
                : pendingQuantity === undefined
                  ? formatMoney(item.lineTotal, currency)
                  : '…'}
            </Text>
          </View>
        </View>
      </View>
      <View
        className='cart-line__delete'
        {...tapProps(() => onDelete(item), { label: t('cart.deleteLabel', { title: item.productTitle }) })}
      >
        <Text>{t('cart.delete')}</Text>
      </View>
    </View>
  )
}

export default memo(CartLine)
