import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT } from '../../../store/locale'
import { useWishlist } from '../../../store/engagement/wishlist'
import { navigation } from '../../../platform/navigation'
import Tappable from '../../tappable'
import { hiddenProps } from '../../../platform/a11y'
import './index.scss'

/**
 * Spec section 4: after an add, "A confirmation popup stays 3 seconds ... Clicking outside the
 * popup closes it. Clicking the redirect link in the popup goes to /my-wishlist." The store owns
 * the timer; this only shows it.
 */
export default function WishlistPopup() {
  const t = useT()
  const popup = useWishlist((s) => s.popup)
  if (!popup) return null
  const close = () => useWishlist.getState().closePopup()
  return (
    <View className='wishlist-popup'>
      <View className='wishlist-popup__outside' {...hiddenProps()} onClick={close} />
      <View className='wishlist-popup__card' role='status' onClick={(e) => e.stopPropagation()}>
        <View className='wishlist-popup__icon' {...hiddenProps()}>
          <AtIcon value='heart-2' size='18' color='#fff' />
        </View>
        <Text className='wishlist-popup__text'>{t('wishlist.added')}</Text>
        <Tappable
          className='wishlist-popup__link'
          to={{ route: 'wishlist' }}
          onTap={() => {
            close()
            navigation.go('wishlist')
          }}
        >
          {t('wishlist.viewList')}
        </Tappable>
      </View>
    </View>
  )
}
