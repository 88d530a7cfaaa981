/**
 * Cart fixtures shaped by types/cart/schemas.ts, for the cart tests (the API itself is stubbed at
 * Taro.request by product-api-stub's stubApi).
 */
import type { Cart, CartItem } from '../../types/cart'

export const GC_ID = '1763900000000-abcdefghijklmnopqrstuv'

export function cartItem(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 7,
    sku: 'SKU-1',
    catalogNumber: 'MA1-10175',
    productTitle: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC',
    size: '100 µg',
    image: '/media/products/MA1-10175',
    quantity: 1,
    listPrice: 3280,
    unitPrice: 3280,
    finalPrice: 3280,
    lineTotal: 3280,
    priceType: 'list',
    priceStatus: 'orderable',
    salesStatus: 'active',
    deliveryChannel: 'TFS',
    isSmartProc: false,
    spFlag: false,
    availibilityCount: 12,
    displayInventory: '12',
    availability: 'IN_STOCK',
    displayAttributeList: [],
    freeGoodItem: null,
    addedAt: '2026-11-23T10:00:00.000Z',
    ...over,
  }
}

export function emptyCart(over: Partial<Cart> = {}): Cart {
  return {
    id: 'C-1',
    gcId: null,
    coupons: [],
    cartItems: [],
    isFirstCart: true,
    itemCount: 0,
    unitCount: 0,
    deliveryMode: 'Web',
    orderPreference: 'SMART_DISTRIBUTION',
    summary: {
      currency: 'CNY',
      totalPriceAmount: 0,
      totalAmount: 0,
      taxes: 0,
      total: 0,
      savings: 0,
      taxEnabled: false,
      unpricedLines: 0,
    },
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...over,
  }
}

/** a cart holding these lines, with the sums the server would give (no tax, no coupon) */
export function cartOf(items: CartItem[], over: Partial<Cart> = {}): Cart {
  const priced = items.filter((i) => i.lineTotal !== null)
  const total = priced.reduce((s, i) => s + (i.lineTotal ?? 0), 0)
  const list = priced.reduce((s, i) => s + (i.listPrice ?? 0) * i.quantity, 0)
  return emptyCart({
    cartItems: items,
    itemCount: items.length,
    unitCount: items.reduce((s, i) => s + i.quantity, 0),
    summary: {
      currency: 'CNY',
      totalPriceAmount: list,
      totalAmount: total,
      taxes: 0,
      total,
      savings: list - total,
      taxEnabled: false,
      unpricedLines: items.length - priced.length,
    },
    ...over,
  })
}
