import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/**
 * A staff member (migration 0018, issue 24). Sign-in (0019, server/domains/staff/signin/): password_hash is scrypt
 * (server/domains/auth/passwords.ts); totp_secret_enc the TOTP secret sealed with AES-256-GCM
 * (server/domains/staff/signin/totp.ts), confirmed by a first valid code (totp_confirmed_at); totp_last_step the
 * last accepted time step, so a code is never accepted twice.
 */
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

/** A recovery code of a member's second factor (migration 0019): its SHA-256, used once. */
export interface StaffRecoveryCodeTable {
  staff_id: string
  code_hash: string
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: CreatedAt
}

/** A sign-in between its first factor (the issuer) and its second (TOTP), by the ticket's SHA-256 (migration 0019). */
export interface StaffSigninTicketTable {
  ticket_hash: string
  staff_id: string
  /** wrong second-factor codes tried with this ticket */
  attempts: Generated<number>
  created_at: CreatedAt
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Tables of the staff domain (issue 24). */
export interface StaffTables {
  staff_users: StaffUserTable
  staff_roles: StaffRoleTable
  audit_log: AuditLogTable
  staff_recovery_codes: StaffRecoveryCodeTable
  staff_signin_tickets: StaffSigninTicketTable
}
