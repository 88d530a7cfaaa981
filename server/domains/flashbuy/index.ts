/**
 * The flashbuy domain's public surface: what other domains and the rest of server/ may use
 * (nothing today). Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export {}
