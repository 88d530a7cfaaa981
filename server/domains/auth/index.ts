/**
 * The auth domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { registerAuth, type AuthUser } from './plugin'
export { mountLogin } from './mount'
export { authOptionsFromEnv, STANDIN_APPS, type AuthOptions } from './config'
export { signAccessToken } from './tokens'
export { hashPassword } from './passwords'
