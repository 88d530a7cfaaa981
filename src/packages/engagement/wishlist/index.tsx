import { useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, ScrollView } from '@tarojs/components'
import type { WishlistContentType, WishlistEntry } from '../../../../types'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import { mediaUrl } from '../../../components/rich-text/parse'
import { showToast } from '../../../store/toast'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { WISHLIST_CONTENT_TYPES, hasValidToken, useWishlist } from '../../../store/engagement/wishlist'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { formatTimestamp } from '../../../rules/format'
import { ROUTES, type RouteName } from '../../../../types/routes'
import { navigation } from '../../../platform/navigation'
import { tapProps } from '../../../components/tappable'
import Picture from '../../../components/picture'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import './index.scss'

const TAB_LABEL: Record<
  WishlistContentType,
  | 'wishlist.tab.products'
  | 'wishlist.tab.workflow'
  | 'wishlist.tab.vmWorkflow'
  | 'wishlist.tab.knowledge'
  | 'wishlist.tab.promotions'
  | 'wishlist.tab.application'
> = {
  Products: 'wishlist.tab.products',
  Workflow: 'wishlist.tab.workflow',
  'VM Workflow': 'wishlist.tab.vmWorkflow',
  'Knowledge Hub': 'wishlist.tab.knowledge',
  Promotions: 'wishlist.tab.promotions',
  Application: 'wishlist.tab.application',
}

const imageOf = (e: WishlistEntry) =>
  e.wishlistType === 'product' ? productImageUrl(e.image, 150, API_BASE_URL) : mediaUrl(e.image, API_BASE_URL)

/** /my-wishlist: the saved items of every content type, each opening its page; removable. */
export default function WishlistPage() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const { entries, listStatus, states } = useWishlist()
  const [tab, setTab] = useState<WishlistContentType>('Products')
  const signedIn = hasValidToken() && userId !== null

  useEffect(() => {
    if (signedIn) useWishlist.getState().load(true)
  }, [signedIn, userId, country])
  useDidShow(() => {
    if (signedIn) useWishlist.getState().load(true)
  })

  const header = { title: t('screen.wishlist') }
  const shown = entries.filter((e) => e.contentType === tab)
  const count = (ct: WishlistContentType) => entries.filter((e) => e.contentType === ct).length
  const open = (e: WishlistEntry) => {
    if (ROUTES.some((r) => r.name === e.link.route)) navigation.go(e.link.route as RouteName, e.link.params)
  }
  const remove = async (e: WishlistEntry) => {
    const after = await useWishlist
      .getState()
      .toggle({ contentId: e.contentId, contentType: e.contentType, wishlistType: e.wishlistType })
    // "Remove failure stays in wishlist": the entry stays; the shopper is told it was not removed
    if (after === 'in') showToast(t('wishlist.removeFailed'))
  }

  return (
    <PageShell header={header}>
      {/* spec section 6: the wishlist needs login ('Please login for better experience') */}
      <LoginGate>
        <ScrollView className='wl-tabs' scrollX enhanced showScrollbar={false}>
          {WISHLIST_CONTENT_TYPES.map((ct) => (
            <View
              key={ct}
              className={`wl-tabs__tab${tab === ct ? ' wl-tabs__tab--on' : ''}`}
              {...tapProps(() => setTab(ct))}
            >
              <Text>{t(TAB_LABEL[ct])}</Text>
              {count(ct) > 0 && <Text className='wl-tabs__count'>{count(ct)}</Text>}
            </View>
          ))}
        </ScrollView>
        <View className='wl-list'>
          {shown.map((e) => {
            const img = imageOf(e)
            const removing = states[e.contentId] === 'removing'
            return (
              <View key={e.contentId} className='wl-item' data-content-id={e.contentId} onClick={() => open(e)}>
                {img ? (
                  <Picture className='wl-item__image' src={img} alt={e.title} />
                ) : (
                  <View className='wl-item__image wl-item__image--none' />
                )}
                <View className='wl-item__body'>
                  {/* the title is the control (the item holds the remove button: no control inside a control) */}
                  <Text
                    className='wl-item__title'
                    {...tapProps((ev) => {
                      ev.stopPropagation?.()
                      open(e)
                    })}
                  >
                    {e.title}
                  </Text>
                  {e.wishlistType === 'product' && (
                    <Text className='wl-item__meta'>
                      {t('product.catalogNumber')} {e.contentId}
                    </Text>
                  )}
                  <Text className='wl-item__meta'>
                    {t('wishlist.savedOn', { date: formatTimestamp(e.createdAt, country, 'YYYY-MM-DD') })}
                  </Text>
                </View>
                <Text
                  className={`wl-item__remove${removing ? ' wl-item__remove--busy' : ''}`}
                  {...tapProps((ev) => {
                    ev.stopPropagation?.()
                    if (!removing) remove(e)
                  })}
                >
                  {t('wishlist.removeShort')}
                </Text>
              </View>
            )
          })}
          {listStatus === 'loading' && entries.length === 0 && (
            <LoadingPanel className='wl-state' message={t('wishlist.loading')} />
          )}
          {listStatus === 'failed' && (
            <StatePanel
              block='wl-state'
              error={t('wishlist.loadError')}
              button
              action={{ label: t('home.retry'), onTap: () => useWishlist.getState().load(true) }}
            />
          )}
          {listStatus === 'ready' && shown.length === 0 && (
            <View className='wl-state'>
              <Text className='wl-state__title'>{t('wishlist.empty', { type: t(TAB_LABEL[tab]) })}</Text>
              <Text className='wl-state__body'>{t('wishlist.emptyHint')}</Text>
            </View>
          )}
        </View>
      </LoginGate>
    </PageShell>
  )
}
