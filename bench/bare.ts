/**
 * The control of the API benches: a bare Fastify route in the same process that touches no database and
 * answers a constant 20-item product page (about the size of a search or list page).
 */
import Fastify from 'fastify'

export async function startBare(): Promise<{ url: string; path: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false })
  const constant = {
    success: true,
    code: '200',
    message: 'ok',
    data: {
      items: Array.from({ length: 20 }, (_, k) => ({
        sku: `SKU-${100000 + k}`,
        catalogNumber: `MA1-${10000 + k}`,
        productTitle: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC',
        size: '100 µg',
        brand: 'Invitrogen',
        image: `/static/products/MA1-${10000 + k}`,
        currency: 'CNY',
        listPrice: 2380,
        price: { amount: 2380, priceType: 'list' },
        priceAccess: { status: 'orderable' },
        leadTarget: false,
      })),
      page: 1,
      pageSize: 20,
      total: 10000,
    },
  }
  bare.get('/bare', async () => constant)
  const url = await bare.listen({ port: 0, host: '127.0.0.1' })
  return { url, path: '/bare', close: () => bare.close() }
}
