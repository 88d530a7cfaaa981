import { useDeferredValue, useEffect, useRef } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import SafeRichText from '../../../components/rich-text'
import PriceBlock from '../../../components/catalog/price-block'
import AvailabilityBadge from '../../../components/catalog/availability-badge'
import ProductFooter from '../../../components/catalog/product-footer'
import WishlistButton from '../../../components/engagement/wishlist-button'
import WishlistPopup from '../../../components/engagement/wishlist-popup'
import ContentCard from '../../../components/marketing/content-card'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useProduct, priceInputOf, isLeadOnly } from '../../../store/catalog/product'
import { useRecordVisit } from '../../../store/engagement/history'
import { useViewerKey } from '../../../store/viewer'
import { productImageUrl } from '../../../rules/catalog/product-image'
import { cleanTitle } from '../../../../types/catalog/product-title'
import { formatTimestamp } from '../../../rules/format'
import { navigation } from '../../../platform/navigation'
import { pageParam } from '../../../rules/page-params'
import { showToast } from '../../../store/toast'
import { useCart } from '../../../store/cart/cart'
import { LINE_RESULT_LABEL } from '../../../components/cart/quick-add'
import { CART_QTY_MIN } from '../../../../types/cart/quantity'
import { openDocument as openDocumentFile } from '../../../platform/open-document'
import type { DocumentRecord, ProductDetail } from '../../../../types'
import Tappable from '../../../components/tappable'
import Picture from '../../../components/picture'
import { ariaProps } from '../../../platform/a11y'
import { firstScreenReady } from '../../../platform/first-screen'
import LeadDrawer from '../../../components/order/lead-drawer'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import './index.scss'
import { chatProductOf } from '../../../rules/service/chat'

type FreeGood = NonNullable<ProductDetail['freeGoodItem']>

const DOC_LABEL = { manual: 'documents.manual', coa: 'documents.coa', sds: 'documents.sds' } as const

/**
 * Product page, /product-details/{cleaned title}/{catalogNumber}?placeholderName&productPlacement
 * (spec section 2): the product from GET /product/catalog, its price (POST /product/price) and
 * availability (POST /product/availability), sizes, free goods, specifications, description,
 * documents, promotions and related content; a footer with Home, Category, Cart and the action.
 */
