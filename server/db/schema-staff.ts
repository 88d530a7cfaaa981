import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** A staff member (migration 0018, issue 24). Sign-in (password, TOTP) is not built yet: those columns stay null. */
export interface StaffUserTable {
  id: string
  user_name: string
  display_name: string
  email: Generated<string>
  active: Generated<boolean>
  password_hash: string | null
  totp_secret_enc: string | null
  totp_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** bigint, read as a number (server/db/index.ts parses int8) */
  totp_last_step: ColumnType<number, number | undefined, number>
  /** carried by every staff token; bumped to end the older ones (a role change) */
  ver: Generated<number>
  created_at: CreatedAt
}

export interface StaffRoleTable {
  staff_id: string
  role: string
}

/** Append-only (a trigger refuses UPDATE and DELETE): server/domains/staff/audit.ts writes it. */
export interface AuditLogTable {
  /** bigint identity, read as a number (server/db/index.ts parses int8) */
  id: ColumnType<number, never, never>
  at: CreatedAt
  staff_id: string
  /** the roles the actor held, comma-joined */
  role: string
  permission: string
  action: string
  entity: string
  entity_id: string | null
  before: ColumnType<unknown, string | null, never>
  after: ColumnType<unknown, string | null, never>
  ip: string | null
  user_agent: string | null
  request_id: string | null
}

/** Tables of the staff domain (issue 24). */
export interface StaffTables {
  staff_users: StaffUserTable
  staff_roles: StaffRoleTable
  audit_log: AuditLogTable
}
