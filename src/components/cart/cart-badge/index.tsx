import { Text } from '@tarojs/components'
import './index.scss'

/** Spec section 2: the Cart tab's "badge with the item count" (cart.itemCount; 99+ above 99). Nothing at 0. */
export default function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <Text className='cart-badge' data-count={count}>
      {count > 99 ? '99+' : count}
    </Text>
  )
}
