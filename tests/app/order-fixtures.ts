/** Cart, priced checkout, placement, S-quote and lead fixtures shaped like the contract (types/cart, types/order). */
/** the product and prices that a cart line and its priced checkout line share */
const antibody = {
  sku: 'MA1-10175-100UG',
  catalogNumber: 'MA1-10175',
  productTitle: 'CD3 Monoclonal Antibody (OKT3)',
  size: '100 µg',
  image: '/img/ma1-10175',
  quantity: 2,
  listPrice: 2000,
  unitPrice: 1800,
  finalPrice: 1620,
  lineTotal: 3240,
}

export const cartLine = (o: Record<string, unknown> = {}) => ({
  id: 11,
  ...antibody,
  priceType: null,
  priceStatus: 'orderable',
  salesStatus: 'normal',
  deliveryChannel: 'TFS',
  isSmartProc: false,
  spFlag: false,
  availibilityCount: 10,
  displayInventory: '10',
  availability: 'IN_STOCK',
  displayAttributeList: [],
  freeGoodItem: null,
  addedAt: '2026-11-23T01:00:00.000Z',
  ...o,
})

export const summary = (o: Record<string, unknown> = {}) => ({
  currency: 'CNY',
  totalPriceAmount: 4000,
  totalAmount: 3240,
  taxes: 421.2,
  total: 3661.2,
  savings: 760,
  taxEnabled: true,
  unpricedLines: 0,
  ...o,
})

export const cart = (o: Record<string, unknown> = {}) => ({
  id: 'CART-1',
  gcId: null,
  coupons: [
    { code: 'P10OFF', type: 'P', valid: true, errorCode: null, description: '10% off' },
    { code: 'D-OLD', type: 'D', valid: false, errorCode: '10', description: 'expired' },
  ],
  cartItems: [cartLine()],
  isFirstCart: false,
  itemCount: 1,
  unitCount: 2,
  deliveryMode: 'Web',
  orderPreference: 'SMART_DISTRIBUTION',
  summary: summary(),
  updatedAt: '2026-11-23T01:00:00.000Z',
  ...o,
})

export const pricedLine = (o: Record<string, unknown> = {}) => ({
  cartItemId: 11,
  lineNumber: 1,
  ...antibody,
  freeGoodItem: null,
  deliveryChannel: 'TFS',
  availableQuantity: 2,
  appliedPromoCodes: ['P10OFF'],
  ...o,
})

export const priced = (o: Record<string, unknown> = {}) => ({
  promos: [{ promoCode: 'P10OFF', valid: true, errorCode: null }],
  itemList: [pricedLine()],
  summary: summary(),
  deliveryMode: 'Web',
  scAmount: 0,
  tfsAmount: 3240,
  blockedLines: [],
  ...o,
})

export const placed = (o: Record<string, unknown> = {}) => ({
  placementId: 'PL-1',
  orders: [
    {
      orderNumber: 'WO-000123',
      salesOrderNumber: '8000123',
      orderType: 'ZOR',
      deliveryChannel: 'TFS',
      status: 'SUBMITTED',
      total: 3661.2,
    },
  ],
  salesOrderNumber: '8000123',
  spSalesOrderNumber: null,
  addressStatus: 'ACTIVE',
  pendingLtoOrderNumber: null,
  currency: 'CNY',
  total: 3661.2,
  ...o,
})

export const envelopeError = (status: number, code: string, message: string, reason?: string) => ({
  status,
  body: { success: false, code, message, statusCode: status, ...(reason ? { reason } : {}) },
})

export const quoteSummary = (id: string, itemCount: number, o: Record<string, unknown> = {}) => ({
  orderHeader: {
    staticQuoteId: id,
    quoteNumber: `Q-${id}`,
    createdAt: '2026-11-01T02:00:00.000Z',
    expiresAt: '2026-12-31T02:00:00.000Z',
    status: 'active',
    currency: 'CNY',
    totalPrice: 9000,
    totalListPrice: 12000,
    deliveryChannel: 'Web',
    itemCount,
    ...o,
  },
  thumbnails: Array.from({ length: Math.min(4, itemCount) }, (_, i) => ({
    catalogNumber: `CAT-${i + 1}`,
    image: null,
    productTitle: `Product ${i + 1}`,
  })),
})

export const quoteDetail = (id: string, status = 'active') => ({
  orderHeader: { ...quoteSummary(id, 2, { status }).orderHeader },
  orderLineList: [1, 2].map((n) => ({
    lineNumber: n,
    sku: `SKU-${n}`,
    catalogNumber: `CAT-${n}`,
    productTitle: `Product ${n}`,
    size: '1 mL',
    image: null,
    quantity: n,
    listPrice: 6000,
    unitPrice: 5000,
    finalPrice: 4500,
  })),
})

/** a lead-only product (leadTarget) as GET /product/catalog gives it */
export const leadOnlyProduct = (over: Record<string, unknown> = {}) => ({
  sku: 'SKU-1',
  catalogNumber: 'MA1-10175',
  productTitle: 'CD3 Monoclonal Antibody (OKT3)',
  size: '100 µg',
  brand: 'Invitrogen',
  image: '/media/products/MA1-10175',
  currency: 'CNY',
  listPrice: null,
  price: null,
  priceAccess: { status: 'no price' },
  leadTarget: true,
  webId: 'W1',
  category: { code: 'primary-antibodies', name: 'Primary antibodies', topCode: 'antibodies', topName: 'Antibodies' },
  displayAttributeList: [],
  descriptionHtml: '<p>Binds CD3.</p>',
  freeGoodItem: null,
  promoFreeGoodItem: null,
  variants: [],
  documents: [],
  productLeadTarget: 'lead-generation',
  ...over,
})
