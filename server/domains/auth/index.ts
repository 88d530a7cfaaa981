/**
 * The auth domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { registerAuth, type AuthUser } from './plugin'
export { mountLogin } from './mount'
export { authOptionsFromEnv, STANDIN_APPS, type AuthOptions } from './config'
export { signAccessToken } from './tokens'
export { hashPassword, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './passwords'
// staff sign-in (server/domains/staff/signin/): the relying party, the one-time redirect state, the login guards
export { createOidcClient, callbackUrl, callbackErrorCode } from './oidc-client'
export { createLoginState, consumeLoginState } from './one-time'
export { apiLimit, redirectLimit } from './guards'
export { recordStaffSignIn, recordStaffLockout, DEV_STAFF_PASSWORD } from './provider/staff-accounts'
export type { ResolvedAuthConfig } from './config'
// the ERP's integration clients (server/domains/staff/integration-clients.ts; the inbound guard is registered by app.ts)
export { integrationClientStore, newIntegrationCredentials, registerIntegrationGuard } from './integration'
