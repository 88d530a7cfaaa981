import { create } from 'zustand'
import type {
  AvailabilityRecord,
  ContentCard,
  PriceRecord,
  ProductDetail,
  ProductPromotion,
  ProductSummary,
} from '../../../types'
import { getAvailability, getPrices, getProductCatalog } from '../../api/catalog'
import { getProductPromotions, getSkuContentList } from '../../api/marketing'
import { insertOperationLog } from '../../api/engagement'
import { ApiError } from '../../api/client'
import { availabilityQuantity, availabilityStatus, type AvailabilityStatus } from '../../rules/catalog/availability'
import { effectiveListPrice, type PriceInput } from '../../rules/catalog/price-display'
import { runLeadRequest } from '../../rules/order/lead-request'
import { specUrl } from '../../../types/routes'
import { showToast } from '../toast'
import { currentAddress } from '../../platform/entry'
import { useSession } from '../auth/session'
import { useLead } from '../order/lead'
import { t } from '../locale'
import { latestOnly, type LatestOnly, type LoadState, type StillWanted } from '../load-state'

type Status = LoadState | 'notFound'

export interface ProductEntry {
  catalogNumber: string
  /** language | country | user the entry was loaded for */
  key: string
  status: Status
  error: string | null
  detail: ProductDetail | null
  price: PriceRecord | null
  priceStatus: LoadState
  availability: AvailabilityRecord | null
  availabilityStatus: LoadState
  promotions: ProductPromotion['promotions']
  related: ContentCard[]
}

interface ProductState {
  /** one entry per catalogue number: a product page further back in the stack keeps its own */
  entries: Record<string, ProductEntry>
  load: (catalogNumber: string, key: string) => Promise<void>
  /** spec sections 4, 5, 7: log the click, then open the lead target */
  requestLead: (catalogNumber: string | null | undefined) => Promise<boolean>
}

const empty = (catalogNumber: string, key: string): ProductEntry => ({
  catalogNumber,
  key,
  status: 'loading',
  error: null,
  detail: null,
  price: null,
  priceStatus: 'idle',
  availability: null,
  availabilityStatus: 'idle',
  promotions: [],
  related: [],
})

/**
 * The price shown on the product page, from the price record (POST /product/price), else from the
 * catalogue entry. Spec section 3: "listPrice (falls back to unitPrice)"; priceType yourPrice,
 * discount or wop; priceAccess.status 'no price' = no price (priceView then shows 'Price on
 * request' to a logged-in user and *** to a visitor).
 */
export function priceInputOf(
  summary: Pick<ProductSummary, 'currency' | 'listPrice' | 'price'>,
  record: PriceRecord | null,
): PriceInput {
  if (!record) return { currency: summary.currency, listPrice: summary.listPrice, price: summary.price }
  const listPrice = effectiveListPrice(record)
  const amount =
    record.priceAccess.status === 'no price'
      ? null
      : (record.unFormattedPrice ?? record.efPrice ?? record.onlinePrice ?? listPrice)
  return {
    currency: record.currency,
    listPrice,
    price: amount === null || amount === undefined ? null : { amount, priceType: record.priceType ?? 'list' },
  }
}

/** Spec section 4, availability by quantity; asked for "quantity 1 for the Web channel". */
export const WEB_CHANNEL = 'Web'
export const DESIRED_QUANTITY = 1
export function availabilityOf(rec: AvailabilityRecord | null): AvailabilityStatus | null {
  return rec ? availabilityStatus(rec.availableQuantity, DESIRED_QUANTITY) : null
}

export const isLeadOnly = (d: Pick<ProductDetail, 'leadTarget' | 'productLeadTarget'>) =>
  d.leadTarget || !!d.productLeadTarget

/** The address of the page the shopper is on (H5: the browser's; mini-program: the spec address of the page). */
function currentPageUrl(catalogNumber: string, detail: ProductDetail | null): string {
  return currentAddress() ?? specUrl('productDetails', { title: detail?.productTitle ?? '', catalogNumber })
}

