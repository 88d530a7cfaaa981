import type { ColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Password of a user for the embedded OpenID provider (server/domains/auth/passwords.ts format). */
export interface UserCredentialTable {
  user_id: string
  password_hash: string
  created_at: CreatedAt
}

/** One-time state of a login redirect; single use, expires. */
export interface AuthLoginStateTable {
  /** SHA-256 (base64url) of the state sent in the redirect */
  state_hash: string
  kind: 'oidc' | 'wechat'
  /** oidc: 'login' | 'register'; wechat: 'inapp' | 'qr' */
  mode: string
  /** PKCE code_verifier (oidc only) */
  code_verifier: string | null
  nonce: string | null
  return_to: string | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

/** One-time login ticket (60 s) that the app exchanges for an access token. */
export interface AuthTicketTable {
  /** SHA-256 (base64url) of the ticket */
  ticket_hash: string
  user_id: string
  return_to: string | null
  registered: ColumnType<boolean, boolean | undefined, boolean>
  expires_at: Timestamp
  used_at: Timestamp | null
}

export interface WechatSessionTable {
  openid: string
  /** never sent to any client nor logged */
  session_key: string
  updated_at: CreatedAt
}

export interface WechatBindingTable {
  openid: string
  user_id: string
  created_at: CreatedAt
}

/** Tables of the auth domain (issue 4). */
export interface AuthTables {
  user_credentials: UserCredentialTable
  auth_login_states: AuthLoginStateTable
  auth_tickets: AuthTicketTable
  wechat_sessions: WechatSessionTable
  wechat_bindings: WechatBindingTable
}
