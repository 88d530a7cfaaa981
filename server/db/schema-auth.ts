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
  kind: 'oidc' | 'wechat' | 'staff'
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

/**
 * The embedded OpenID provider's artefacts (migration 0016, issue 14), one row per (model, id):
 * server/domains/auth/provider/db-store.ts. `payload` is oidc-provider's JSON as given.
 */
export interface OidcStoreTable {
  model: string
  id: string
  payload: ColumnType<Record<string, unknown>, string, string>
  uid: string | null
  user_code: string | null
  grant_id: string | null
  /** null: no expiry */
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Tables of the auth domain (issue 4; oidc_store: issue 14). */
export interface AuthTables {
  user_credentials: UserCredentialTable
  auth_login_states: AuthLoginStateTable
  auth_tickets: AuthTicketTable
  wechat_sessions: WechatSessionTable
  wechat_bindings: WechatBindingTable
  oidc_store: OidcStoreTable
}
