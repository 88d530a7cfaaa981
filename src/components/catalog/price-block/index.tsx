import { View, Text } from '@tarojs/components'
import { useT } from '../../../store/locale'
import { priceLabelKey, priceView, type PriceInput } from '../../../rules/catalog/price-display'
import './index.scss'

/**
 * The product page's price (spec sections 3 and 5): your price / discount / online offer against
 * the list price, the price type, 'Price on request' for a logged-in user without a price, and
 * *** for a visitor when there is no price.
 */
export default function PriceBlock({
  input,
  loggedIn,
  loading,
}: {
  input: PriceInput
  loggedIn: boolean
  loading?: boolean
}) {
  const t = useT()
  if (loading)
    return (
      <View className='price-block price-block--loading'>
        <Text className='price-block__skeleton' />
      </View>
    )
  const view = priceView(input, loggedIn)
  if (view.kind === 'hidden') {
    return (
      <View className='price-block' data-kind='hidden'>
        <Text className='price-block__amount price-block__amount--hidden'>{view.text}</Text>
        <Text className='price-block__hint'>{t('price.loginToSee')}</Text>
      </View>
    )
  }
  if (view.kind === 'onRequest') {
    return (
      <View className='price-block' data-kind='onRequest'>
        <Text className='price-block__amount price-block__amount--request'>{t('product.priceOnRequest')}</Text>
      </View>
    )
  }
  const saving =
    input.price && input.listPrice && input.listPrice > input.price.amount
      ? Math.round((1 - input.price.amount / input.listPrice) * 100)
      : 0
  return (
    <View className='price-block' data-kind='amount'>
      <View className='price-block__row'>
        <Text className='price-block__amount'>{view.text}</Text>
        <Text className={`price-block__type price-block__type--${view.priceType}`}>
          {t(priceLabelKey(view.priceType))}
        </Text>
      </View>
      {view.listText && (
        <View className='price-block__row price-block__row--list'>
          <Text className='price-block__list-label'>{t('product.listPrice')}</Text>
          <Text className='price-block__list'>{view.listText}</Text>
          {saving > 0 && <Text className='price-block__saving'>{t('price.save', { percent: saving })}</Text>}
        </View>
      )}
    </View>
  )
}
