import type { SpecialColumn } from './index'

/**
 * What Home shows, in one place for the app's page (src/pages/home), the server's drawing of its
 * first screen (server/first-screen.ts) and the picture index.html preloads
 * (server/domains/marketing/special-columns.ts firstBannerImage). Pure, no schemas.
 */

/** The carousel shows the special columns of kind 'banner' and 'promotion', in the server's order. */
export const bannerColumns = (columns: SpecialColumn[]) =>
  columns.filter((c) => c.kind === 'banner' || c.kind === 'promotion')

/** The flash-sale entry: shown only when the server returns a column of kind 'flash-sale'. */
export const flashSaleColumn = (columns: SpecialColumn[]) => columns.find((c) => c.kind === 'flash-sale') ?? null

/** The learning centre's cards on Home. */
export const HOME_KNOWLEDGE_COUNT = 4
