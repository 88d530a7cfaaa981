import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../errors'
import { declareGuard } from '../../lib/openapi'
import { isStaffRole, roleMay, type Permission, type StaffRole } from '../../../types/staff/permissions'
import { verifyStaffToken } from './tokens'

/** The staff member behind a staff token, as the guard hands it to a route. */
export interface StaffUser {
  id: string
  userName: string
  displayName: string
  roles: StaffRole[]
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffUser | null
  }
  interface FastifyInstance {
    /**
     * The guard of a staff route needing `permission` (one function per permission): 401 without a valid staff
     * token (or for an inactive staff user, or a token older than the user's last role change), 403 when no role
     * of the caller grants the permission.
     */
    requireStaff: (permission: Permission) => (req: FastifyRequest) => Promise<void>
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (!h) return null
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m ? m[1] : ''
}

/**
 * Decorates the app with `requireStaff(permission)`. The staff user and roles are read on every request, no cache:
 * a role change or a deactivation takes effect at the next call.
 */
export function registerStaff(app: FastifyInstance, db: Kysely<DB>, secret: string) {
  app.decorateRequest('staff', null)

  async function resolve(req: FastifyRequest): Promise<StaffUser> {
    const token = bearer(req)
    if (token === null) throw new ApiError(401, 'TOKEN_INVALID', 'Missing bearer token')
    if (token === '') throw new ApiError(401, 'TOKEN_INVALID', 'Malformed Authorization header')
    const v = await verifyStaffToken(secret, token)
    if (!v.ok) {
      if (v.reason === 'expired') throw new ApiError(401, 'TOKEN_EXPIRED', 'Token has expired')
      throw new ApiError(401, 'TOKEN_INVALID', 'Token is invalid')
    }
    const row = await db
      .selectFrom('staff_users')
      .select(['id', 'user_name', 'display_name', 'active', 'ver'])
      .where('id', '=', v.claims.staffId)
      .executeTakeFirst()
    if (!row || !row.active || row.ver !== v.claims.ver) throw new ApiError(401, 'TOKEN_INVALID', 'Token is invalid')
    const roles = (
      await db.selectFrom('staff_roles').select('role').where('staff_id', '=', row.id).orderBy('role').execute()
    )
      .map((r) => r.role)
      .filter(isStaffRole)
    return { id: row.id, userName: row.user_name, displayName: row.display_name, roles }
  }

  const guards = new Map<Permission, (req: FastifyRequest) => Promise<void>>()
  app.decorate('requireStaff', (permission: Permission) => {
    let guard = guards.get(permission)
    if (!guard) {
      guard = declareGuard(async (req: FastifyRequest) => {
        const staff = await resolve(req)
        if (!roleMay(staff.roles, permission)) {
          throw new ApiError(403, 'FORBIDDEN', `Your roles do not grant ${permission}`)
        }
        req.staff = staff
      }, 'staff')
      guards.set(permission, guard)
    }
    return guard
  })
}
