import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { addressRoutes } from './addresses'
import { creditRoutes } from './credit'
import { invoiceRoutes } from './invoices'
import { arRoutes } from './ar'
import { supplyCentreRoutes } from './supply-centre'
import { notificationRoutes } from './notifications'
import { onboardingRoutes } from './onboarding'
import { usersRoutes } from './users'
import { personaRoutes } from './persona'
import { tagRoutes } from '../../lib/openapi'
import { accountStaffRoutes } from './staff/routes'

/**
 * Account domain: user info and error tracking, persona, addresses, credit, invoices and AR, supply centre, notifications,
 * onboarding. Every route needs a token and works on the token's own account only.
 */
export async function accountRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'account')
  await app.register(usersRoutes, opts)
  await app.register(personaRoutes, opts)
  await app.register(addressRoutes, opts)
  await app.register(creditRoutes, opts)
  await app.register(invoiceRoutes, opts)
  await app.register(arRoutes, opts)
  await app.register(supplyCentreRoutes, opts)
  await app.register(notificationRoutes, opts)
  await app.register(onboardingRoutes, opts)
  await app.register(accountStaffRoutes, opts)
}
