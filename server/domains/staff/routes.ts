import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { pageOf, paging } from '../../lib/paging'
import { tagRoutes } from '../../lib/openapi'
import { staffEndpoints, type AuditEntry, type StaffMember } from '../../../types/staff/endpoints'
import { isStaffRole, permissionsOf, type StaffRole } from '../../../types/staff/permissions'
import { staffWrite } from './audit'
import { staffSigninRoutes } from './signin/routes'
import { webhookStaffRoutes } from './webhooks'
import { todayStaffRoutes } from './today'

/**
 * The staff domain's own routes under /api/admin (issue 24): the caller's profile, the audit log (read only: no
 * route writes or edits it) and staff roles. Each is served behind the staff guard of its entry's permission
 * (server/lib/endpoint-route.ts).
 */
export async function staffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')
  // the ERP webhooks' delivery log and replay (./webhooks.ts)
  await app.register(webhookStaffRoutes, opts)
  // Today, the console's dashboard (./today.ts)
  await app.register(todayStaffRoutes, opts)

  serveEndpoint(app, staffEndpoints.me, null, async (req) => {
    const s = req.staff!
    return ok({
      id: s.id,
      userName: s.userName,
      displayName: s.displayName,
      roles: s.roles,
      permissions: permissionsOf(s.roles),
    })
  })

  serveEndpoint(app, staffEndpoints.audit, null, async (req) => {
    const q = req.query
    const { page, pageSize } = paging(q, 50)
    const instant = (name: string, v: string | undefined) => {
      if (v === undefined) return undefined
      const d = new Date(v)
      if (Number.isNaN(d.getTime())) throw new ApiError(400, 'VALIDATION_ERROR', `querystring/${name} is not a date`)
      return d
    }
    const from = instant('from', q.from)
    const to = instant('to', q.to)
    let base = db.selectFrom('audit_log')
    if (q.staffId) base = base.where('staff_id', '=', q.staffId)
    if (q.entity) base = base.where('entity', '=', q.entity)
    if (q.entityId) base = base.where('entity_id', '=', q.entityId)
    if (q.action) base = base.where('action', '=', q.action)
    if (from) base = base.where('at', '>=', from)
    if (to) base = base.where('at', '<=', to)
    const { rows, total } = await pageOf(base, q, (b) => b.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'))
    const items: AuditEntry[] = rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      staffId: r.staff_id,
      roles: r.role,
      permission: r.permission,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      userAgent: r.user_agent,
      requestId: r.request_id,
    }))
    return ok({ items, total, page, pageSize })
  })

  async function staffMembers(trx: Kysely<DB>, id?: string): Promise<StaffMember[]> {
    let q = trx
      .selectFrom('staff_users')
      .select(['id', 'user_name', 'display_name', 'email', 'active'])
      .orderBy('user_name')
    if (id !== undefined) q = q.where('id', '=', id)
    const users = await q.execute()
    if (!users.length) return []
    const roles = await trx
      .selectFrom('staff_roles')
      .select(['staff_id', 'role'])
      .where(
        'staff_id',
        'in',
        users.map((u) => u.id),
      )
      .orderBy('role')
      .execute()
    return users.map((u) => ({
      id: u.id,
      userName: u.user_name,
      displayName: u.display_name,
      email: u.email,
      active: u.active,
      roles: roles
        .filter((r) => r.staff_id === u.id)
        .map((r) => r.role)
        .filter(isStaffRole),
    }))
  }

  serveEndpoint(app, staffEndpoints.staffList, null, async () => ok(await staffMembers(db)))

  serveEndpoint(app, staffEndpoints.setRoles, null, async (req) => {
    const id = req.params.id
    const roles = [...new Set(req.body.roles)].sort() as StaffRole[]
    const member = await staffWrite(
      db,
      req,
      { permission: 'staff.manage', action: 'staff.setRoles', entity: 'staff_user', entityId: id },
      async (trx) => {
        // the administrators' role rows, locked: two concurrent changes cannot both remove "the other" last one
        const admins = await trx
          .selectFrom('staff_roles as r')
          .innerJoin('staff_users as u', 'u.id', 'r.staff_id')
          .select(['r.staff_id', 'u.active'])
          .where('r.role', '=', 'administrator')
          .forUpdate()
          .execute()
        const target = await trx
          .selectFrom('staff_users')
          .select(['id', 'ver'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!target) throw new ApiError(404, 'NOT_FOUND', `No staff member ${id}`)
        const [before] = await staffMembers(trx, id)
        const wasAdmin = before.roles.includes('administrator')
        const otherActiveAdmins = admins.filter((a) => a.staff_id !== id && a.active).length
        if (wasAdmin && !roles.includes('administrator') && otherActiveAdmins === 0) {
          throw new ApiError(409, 'CONFLICT', 'The last administrator cannot lose the administrator role')
        }
        await trx.deleteFrom('staff_roles').where('staff_id', '=', id).execute()
        if (roles.length)
          await trx
            .insertInto('staff_roles')
            .values(roles.map((role) => ({ staff_id: id, role })))
            .execute()
        // older tokens of this staff member stop working (the guard compares ver)
        await trx
          .updateTable('staff_users')
          .set({ ver: target.ver + 1 })
          .where('id', '=', id)
          .execute()
        const [after] = await staffMembers(trx, id)
        return {
          before: { roles: before.roles, ver: target.ver },
          after: { roles: after.roles, ver: target.ver + 1 },
          result: after,
        }
      },
    )
    return ok(member)
  })
  // staff sign-in, under /api/staff-auth (no permission: it is how a staff token is obtained)
  await app.register(staffSigninRoutes, opts)
}
