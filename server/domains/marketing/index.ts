/**
 * The marketing domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export {
  CONTENT_TYPE_LABELS,
  PROMOTION_LABEL,
  contentByIds,
  contentLink,
  iso,
  isContentId,
  langOf,
  productsByCatalogNumber,
  promotionsByIds,
  type AppLink,
  type Lang,
} from './resolve'
export { firstBannerImage } from './special-columns'
