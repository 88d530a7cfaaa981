import { View, Text, Image } from '@tarojs/components'
import type { ProductSummary } from '../../../types'
import { useT } from '../../store/locale'
import { productImageUrl } from '../../rules/product-image'
import { priceView } from '../../rules/price-display'
import './index.scss'

const PRICE_LABEL = { list: 'product.listPrice', yourPrice: 'product.yourPrice', discount: 'product.discount', wop: 'product.wop' } as const

/** One product in a list: image (-150.jpg), name, catalogue number, size and the price rule. */
export default function ProductCard({ product, loggedIn }: { product: ProductSummary; loggedIn: boolean }) {
  const t = useT()
  const view = priceView(product, loggedIn)
  return (
    <View className='product-card' data-catalog-number={product.catalogNumber}>
      <Image className='product-card__image' mode='aspectFit' lazyLoad src={productImageUrl(product.image, 150, API_BASE_URL)} />
      <View className='product-card__body'>
        <Text className='product-card__title'>{product.productTitle}</Text>
        <View className='product-card__meta'>
          <Text className='product-card__cat'>{t('product.catalogNumber')} {product.catalogNumber}</Text>
          <Text className='product-card__size'>{t('product.size')} {product.size}</Text>
        </View>
        <View className='product-card__price-row'>
          {view.kind === 'hidden' && <Text className='product-card__price product-card__price--hidden'>{view.text}</Text>}
          {view.kind === 'onRequest' && <Text className='product-card__price product-card__price--request'>{t('product.priceOnRequest')}</Text>}
          {view.kind === 'amount' && (
            <>
              <Text className='product-card__price'>{view.text}</Text>
              {view.listText && <Text className='product-card__list-price'>{view.listText}</Text>}
              <Text className='product-card__price-type'>{t(PRICE_LABEL[view.priceType as keyof typeof PRICE_LABEL] ?? 'product.listPrice')}</Text>
            </>
          )}
          {product.leadTarget && <Text className='product-card__quote'>{t('product.quoteOnly')}</Text>}
        </View>
      </View>
    </View>
  )
}
