/**
 * The marketing domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { contentByIds, iso, langOf, promotionsByIds } from './resolve'
export { resolveByKind, resolveItems } from './item-display'
export { firstBannerImage } from './special-columns'
// the checks of staff writes of marketing content, shared with coupons (cart) and flash sales (flashbuy)
export {
  alreadyEnded,
  checkWindow,
  endedWindow,
  endWindow,
  instantOf,
  invalid,
  minorOf,
  notEnded,
  notFound,
  productIdsOf,
  textOf,
  windowOf,
  windowState,
} from './staff/fields'
