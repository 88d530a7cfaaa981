import type { FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { Permission } from '../../../types/staff/permissions'

export interface AuditedChange {
  permission: Permission
  /** what was done, e.g. 'staff.setRoles' */
  action: string
  /** the kind of record changed (a table's or a domain's name) and its id */
  entity: string
  entityId: string | null
}

/**
 * Every staff write goes through here: `change` runs in a transaction that also inserts exactly one audit_log row
 * (the actor and the roles they held, the permission, the record before and after, ip, user agent, request id), so
 * a change without its entry, or an entry without its change, cannot be committed. `afterCommit`, when the change
 * returns one, runs once the transaction has committed (emails to buyers: server/domains/account/notify.ts); it is
 * awaited, and what it throws is the caller's.
 */
export async function staffWrite<T>(
  db: Kysely<DB>,
  req: FastifyRequest,
  what: AuditedChange,
  change: (trx: Transaction<DB>) => Promise<{
    before: unknown
    after: unknown
    result: T
    afterCommit?: () => Promise<void>
    /** the id of a record the change created (known only once it is inserted), when `what.entityId` is null */
    entityId?: string
  }>,
): Promise<T> {
  const staff = req.staff
  if (!staff) throw new Error('staffWrite outside a staff route (req.staff is not set)')
  let afterCommit: (() => Promise<void>) | undefined
  const committed = await db.transaction().execute(async (trx) => {
    const { before, after, result, afterCommit: then, entityId } = await change(trx)
    afterCommit = then
    const ua = req.headers['user-agent']
    await trx
      .insertInto('audit_log')
      .values({
        staff_id: staff.id,
        role: staff.roles.join(','),
        permission: what.permission,
        action: what.action,
        entity: what.entity,
        entity_id: what.entityId ?? entityId ?? null,
        before: before === undefined || before === null ? null : JSON.stringify(before),
        after: after === undefined || after === null ? null : JSON.stringify(after),
        ip: req.ip ?? null,
        user_agent: typeof ua === 'string' ? ua.slice(0, 512) : null,
        request_id: String(req.id),
      })
      .execute()
    return result
  })
  if (afterCommit) await afterCommit()
  return committed
}
