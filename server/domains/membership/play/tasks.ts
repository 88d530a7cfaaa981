import type { FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import {
  TASKS,
  periodKey,
  taskByCode,
  taskSourceRef,
  taskState,
  type TaskClaimResult,
  type TaskCode,
  type TaskDef,
  type TaskList,
} from '../../../../types'
import { countryClock, countryInstant } from '../../../../types/country-time'
import { earnPoints, pointsBalance } from '../ledger'
import * as M from './messages'

/**
 * Earn points by tasks (types/membership/tasks.ts): the server verifies a task from the member's real
 * data and credits it with earnPoints (source 'task', source_ref 'task:<code>:<period key>'), so a
 * period is credited at most once however often the member taps (the ledger's unique index).
 */

type Country = 'cn' | 'in'
const country = (req: FastifyRequest): Country => (req.user!.country === 'in' ? 'in' : 'cn')

export const taskPeriodKey = (t: TaskDef, now: Date, c: Country) =>
  t.period === 'once' ? 'once' : periodKey(t.period, now, c)

/** the start (UTC instant) of the business day / month `now` falls in */
function periodStart(period: 'daily' | 'monthly', now: Date, c: Country): Date {
  return countryInstant(countryClock(now, c).format(period === 'daily' ? 'YYYY-MM-DD' : 'YYYY-MM-01'), c)
}

/** Is the task met by the member's data now? (checkin: always — the claim is the check-in) */
export async function taskMet(
  db: Kysely<DB> | Transaction<DB>,
  req: FastifyRequest,
  code: TaskCode,
  now: Date,
): Promise<boolean> {
  const user = req.user!
  const c = country(req)
  switch (code) {
    case 'checkin':
      return true
    case 'persona': {
      const kinds = await db
        .selectFrom('user_personas')
        .select('kind')
        .distinct()
        .where('user_id', '=', user.id)
        .execute()
      const k = new Set(kinds.map((r) => r.kind))
      return k.has('role') && k.has('industry')
    }
    case 'shipto':
      return !!(await db
        .selectFrom('ship_tos')
        .select('id')
        .where('account_id', '=', user.accountId)
        .where('address_status', '=', 'ACTIVE')
        .executeTakeFirst())
    case 'article':
      return !!(await db
        .selectFrom('history_visits')
        .select('item_id')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'content')
        .where('viewed_at', '>=', periodStart('daily', now, c))
        .executeTakeFirst())
    case 'order':
      return !!(await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', user.id)
        .where('created_at', '>=', periodStart('monthly', now, c))
        .executeTakeFirst())
  }
}

/** GET /membership/tasks */
export async function listTasks(db: Kysely<DB>, req: FastifyRequest, now = new Date()): Promise<TaskList> {
  const user = req.user!
  const c = country(req)
  const refs = TASKS.map((t) => taskSourceRef(t.code, taskPeriodKey(t, now, c)))
  const credited = new Set(
    (
      await db
        .selectFrom('points_entries')
        .select('source_ref')
        .where('user_id', '=', user.id)
        .where('source', '=', 'task')
        .where('kind', '=', 'earned')
        .where('source_ref', 'in', refs)
        .execute()
    ).map((r) => r.source_ref),
  )
  const tasks = []
  for (const t of TASKS) {
    const key = taskPeriodKey(t, now, c)
    const done = credited.has(taskSourceRef(t.code, key))
    tasks.push({
      code: t.code,
      points: t.points,
      period: t.period,
      periodKey: key,
      state: taskState(done, done || (await taskMet(db, req, t.code, now))),
    })
  }
  return { balance: await pointsBalance(db, user.id), tasks }
}

/** POST /membership/tasks/:code/claim: verify, then credit once per period (a second claim answers credited: false) */
export async function claimTask(
  db: Kysely<DB>,
  req: FastifyRequest,
  code: TaskCode,
  now = new Date(),
): Promise<TaskClaimResult> {
  const user = req.user!
  const t = taskByCode(code)!
  const key = taskPeriodKey(t, now, country(req))
  return db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom('points_entries')
      .select('id')
      .where('user_id', '=', user.id)
      .where('source', '=', 'task')
      .where('kind', '=', 'earned')
      .where('source_ref', '=', taskSourceRef(code, key))
      .executeTakeFirst()
    if (!already && !(await taskMet(trx, req, code, now))) throw M.taskNotMet(req)
    const credited = already
      ? false
      : await earnPoints(trx, user.id, t.points, { source: 'task', sourceRef: taskSourceRef(code, key), note: code })
    return { code, points: t.points, periodKey: key, credited, balance: await pointsBalance(trx, user.id) }
  })
}
