import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { CreditRecord } from '../../../types'
import { ok } from '../../errors'
import { forbidden, iso, me, ownAccountRoute, ownBillToNumbers } from './common'
import { accountEndpoints } from '../../../types/account/endpoints'

/** POST /creditlimit/list (spec section 7): a flat list of bill-to numbers → billTo, overdue, updateTime. */
export async function creditRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  ownAccountRoute(app, accountEndpoints.creditList, async (req) => {
    const wanted = [...new Set(req.body.map((n) => n.trim()))]
    const own = await ownBillToNumbers(db, me(req).accountId)
    // all or nothing: one foreign number refuses the whole call (and is not echoed back)
    if (wanted.some((n) => !own.has(n))) {
      throw forbidden(
        req,
        'One or more bill-to numbers are not bill-tos of your account',
        '部分收票方编号不属于您的账户',
      )
    }
    if (!wanted.length) return ok([] as CreditRecord[])
    const rows = await db
      .selectFrom('credit_records')
      .select(['bill_to', 'overdue', 'update_time'])
      .where('account_id', '=', me(req).accountId)
      .where('bill_to', 'in', wanted)
      .orderBy('bill_to')
      .execute()
    const data: CreditRecord[] = rows.map((c) => ({
      billTo: c.bill_to,
      overdue: c.overdue,
      updateTime: iso(c.update_time),
    }))
    return ok(data)
  })
}