/** one guard per catalogue number: a new load of one product leaves the others' answers wanted */
const latest: Record<string, LatestOnly> = {}

export const useProduct = create<ProductState>()((set, get) => {
  const patch = (catalogNumber: string, fresh: StillWanted, p: Partial<ProductEntry>) => {
    if (!fresh()) return
    const cur = get().entries[catalogNumber]
    if (!cur) return
    set({ entries: { ...get().entries, [catalogNumber]: { ...cur, ...p } } })
  }

  return {
    entries: {},

    load: async (catalogNumber, key) => {
      const fresh = (latest[catalogNumber] ?? (latest[catalogNumber] = latestOnly())).start()
      set({ entries: { ...get().entries, [catalogNumber]: empty(catalogNumber, key) } })
      let detail: ProductDetail | undefined
      try {
        const list = await getProductCatalog([catalogNumber])
        detail = list.find((d) => d.catalogNumber.toUpperCase() === catalogNumber.toUpperCase())
      } catch (e) {
        const notFound = e instanceof ApiError && e.status === 404
        patch(catalogNumber, fresh, { status: notFound ? 'notFound' : 'failed', error: (e as Error).message })
        return
      }
      if (!detail) {
        patch(catalogNumber, fresh, { status: 'notFound' })
        return
      }
      patch(catalogNumber, fresh, { status: 'ready', detail, priceStatus: 'loading', availabilityStatus: 'loading' })
      const accountNumber = useSession.getState().userInfo?.accountNumber ?? undefined
      // the catalogue's own spelling of the number (an address may carry it in another case)
      const cn = detail.catalogNumber
      const item = { catalogNumber: cn, quantity: availabilityQuantity(WEB_CHANNEL, DESIRED_QUANTITY) }
      await Promise.all([
        getPrices({
          ...(accountNumber ? { accountNumber } : {}),
          items: [{ catalogNumber: cn, quantity: DESIRED_QUANTITY }],
        })
          .then((r) =>
            patch(catalogNumber, fresh, {
              price: r.products.find((p) => p.catalogNumber === cn) ?? null,
              priceStatus: 'ready',
            }),
          )
          .catch(() => patch(catalogNumber, fresh, { priceStatus: 'failed' })),
        getAvailability({ ...(accountNumber ? { accountNumber } : {}), items: [item] })
          .then((r) =>
            patch(catalogNumber, fresh, {
              availability: r.find((a) => a.catalogNumber === cn) ?? null,
              availabilityStatus: 'ready',
            }),
          )
          .catch(() => patch(catalogNumber, fresh, { availabilityStatus: 'failed' })),
        getProductPromotions([cn])
          .then((r) =>
            patch(catalogNumber, fresh, { promotions: r.find((p) => p.catalogNumber === cn)?.promotions ?? [] }),
          )
          .catch(() => undefined),
        getSkuContentList(cn)
          .then((r) => patch(catalogNumber, fresh, { related: r.items }))
          .catch(() => undefined),
      ])
    },

    requestLead: async (catalogNumber) => {
      const entry = catalogNumber ? get().entries[catalogNumber] : undefined
      const user = useSession.getState().userInfo?.userProfile
      const res = await runLeadRequest(
        {
          catalogNumber,
          userName: user?.userName,
          source: APP_SOURCE,
          pageUrl: currentPageUrl(catalogNumber ?? '', entry?.detail ?? null),
        },
        {
          log: (body) => insertOperationLog(body),
          // the lead target: the bottom-sheet lead drawer (quantity, tip) → /save/leadItem → the lead form
          open: (cn) =>
            useLead.getState().openDrawer({
              catalogNumber: cn,
              itemName: entry?.detail?.productTitle ?? cn,
              size: entry?.detail?.size,
              image: entry?.detail?.image ?? null,
            }),
        },
      )
      if (!res.ok) showToast(t('lead.noCatalogNumber'))
      return res.ok
    },
  }
})
