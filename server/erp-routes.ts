import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from './db/schema'
import { tagRoutes } from './lib/openapi'
import { integrationClientRoutes } from './domains/staff/integration-clients'
import { catalogErpRoutes } from './domains/catalog/erp/routes'
import { invoiceErpRoutes } from './domains/account/erp/invoices'
import { orderErpRoutes } from './domains/order/erp/routes'

/**
 * The ERP integration's routes (issue 24; docs/erp.md), each in the domain whose data it changes: staff manage the
 * integration clients (/api/admin/integration-clients); the clients post order statuses and shipments, invoices,
 * stock, account prices and product data (/api/erp/..., server/lib/erp-bulk.ts).
 */
export async function erpRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  await app.register(integrationClientRoutes, opts)
  await app.register(async (inbound) => {
    tagRoutes(inbound, 'platform')
    await inbound.register(catalogErpRoutes, opts)
    await inbound.register(invoiceErpRoutes, opts)
    await inbound.register(orderErpRoutes, opts)
  })
}
