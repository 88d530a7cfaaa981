import { useEffect } from 'react'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { hasValidToken, useWishlist, type WishItem } from '../../../store/engagement/wishlist'
import { showsInWishlist, wishlistControlsVisible } from '../../../rules/engagement/wishlist-toggle'
import { tapProps } from '../../tappable'
import './index.scss'

/**
 * The heart (spec section 4): shown only with a token; a tap toggles at once (optimistic) and the
 * store runs the call. Nothing at all is rendered for a visitor without a token.
 */
export default function WishlistButton({ item, withLabel = false }: { item: WishItem; withLabel?: boolean }) {
  const t = useT()
  // re-evaluated when the session changes (login, logout, expiry)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  useSession((s) => s.status)
  const state = useWishlist((s) => s.states[item.contentId] ?? 'out')
  const visible = wishlistControlsVisible(hasValidToken())

  useEffect(() => {
    if (visible && userId) useWishlist.getState().load()
  }, [visible, userId])

  if (!visible) return null
  const on = showsInWishlist(state)
  const busy = state === 'adding' || state === 'removing'
  return (
    <View
      className={`wishlist-button${on ? ' wishlist-button--on' : ''}${busy ? ' wishlist-button--busy' : ''}`}
      data-state={state}
      {...tapProps(
        (e) => {
          e.stopPropagation?.()
          if (userId) useWishlist.getState().toggle(item)
        },
        { label: on ? t('wishlist.remove') : t('wishlist.add'), selected: on },
      )}
    >
      <AtIcon value={on ? 'heart-2' : 'heart'} size='20' color={on ? '#cc0029' : '#596579'} />
      {withLabel && <Text className='wishlist-button__label'>{on ? t('wishlist.saved') : t('wishlist.save')}</Text>}
    </View>
  )
}
