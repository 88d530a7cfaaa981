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
import { wishlistTypeOf, useContentDetail } from '../../../store/marketing/content'
import { useRecordVisit } from '../../../store/engagement/history'
import { formatTimestamp } from '../../../rules/format'
import { navigation } from '../../../platform/navigation'
import Picture from '../../../components/picture'
import { DetailStates } from '../../../components/detail-page'
import './index.scss'

/**
 * An article (GET /mkt/content/details/{id}): its body rendered safely through the client-side
 * allow-list (components/rich-text), and the products it features below.
 */
export default function ContentDetailPage() {
  const t = useT()
  const { params } = useRouter()
  const id = pageParam(params, 'id')
  const country = useLocale((s) => s.country)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const { entry, reload, view } = useContentDetail('articles', id)

  const article = entry?.data ?? null
  useRecordVisit(
    article && {
      kind: 'content',
      id: article.id,
      title: article.title,
      subtitle: article.summary.slice(0, 80),
      image: article.coverImage,
      link: { route: 'contentDetail', params: { id: article.id } },
    },
  )

  const header = { title: t('screen.contentDetail') }
  if (!article || view !== 'ready') {
    return (
      <PageShell header={header}>
        <DetailStates
          block='article-state'
          view={view}
          loading={t('pd.loading')}
          notFound={{
            title: t('article.notFound'),
            button: true,
            action: {
              label: t('article.toHub'),
              onTap: () => navigation.go('contentHub', { contentType: 'knowledge' }),
            },
          }}
          failed={{ title: t('article.loadError'), button: true, action: { label: t('home.retry'), onTap: reload } }}
        >
          {() => null}
        </DetailStates>
      </PageShell>
    )
  }
  const cover = mediaUrl(article.coverImage, API_BASE_URL)
  // the featured products are listed below the article: their links in the text are not listed twice
  const hideFeatured = (x: { route: string; params: Record<string, string> }) =>
    x.route === 'productDetails' && article.skus.includes(x.params.catalogNumber)
  const wishType = wishlistTypeOf(article.contentType, article.articleType)
  return (
    <PageShell header={header}>
      <View className='article'>
        <View className='article__card'>
          {cover && (
            <View className='article__cover-box'>
              <Picture className='article__cover' src={cover} alt='' />
            </View>
          )}
          <View className='article__head'>
            <View className='article__head-text'>
              <Text className='article__title'>{article.title}</Text>
              <Text className='article__meta'>
                {[
                  article.author,
                  formatTimestamp(article.publishedAt, country, 'YYYY-MM-DD'),
                  article.readMinutes > 0 ? t('content.readMinutes', { minutes: article.readMinutes }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </View>
            {wishType && (
              <View className='article__heart'>
                <WishlistButton item={{ contentId: article.id, contentType: wishType, wishlistType: 'content' }} />
              </View>
            )}
          </View>
          {article.summary && <Text className='article__summary'>{article.summary}</Text>}
          <View className='article__body'>
            <SafeRichText html={article.bodyHtml} hideLink={hideFeatured} />
          </View>
        </View>
        {entry && entry.products.length > 0 && (
          <View className='article__products'>
            <Text className='article__products-title'>{t('article.products')}</Text>
            {entry.products.map((p) => (
              <ProductCard key={p.catalogNumber} product={p} loggedIn={userId !== null} placement='content' />
            ))}
          </View>
        )}
      </View>
      <WishlistPopup />
    </PageShell>
  )
}
