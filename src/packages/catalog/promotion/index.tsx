import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import PageShell from '../../../components/page-shell'
import ProductCard from '../../../components/catalog/product-card'
import SafeRichText from '../../../components/rich-text'
import WishlistButton from '../../../components/engagement/wishlist-button'
import WishlistPopup from '../../../components/engagement/wishlist-popup'
import { mediaUrl } from '../../../components/rich-text/parse'
import { pageParam } from '../../../rules/page-params'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useContentDetail } from '../../../store/marketing/content'
import { useRecordVisit } from '../../../store/engagement/history'
import { formatTimestamp } from '../../../rules/format'
import { navigation } from '../../../platform/navigation'
import Picture from '../../../components/picture'
import { DetailStates } from '../../../components/detail-page'
import './index.scss'

const STATUS_LABEL = {
  upcoming: 'promotion.upcoming',
  active: 'promotion.active',
  expired: 'promotion.expired',
} as const

/** Promotion, /promotions/{category}/{subject}/{id} (spec section 2), from GET /get/promotionById. */
export default function PromotionPage() {
  const t = useT()
  const { params } = useRouter()
  const id = pageParam(params, 'id')
  const country = useLocale((s) => s.country)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const { entry, reload, view } = useContentDetail('promotions', id)

  // a promotion view counts as content in the browsing history (its id is the promotion id)
  const promoData = entry?.data ?? null
  useRecordVisit(
    promoData && {
      kind: 'content',
      id: promoData.id,
      title: promoData.title,
      subtitle: promoData.summary.slice(0, 80),
      image: promoData.bannerImage,
      link: {
        route: 'promotion',
        params: { category: promoData.category, subject: promoData.subject, id: promoData.id },
      },
    },
  )

  const header = { title: t('screen.promotion') }
  const promo = entry?.data
  if (!promo || view !== 'ready') {
    return (
      <PageShell header={header}>
        <DetailStates
          block='promo-state'
          view={view}
          loading={t('pd.loading')}
          notFound={{
            title: t('promotion.notFound'),
            button: true,
            action: { label: t('nav.backHome'), onTap: () => navigation.go('home') },
          }}
          failed={{ title: t('promotion.loadError'), button: true, action: { label: t('home.retry'), onTap: reload } }}
        >
          {() => null}
        </DetailStates>
      </PageShell>
    )
  }
  const banner = mediaUrl(promo.bannerImage, API_BASE_URL)
  // the promotion's products are listed below: their links in the text are not listed twice
  const hideFeatured = (x: { route: string; params: Record<string, string> }) =>
    x.route === 'productDetails' && promo.products.some((p) => p.catalogNumber === x.params.catalogNumber)
  const days = (iso: string) => Math.max(1, Math.ceil((new Date(iso).getTime() - Date.now()) / 86400000))
  const countdown =
    promo.status === 'active'
      ? t('promotion.endsIn', { days: days(promo.endDate) })
      : promo.status === 'upcoming'
        ? t('promotion.startsIn', { days: days(promo.startDate) })
        : null
  return (
    <PageShell header={header}>
      <View className='promo'>
        <View className='promo-banner'>
          {banner ? (
            <Picture className='promo-banner__image' src={banner} alt='' />
          ) : (
            <View className='promo-banner__image promo-banner__image--none'>
              <Text className='promo-banner__subject'>{promo.subject}</Text>
            </View>
          )}
          <View className='promo-banner__heart'>
            <WishlistButton item={{ contentId: promo.id, contentType: 'Promotions', wishlistType: 'content' }} />
          </View>
        </View>
        <View className='promo-card'>
          <View className='promo-card__top'>
            <Text className={`promo-status promo-status--${promo.status}`}>{t(STATUS_LABEL[promo.status])}</Text>
            {countdown && <Text className='promo-card__countdown'>{countdown}</Text>}
          </View>
          <Text className='promo-card__title'>{promo.title}</Text>
          <Text className='promo-card__dates'>
            {t('promotion.dates', {
              from: formatTimestamp(promo.startDate, country, 'YYYY-MM-DD'),
              to: formatTimestamp(promo.endDate, country, 'YYYY-MM-DD'),
            })}
          </Text>
          {promo.summary && <Text className='promo-card__summary'>{promo.summary}</Text>}
        </View>
        {promo.bodyHtml.trim() !== '' && (
          <View className='promo-card'>
            <SafeRichText html={promo.bodyHtml} hideLink={hideFeatured} />
          </View>
        )}
        {promo.products.length > 0 && (
          <View className='promo-products'>
            <Text className='promo-products__title'>{t('promotion.products')}</Text>
            {promo.products.map((p) => (
              <ProductCard key={p.catalogNumber} product={p} loggedIn={userId !== null} placement='promotion' />
            ))}
          </View>
        )}
      </View>
      <WishlistPopup />
    </PageShell>
  )
}
