import { useEffect } from 'react'
import { create } from 'zustand'
import type {
  ArticleType,
  ContentCard,
  ContentCategory,
  ContentDetail,
  ContentType,
  Promotion,
  ProductDetail,
  WishlistContentType,
} from '../../../types'
import { getArticleTypes, getContentCategories, getContentDetail, getContentList } from '../../api/marketing'
import { getProductCatalog, getPromotionById } from '../../api/catalog'
import { ApiError } from '../../api/client'
import { useViewerKey } from '../viewer'
import { isVmWorkflow } from '../../../types/marketing/vm-workflow'
import { latestOnly, type LoadState } from '../load-state'

/**
 * Marketing content (spec section 7, marketing API): the content hub of each content type
 * (categories as tabs, the ARTICLE_TYPE filter, a paged list), article details with their featured
 * products, and promotions (GET /get/promotionById).
 */
export const CONTENT_TYPES: ContentType[] = ['knowledge', 'application', 'workflow', 'industry', 'brand', 'campaign']
export const isContentType = (v: unknown): v is ContentType => CONTENT_TYPES.includes(v as ContentType)
export const CONTENT_PAGE_SIZE = 10

/**
 * The wishlist's content type for an article (spec section 3: "Content types: Products, Workflow,
 * VM Workflow, Knowledge Hub, Promotions, Application"). Promotions are the promotion pages'
 * (by promotion id). Industry solutions, brands and campaign articles have no wishlist type: their
 * articles show no heart.
 */
export function wishlistTypeOf(contentType: ContentType, articleType: string): WishlistContentType | null {
  switch (contentType) {
    case 'knowledge':
      return 'Knowledge Hub'
    case 'application':
      return 'Application'
    case 'workflow':
      return isVmWorkflow(contentType, articleType) ? 'VM Workflow' : 'Workflow'
    default:
      return null
  }
}

type Status = LoadState | 'notFound'

interface HubState {
  contentType: ContentType | null
  key: string | null
  categories: ContentCategory[]
  articleTypes: ArticleType[]
  categoryId: string | null
  articleType: string | null
  items: ContentCard[]
  total: number
  page: number
  status: Status
  open: (contentType: ContentType, key: string) => Promise<void>
  select: (f: { categoryId?: string | null; articleType?: string | null }) => Promise<void>
  more: () => Promise<void>
}

interface DetailEntry<T> {
  status: Status
  data: T | null
  products: ProductDetail[]
  key: string
}

interface ContentState {
  articles: Record<string, DetailEntry<ContentDetail>>
  promotions: Record<string, DetailEntry<Promotion>>
  loadArticle: (id: string, key: string) => Promise<void>
  loadPromotion: (id: string, key: string) => Promise<void>
}

const latestHub = latestOnly()

export const useContentHub = create<HubState>()((set, get) => {
  const fetchPage = async (page: number) => {
    const { contentType, categoryId, articleType } = get()
    if (!contentType) return
    const fresh = latestHub.start()
    set({ status: 'loading', ...(page === 1 ? { items: [], total: 0, page: 0 } : {}) })
    try {
      const res = await getContentList({
        contentType,
        ...(categoryId ? { categoryId } : {}),
        ...(articleType ? { articleType } : {}),
        page,
        pageSize: CONTENT_PAGE_SIZE,
      })
      if (!fresh()) return
      const seen = new Set(page === 1 ? [] : get().items.map((i) => i.id))
      set({
        items: [...(page === 1 ? [] : get().items), ...res.items.filter((i) => !seen.has(i.id))],
        total: res.total,
        page,
        status: 'ready',
      })
    } catch {
      if (fresh()) set({ status: 'failed' })
    }
  }

  return {
    contentType: null,
    key: null,
    categories: [],
    articleTypes: [],
    categoryId: null,
    articleType: null,
    items: [],
    total: 0,
    page: 0,
    status: 'idle',

    open: async (contentType, key) => {
      set({ contentType, key, categoryId: null, articleType: null, categories: [], items: [], total: 0, page: 0 })
      const [cats, types] = await Promise.all([
        getContentCategories(contentType).catch(() => [] as ContentCategory[]),
        getArticleTypes().catch(() => [] as ArticleType[]),
        fetchPage(1),
      ])
      if (get().contentType === contentType && get().key === key) set({ categories: cats, articleTypes: types })
    },

    select: async (f) => {
      set({
        ...(f.categoryId !== undefined ? { categoryId: f.categoryId } : {}),
        ...(f.articleType !== undefined ? { articleType: f.articleType } : {}),
      })
      await fetchPage(1)
    },

    more: async () => {
      const { status, items, total, page } = get()
      if (status === 'loading' || items.length >= total) return
      await fetchPage(page + 1)
    },
  }
})

/** The featured products of an article or promotion, in the order given, with prices for this visitor. */
async function featured(skus: string[]): Promise<ProductDetail[]> {
  if (!skus.length) return []
  const list = await getProductCatalog(skus.slice(0, 20))
  const by = new Map(list.map((p) => [p.catalogNumber, p]))
  return skus.map((s) => by.get(s)).filter((p): p is ProductDetail => !!p)
}

export const useContent = create<ContentState>()((set, get) => ({
  articles: {},
  promotions: {},

  loadArticle: async (id, key) => {
    set({ articles: { ...get().articles, [id]: { status: 'loading', data: null, products: [], key } } })
    const put = (e: Partial<DetailEntry<ContentDetail>>) => {
      const cur = get().articles[id]
      if (cur?.key === key) set({ articles: { ...get().articles, [id]: { ...cur, ...e } } })
    }
    try {
      const data = await getContentDetail(id)
      put({ status: 'ready', data })
      put({ products: await featured(data.skus).catch(() => []) })
    } catch (e) {
      put({ status: e instanceof ApiError && e.status === 404 ? 'notFound' : 'failed' })
    }
  },

  loadPromotion: async (id, key) => {
    set({ promotions: { ...get().promotions, [id]: { status: 'loading', data: null, products: [], key } } })
    const cur = () => get().promotions[id]
    try {
      const data = await getPromotionById(id)
      if (cur()?.key === key) set({ promotions: { ...get().promotions, [id]: { ...cur(), status: 'ready', data } } })
    } catch (e) {
      if (cur()?.key === key)
        set({
          promotions: {
            ...get().promotions,
            [id]: { ...cur(), status: e instanceof ApiError && e.status === 404 ? 'notFound' : 'failed' },
          },
        })
    }
  },
}))

/**
 * An article's or a promotion's detail for the screen on display: loaded once the session is known,
 * and again when the viewer (language, country, user) changes; `reload` retries after an error; `view`
 * is what the screen shows.
 */
export function useContentDetail<K extends 'articles' | 'promotions'>(kind: K, id: string) {
  const { key, ready } = useViewerKey()
  const entry = useContent((s) => (id ? s[kind][id] : undefined)) as ContentState[K][string] | undefined
  const reload = () => {
    const store = useContent.getState()
    if (id) (kind === 'articles' ? store.loadArticle : store.loadPromotion)(id, key)
  }
  useEffect(() => {
    if (id && ready && entry?.key !== key) reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, ready, key, entry?.key])
  /** what the screen shows: not found (no id, or the server said so), failed (with its retry), loading, or the content */
  const view: 'notFound' | 'failed' | 'loading' | 'ready' =
    !id || entry?.status === 'notFound'
      ? 'notFound'
      : entry?.status === 'failed'
        ? 'failed'
        : entry?.data
          ? 'ready'
          : 'loading'
  return { entry, reload, view }
}
