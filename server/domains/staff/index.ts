/**
 * The staff domain's public surface (issue 24): what the rest of server/ may use. Its routes are in ./routes.ts
 * (mounted by server/app.ts), not here.
 */
export { registerStaff, type StaffUser } from './guard'
export { staffWrite, type AuditedChange } from './audit'
export { serveContent, type ContentKind } from './content-routes'
export { signStaffToken, verifyStaffToken } from './tokens'
