/**
 * The account domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { addBusinessDays, REVIEW_BUSINESS_DAYS } from './business-days'
export { notifyBuyer, mailNotices, type Bilingual, type BuyerNotice, type NoticeMail } from './notify'