export default function ProductDetails() {
  const t = useT()
  const { params } = useRouter()
  const catalogNumber = pageParam(params, 'catalogNumber')
  const placeholderName = pageParam(params, 'placeholderName')
  const productPlacement = pageParam(params, 'productPlacement')
  const { key, ready } = useViewerKey()
  const country = useLocale((s) => s.country)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const live = useProduct((s) => (catalogNumber ? s.entries[catalogNumber] : undefined))
  // the page drawn from the product (and each later price or stock answer) renders as a deferred update:
  // React draws it in slices that leave the main thread free between them, not in one long task
  const entry = useDeferredValue(live)
  const requesting = useRef(false)
  const adding = useRef(false)

  useEffect(() => {
    // prices depend on the user: wait for the session, then load once per language/country/user
    if (catalogNumber && ready && live?.key !== key) useProduct.getState().load(catalogNumber, key)
  }, [catalogNumber, ready, key, live?.key])

  const detail = entry?.detail ?? null
  // H5: the server's drawing of this product's first screen gives way once the page has its own (or an error)
  const settled = detail !== null || entry?.status === 'notFound' || entry?.status === 'failed' || !catalogNumber
  useEffect(() => {
    if (settled) firstScreenReady()
  }, [settled])
  useRecordVisit(
    detail && {
      kind: 'product',
      id: detail.catalogNumber,
      title: detail.productTitle,
      subtitle: `${detail.catalogNumber} · ${detail.size}`,
      image: detail.image,
      link: {
        route: 'productDetails',
        params: { title: cleanTitle(detail.productTitle), catalogNumber: detail.catalogNumber },
      },
    },
  )

  // the header's chat icon opens customer service with this product's card (spec section 9 chat card)
  const header = { title: t('screen.productDetails'), chatProduct: detail ? chatProductOf(detail) : undefined }

  if (!catalogNumber || entry?.status === 'notFound') {
    return (
      <PageShell header={header}>
        <StatePanel
          block='pd-state'
          title={t('pd.notFound')}
          body={t('pd.notFoundBody', { catalogNumber: catalogNumber || '—' })}
          button
          action={{ label: t('pd.searchInstead'), onTap: () => navigation.go('search', { keyword: catalogNumber }) }}
        />
      </PageShell>
    )
  }
  if (entry?.status === 'failed') {
    return (
      <PageShell header={header}>
        <StatePanel
          block='pd-state'
          title={t('pd.loadError')}
          body={entry.error}
          button
          action={{ label: t('home.retry'), onTap: () => useProduct.getState().load(catalogNumber, key) }}
        />
      </PageShell>
    )
  }
  if (!entry || !detail) {
    return (
      <PageShell header={header}>
        <LoadingPanel className='pd-state' message={t('pd.loading')} />
      </PageShell>
    )
  }

  const loggedIn = userId !== null
  const leadOnly = isLeadOnly(detail)
  const gifts: { good: FreeGood; label: string }[] = [
    ...(detail.freeGoodItem ? [{ good: detail.freeGoodItem, label: t('pd.freeGood') }] : []),
    ...(detail.promoFreeGoodItem ? [{ good: detail.promoFreeGoodItem, label: t('pd.promoFreeGood') }] : []),
  ]
  const variants = detail.variants.length > 1 ? detail.variants : []
  const onAction = async () => {
    if (leadOnly) {
      if (requesting.current) return
      requesting.current = true
      try {
        await useProduct.getState().requestLead(detail.catalogNumber)
      } finally {
        requesting.current = false
      }
      return
    }
    // add to cart: this page has no quantity field, so one unit (the cart's 1..999 rule caps merges)
    if (adding.current) return
    adding.current = true
    try {
      const r = await useCart.getState().add(detail.catalogNumber, CART_QTY_MIN, 'product')
      const line = r.ok ? r.value[0] : undefined
      if (!r.ok) showToast(t('cart.addFailed', { message: r.message }))
      else if (line && line.status !== 'added' && line.status !== 'capped')
        showToast(t('cart.addFailed', { message: t(LINE_RESULT_LABEL[line.status]) }))
      else showToast(t('cart.added'))
    } finally {
      adding.current = false
    }
  }
  const openDocument = (d: DocumentRecord) => {
    openDocumentFile(d).catch(() => {
      showToast(t('pd.documentFailed'))
    })
  }

  return (
    <PageShell header={header} title={detail.productTitle}>
      <View className='pd'>
        <View className='pd-gallery'>
          <Picture
            className='pd-gallery__image'
            src={productImageUrl(detail.image, 650, API_BASE_URL)}
            alt={detail.productTitle}
          />
          <View className='pd-gallery__heart'>
            <WishlistButton
              item={{ contentId: detail.catalogNumber, contentType: 'Products', wishlistType: 'product' }}
            />
          </View>
        </View>

        <View className='pd-card pd-main'>
          <Text className='pd-main__brand'>{detail.brand}</Text>
          <Text className='pd-main__title'>{detail.productTitle}</Text>
          <View className='pd-main__meta'>
            <Text className='pd-main__meta-item'>
              {t('product.catalogNumber')} {detail.catalogNumber}
            </Text>
            <Text className='pd-main__meta-item'>
              {t('product.size')} {detail.size}
            </Text>
          </View>
          {entry.promotions.length > 0 && (
            <View className='pd-promos'>
              {entry.promotions.map((p) => (
                <Tappable
                  key={p.id}
                  className='pd-promos__chip'
                  to={{ route: 'promotion', params: { category: p.category, subject: p.subject, id: p.id } }}
                >
                  <Text className='pd-promos__tag'>{t('pd.promotion')}</Text>
                  <Text className='pd-promos__title'>{p.title}</Text>
                  <AtIcon value='chevron-right' size='12' color='#cc0029' />
                </Tappable>
              ))}
            </View>
          )}
          <View className='pd-main__price'>
            <PriceBlock
              input={priceInputOf(detail, entry.price)}
              loggedIn={loggedIn}
              loading={entry.priceStatus === 'loading'}
            />
          </View>
          <View className='pd-main__availability'>
            <AvailabilityBadge record={entry.availability} status={entry.availabilityStatus} />
          </View>
          {leadOnly && <Text className='pd-main__lead-note'>{t('pd.leadOnlyNote')}</Text>}
        </View>

        {variants.length > 0 && (
          <View className='pd-card'>
            <Text className='pd-card__title'>{t('pd.sizes')}</Text>
            <View className='pd-variants' {...ariaProps('radiogroup', { label: t('pd.sizes') })}>
              {variants.map((v) => {
                const current = v.catalogNumber === detail.catalogNumber
                return (
                  <Tappable
                    key={v.catalogNumber}
                    className={`pd-variants__chip${current ? ' pd-variants__chip--on' : ''}`}
                    role='radio'
                    selected={current}
                    onTap={() =>
                      !current &&
                      navigation.replace('productDetails', {
                        title: cleanTitle(v.productTitle),
                        catalogNumber: v.catalogNumber,
                        placeholderName,
                        productPlacement,
                      })
                    }
                  >
                    <Text className='pd-variants__size'>{v.size}</Text>
                    <Text className='pd-variants__cat'>{v.catalogNumber}</Text>
                  </Tappable>
                )
              })}
            </View>
          </View>
        )}

        {gifts.length > 0 && (
          <View className='pd-card'>
            {gifts.map(({ good, label }) => (
              <View key={label} className='pd-gift'>
                <Picture
                  className='pd-gift__image'
                  src={productImageUrl(good.productPic, 150, API_BASE_URL)}
                  alt={good.productName}
                />
                <View className='pd-gift__body'>
                  <Text className='pd-gift__label'>{label}</Text>
                  <Text className='pd-gift__name'>{good.productName}</Text>
                </View>
              </View>
            ))}
          </View>
        )}

        {detail.displayAttributeList.length > 0 && (
          <View className='pd-card'>
            <Text className='pd-card__title'>{t('pd.specifications')}</Text>
            <View className='pd-specs'>
              {detail.displayAttributeList.map((a, i) => (
                <View key={`${a.displayName}-${i}`} className='pd-specs__row'>
                  <Text className='pd-specs__name'>{a.displayName}</Text>
                  <Text className='pd-specs__value'>{a.displayValue}</Text>
                </View>
              ))}
            </View>
          </View>
        )}

        {detail.descriptionHtml.trim() !== '' && (
          <View className='pd-card'>
            <Text className='pd-card__title'>{t('pd.description')}</Text>
            <SafeRichText html={detail.descriptionHtml} />
          </View>
        )}

        {detail.documents.length > 0 && (
          <View className='pd-card'>
            <View className='pd-card__head'>
              <Text className='pd-card__title'>{t('pd.documents')}</Text>
              <Tappable
                className='pd-card__more'
                to={{ route: 'documents', params: { catalogNumber: detail.catalogNumber } }}
              >
                {t('pd.allDocuments')}
              </Tappable>
            </View>
            {detail.documents.map((d) => (
              <Tappable key={d.id} className='pd-doc' onTap={() => openDocument(d)}>
                <Text className={`pd-doc__type pd-doc__type--${d.type}`}>{t(DOC_LABEL[d.type])}</Text>
                <View className='pd-doc__body'>
                  <Text className='pd-doc__title'>{d.title}</Text>
                  <Text className='pd-doc__meta'>
                    {[
                      d.lotNumber ? t('pd.lot', { lot: d.lotNumber }) : null,
                      d.language === 'zh' ? '中文' : 'English',
                      formatTimestamp(d.updatedAt, country, 'YYYY-MM-DD'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </View>
                <AtIcon value='chevron-right' size='14' color='#b0b8c5' />
              </Tappable>
            ))}
          </View>
        )}

        {entry.related.length > 0 && (
          <View className='pd-card'>
            <Text className='pd-card__title'>{t('pd.relatedContent')}</Text>
            {entry.related.slice(0, 6).map((c) => (
              <ContentCard key={c.id} card={c} compact onOpen={() => navigation.go('contentDetail', { id: c.id })} />
            ))}
          </View>
        )}
      </View>
      <ProductFooter
        action={leadOnly ? 'lead' : 'cart'}
        onAction={onAction}
        categoryParams={{ category: detail.category.topName, node: detail.category.code }}
      />
      <WishlistPopup />
      <LeadDrawer />
    </PageShell>
  )
}
