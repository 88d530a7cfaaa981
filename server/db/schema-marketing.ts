/** Tables of the marketing and engagement domains (content, promotions, wishlist, history, operation log). Migration 0004_marketing. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface MarketingTables {}
