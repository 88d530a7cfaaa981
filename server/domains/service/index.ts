/**
 * The service domain's public surface: what other domains and the rest of server/ may use.
 * Its routes (/api/chat/config and the stand-in page) are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { STAND_IN_PATH } from './stand-in'
