import { memo, type ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import type { ProductSummary } from '../../../../types'
import { useT } from '../../../store/locale'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { priceLabelKey, priceView } from '../../../rules/catalog/price-display'
import { cleanTitle } from '../../../../types/catalog/product-title'
import Tappable from '../../tappable'
import Picture from '../../picture'
import './index.scss'

/** The product page's route params: /product-details/{cleaned title}/{catalogNumber}?productPlacement= */
export const productLink = (product: Pick<ProductSummary, 'productTitle' | 'catalogNumber'>, placement: string) => ({
  route: 'productDetails' as const,
  params: {
    title: cleanTitle(product.productTitle),
    catalogNumber: product.catalogNumber,
    productPlacement: placement,
  },
})

export interface ProductCardProps {
  product: ProductSummary
  loggedIn: boolean
  /** where the card is shown; travels to the product page as productPlacement */
  placement?: string
  /** narrower card for side-by-side layouts (the categories pane) */
  compact?: boolean
  /** extra lines under the price (e.g. origin and surcharge) */
  children?: ReactNode
}

/**
 * One product in a list: image (-150.jpg), name, catalogue number, size and the price rule. A link
 * to the product page (an <a href> on H5); the picture is named after the product.
 */
function ProductCard({ product, loggedIn, placement = 'list', compact, children }: ProductCardProps) {
  const t = useT()
  const view = priceView(product, loggedIn)
  return (
    <Tappable
      className={`product-card${compact ? ' product-card--compact' : ''}`}
      data={{ 'catalog-number': product.catalogNumber }}
      hoverClass='product-card--pressed'
      to={productLink(product, placement)}
    >
      <Picture
        className='product-card__image'
        lazyLoad
        src={productImageUrl(product.image, 150, API_BASE_URL)}
        alt={product.productTitle}
      />
      <View className='product-card__body'>
        <Text className='product-card__title'>{product.productTitle}</Text>
        <View className='product-card__meta'>
          <Text className='product-card__cat'>
            {t('product.catalogNumber')} {product.catalogNumber}
          </Text>
          <Text className='product-card__size'>
            {t('product.size')} {product.size}
          </Text>
        </View>
        <View className='product-card__price-row'>
          {view.kind === 'hidden' && (
            <Text className='product-card__price product-card__price--hidden'>{view.text}</Text>
          )}
          {view.kind === 'onRequest' && (
            <Text className='product-card__price product-card__price--request'>{t('product.priceOnRequest')}</Text>
          )}
          {view.kind === 'amount' && (
            <>
              <Text className='product-card__price'>{view.text}</Text>
              {view.listText && <Text className='product-card__list-price'>{view.listText}</Text>}
              <Text className='product-card__price-type'>{t(priceLabelKey(view.priceType))}</Text>
            </>
          )}
          {product.leadTarget && <Text className='product-card__lead'>{t('product.leadOnly')}</Text>}
        </View>
        {children}
      </View>
    </Tappable>
  )
}

/** Memoised: appending a page to a list renders only the new cards. */
export default memo(ProductCard)
